"""Two options that change what backward receives: ctx.set_output_grad_dtype
(2.14.1 on) and Function.boxed_grads_call."""
import textwrap

import torch


class ReLU(torch.autograd.Function):
    @staticmethod
    def forward(input):
        return input.clamp(min=0)

    @staticmethod
    def setup_context(ctx, inputs, output):
        input, = inputs
        ctx.save_for_backward(input)


class Float64GradReLU(ReLU):
    @staticmethod
    def setup_context(ctx, inputs, output):
        ReLU.setup_context(ctx, inputs, output)
        ctx.set_output_grad_dtype(torch.float64)  # 2.14.1 on

    @staticmethod
    def backward(ctx, grad_output):
        input, = ctx.saved_tensors
        print("    backward receives grad_output in", grad_output.dtype)
        return torch.where(input > 0, grad_output, 0).to(input.dtype)


class BoxedReLU(ReLU):
    boxed_grads_call = True  # backward(ctx, grads), grads a list

    @staticmethod
    def backward(ctx, grads):
        print(f"    backward receives a {type(grads).__name__} of {len(grads)}"
              " gradient")
        grad_output = grads.pop()  # the list no longer holds it
        input, = ctx.saved_tensors
        return torch.where(input > 0, grad_output, 0)


if __name__ == "__main__":
    for function in (Float64GradReLU, BoxedReLU):
        print(function.__name__)
        x = torch.tensor([-1.0, 2.0], requires_grad=True)  # float32
        try:
            function.apply(x).sum().backward()
            print("    x.grad =", x.grad.tolist(), x.grad.dtype)
        except AttributeError as error:
            print(textwrap.fill(f"AttributeError: {error}", 78,
                                initial_indent="    ",
                                subsequent_indent="        "))
