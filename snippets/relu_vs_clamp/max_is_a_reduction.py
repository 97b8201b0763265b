"""torch.max(x, 0) is not ReLU: a reduction over dim 0, (values, indices)."""
import torch


def max_over_dim_zero(x):
    return torch.max(x, 0)


def elementwise_max_with_zero(x):
    return torch.max(x, torch.zeros_like(x))


if __name__ == "__main__":
    x = torch.tensor([[-1., 2.], [3., -4.]])
    result = max_over_dim_zero(x)
    kind = type(result)
    print("x =", x.tolist())
    print(f"torch.max(x, 0) -> {kind.__module__}.{kind.__name__}")
    print("    values  =", result.values.tolist())
    print("    indices =", result.indices.tolist())
    print("torch.max(x, torch.zeros_like(x)) =",
          elementwise_max_with_zero(x).tolist())
    print("torch.relu(x)                     =", torch.relu(x).tolist())
