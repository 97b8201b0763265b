import torch

print(torch.__version__.split("+")[0])  # the release, without a build tag
