"""The site as every runtime reads it: its pages, their fences and outputs, the PyTorch releases,
the provenance record. Imports neither pytest nor torch."""
