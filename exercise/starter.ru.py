"""Упражнение: ReLU как пользовательская функция autograd.

Сохраните этот файл как my_relu.py и замените оба TODO. Затем скачайте
проверяющую программу со страницы упражнения в ту же папку и проверьте решение:
    python check_custom_relu.pyz my_relu.py --lang ru
(без --lang ru отчёт будет на английском).
"""
import torch


class CustomReLU(torch.autograd.Function):
    @staticmethod
    def forward(ctx, input):
        # TODO: сохраните то, что понадобится backward, через
        # ctx.save_for_backward(...) и верните max(0, input) поэлементно.
        raise NotImplementedError("CustomReLU.forward is not written yet")

    @staticmethod
    def backward(ctx, grad_output):
        # TODO: верните градиент по input: grad_output там, где input > 0,
        # и 0 в остальных точках (включая x == 0). Создайте новый тензор:
        # grad_output может использоваться и в других частях графа, поэтому
        # никогда не записывайте в него.
        raise NotImplementedError("CustomReLU.backward is not written yet")


def solution():
    x = torch.tensor([-2., -1., 0., 1., 2.], requires_grad=True)
    y = CustomReLU.apply(x)
    y.sum().backward()
    return {"output": y.tolist(), "grad": x.grad.tolist()}


if __name__ == "__main__":
    try:
        print(solution())
    except NotImplementedError as error:
        print("Not finished yet:", error)
