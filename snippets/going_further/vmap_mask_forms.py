"""Boolean-mask indexing under vmap, form by form: which ones batch here."""
import textwrap

import torch
from torch.func import vmap


def assign_number(x):
    y = x.clone()
    y[x < 0] = 0                    # the tutorial's form
    return y


def assign_tensor(x):
    y = x.clone()
    y[x < 0] = torch.tensor(0.)
    return y


def index_put(x):
    return x.clone().index_put_((x < 0,), torch.tensor(0.))


def select_and_sum(x):
    return x[x > 0].sum()


FORMS = {
    "y[x < 0] = 0": assign_number,
    "y[x < 0] = torch.tensor(0.)": assign_tensor,
    "y.index_put_((x < 0,), ...)": index_put,
    "x[x > 0].sum()": select_and_sum,
}
BATCH = [[-1., 2.], [3., -4.]]


def batched(form):
    return vmap(form)(torch.tensor(BATCH)).tolist()


def error_of(form):
    """The first line of the RuntimeError `vmap` raises for `form`, or None."""
    try:
        batched(form)
    except RuntimeError as error:
        return f"RuntimeError: {str(error).splitlines()[0]}"
    return None


if __name__ == "__main__":
    errors = []
    for name, form in FORMS.items():
        error = error_of(form)
        if error is None:
            print(f"{name:<30}{batched(form)}")
        else:
            if error not in errors:
                errors.append(error)
            print(f"{name:<30}fails ({errors.index(error) + 1})")
    for number, error in enumerate(errors, 1):
        print(f"({number})", textwrap.fill(error, 74, subsequent_indent="    "))
