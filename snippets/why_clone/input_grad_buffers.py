"""ctx.input_grad_buffers (2.15): the engine's buffer for x's gradient."""
import torch


class BufferReLU(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x.clamp(min=0)

    @staticmethod
    def backward(ctx, grad_output):
        x, = ctx.saved_tensors
        mine = grad_output * (x > 0)  # grad_output itself is only read
        try:
            buffer, = ctx.input_grad_buffers
        except (AttributeError, RuntimeError) as error:
            print(f"    {type(error).__name__}:\n        {error}")
            return mine
        print("    buffer for x's gradient:",
              None if buffer is None else buffer.tolist())
        if buffer is None:
            return mine
        buffer.add_(mine)  # the in-place write the docs allow: x's gradient
        return None        # x's part is in the buffer already


relu = BufferReLU.apply
for formula, create_graph, f in [
        ("relu(x) + x * 3", False, lambda x: relu(x) + x * 3),
        ("relu(x) + x", False, lambda x: relu(x) + x),
        ("relu(x) + x * 3", True, lambda x: relu(x) + x * 3)]:
    print(f"{formula}, create_graph={create_graph}")
    x = torch.tensor([-1., 2.], requires_grad=True)
    gx, = torch.autograd.grad(f(x).sum(), x, create_graph=create_graph)
    print("    d sum(y)/dx =", gx.tolist())
