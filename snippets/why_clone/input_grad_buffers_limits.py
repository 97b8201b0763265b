"""ctx.input_grad_buffers (2.15) is unavailable with anomaly detection and
with a post-hook on the Function's own node; a pre-hook leaves it."""
import textwrap
import warnings

import torch


class BufferProbe(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x.clamp(min=0)

    @staticmethod
    def backward(ctx, grad_output):
        x, = ctx.saved_tensors
        try:
            buffer, = ctx.input_grad_buffers
            print("    buffer for x's gradient:",
                  None if buffer is None else buffer.tolist())
        except (AttributeError, RuntimeError) as error:
            print(textwrap.fill(f"{type(error).__name__}: {error}", 78,
                                initial_indent="    ",
                                subsequent_indent="        "))
        return grad_output * (x > 0)  # no buffer used: only asked about


def run(case):
    print(case)
    x = torch.tensor([-1., 2.], requires_grad=True)
    relu = BufferProbe.apply(x)
    if case == "post-hook on its node":
        relu.grad_fn.register_hook(lambda grad_inputs, grad_outputs: None)
    if case == "pre-hook on its node":
        relu.grad_fn.register_prehook(lambda grad_outputs: None)
    y = relu + x * 3  # the multiplication runs first and fills the buffer
    with warnings.catch_warnings():
        # detect_anomaly warns that it slows everything down; known here
        warnings.simplefilter("ignore", UserWarning)
        with torch.autograd.set_detect_anomaly(case == "anomaly detection"):
            torch.autograd.grad(y.sum(), x)


if __name__ == "__main__":
    for case in ("no hook", "anomaly detection", "post-hook on its node",
                 "pre-hook on its node"):
        run(case)
