# Wrong: fails while the file is being loaded.
import torch

WEIGHTS = torch.load("weights_that_do_not_exist.pt")


class CustomReLU(torch.autograd.Function):
    pass
