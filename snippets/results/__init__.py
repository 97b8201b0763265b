"""Results of snippets run under every verified PyTorch version, recorded as JSON files here.

`python -m snippets.record_results` writes them; tests/test_page_relu_vs_clamp.py re-runs the
snippets and fails if a recorded result drifted; hooks/results_table.py shows them as tables.
"""
import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]


def torch_versions() -> dict[str, str | None]:
    """{PyTorch release: folder to put first on PYTHONPATH to import it, or None}.

    The first is the site's default, the environment's own torch; any other release is a
    folder next to the environment that shadows torch.
    """
    return {"2.15.0": None,
            "2.13.0": str(Path(sys.prefix) / "torch-2.13.0")}


def run_snippet(module: str, version: str, *args: str) -> str:
    """stdout of `python -m snippets.<module> *args` under PyTorch `version`; raises if the
    child fails or writes to stderr."""
    folders = torch_versions()
    # Whatever version this process runs on, the child gets only the one it asks for.
    inherited = [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep)
                 if p and p not in folders.values()]
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [folders[version],
                                                                    *inherited])))
    child = subprocess.run([sys.executable, "-m", f"snippets.{module}", *args], cwd=ROOT,
                           env=env, capture_output=True, text=True, timeout=600)
    if child.returncode or child.stderr:
        raise RuntimeError(f"snippets.{module} under PyTorch {version} failed "
                           f"(exit {child.returncode}):\n{child.stderr}")
    return child.stdout
