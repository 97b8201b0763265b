"""torch.max(x, 0) is not ReLU: the 0 is a dimension, and the result is (values, indices)."""
import torch


def max_over_dim_zero(x):
    return torch.max(x, 0)


def elementwise_max_with_zero(x):
    return torch.max(x, torch.zeros_like(x))


if __name__ == "__main__":
    x = torch.tensor([[-1., 2.], [3., -4.]])
    result = max_over_dim_zero(x)
    print("x =", x.tolist())
    print(f"torch.max(x, 0) -> {type(result).__module__}.{type(result).__name__}")
    print("    values  =", result.values.tolist())
    print("    indices =", result.indices.tolist())
    print("torch.max(x, torch.zeros_like(x)) =", elementwise_max_with_zero(x).tolist())
    print("torch.relu(x)                     =", torch.relu(x).tolist())
