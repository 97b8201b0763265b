"""(a) A caller's gradient of another dtype is cast first: backward gets a
copy, and the caller's tensor is left alone."""
import torch

from snippets.shared.no_clone_relu import NoCloneReLU

seen = []


class SeenNoCloneReLU(NoCloneReLU):
    @staticmethod
    def backward(ctx, grad_output):
        seen.append(grad_output)  # the very tensor backward receives
        return NoCloneReLU.backward(ctx, grad_output)


if __name__ == "__main__":
    for dtype in (torch.float32, torch.float64):
        seen.clear()
        x = torch.tensor([-1., 2., -3.], requires_grad=True)  # float32
        g = torch.ones(3, dtype=dtype)
        SeenNoCloneReLU.apply(x).backward(gradient=g)
        print(f"g in {dtype}: backward got g itself: {seen[0] is g},"
              f" in {seen[0].dtype}")
        print(f"    g after backward = {g.tolist()}")
