"""(d) A module's full backward hook is handed the grad_output the Function
received, after the Function's backward has run."""
import torch

from snippets.shared.my_relu import MyReLU
from snippets.shared.no_clone_relu import NoCloneReLU


class Activation(torch.nn.Module):
    def __init__(self, function):
        super().__init__()
        self.function = function

    def forward(self, x):
        return self.function.apply(x)


def hook_sees(function):
    """dL/dy as a full backward hook receives it (a copy made in the hook),
    and x.grad."""
    module, seen = Activation(function), []
    module.register_full_backward_hook(
        lambda module, grad_inputs, grad_outputs:
            seen.append(grad_outputs[0].clone()))
    x = torch.tensor([-1., 2., -3.], requires_grad=True)
    (module(x) * torch.tensor([5., 6., 7.])).sum().backward()  # dL/dy = 5, 6, 7
    return seen[0].tolist(), x.grad.tolist()


if __name__ == "__main__":
    for function in (MyReLU, NoCloneReLU):
        grad_output, x_grad = hook_sees(function)
        print(f"{function.__name__:<11}  full backward hook sees grad_output ="
              f" {grad_output}")
        print(f"{'':<11}  x.grad = {x_grad}")
