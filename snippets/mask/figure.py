"""The figure of the mask page: ReLU, its derivative, and the subgradients at 0, as SVG.

The site's build draws it once per language (verified_docs/build/figures.py), twice: side by side
for wide screens, and the two panels stacked for phones (`narrow=True`), so its text stays
readable; and each of them again in the dark scheme's colours (`dark=True`).
Each panel's legend sits under its plot, where no curve can run into it. Tick labels use the
language's decimal separator («0,5» in Russian). It uses matplotlib's
object-oriented `Figure`, so no pyplot state or GUI backend is involved, and its output is
byte-for-byte reproducible: no date in the metadata, a fixed salt for the SVG ids, and text
kept as <text> elements (searchable, and readable by screen readers) instead of glyph paths.

Which function takes which value at 0 is not written here: `picks()` reads it from what
snippets/relu_vs_clamp/grad_at_zero_table.py prints on every verified release (the output blocks
of the relu-vs-clamp page, which the tests check on every run), so the labels and the caption
change when a release does.
"""
import functools
import io
import pathlib

import matplotlib
from matplotlib.figure import Figure
from matplotlib.ticker import FuncFormatter, MultipleLocator

LABELS = {
    "en": {
        "relu": "ReLU(x) = max(0, x)",
        "support": "y = g·x for g in [0, 1]",
        "derivative": "derivative of ReLU",
        "interval": "subdifferential at 0: [0, 1]",
        "pick": "{names}: {value}",
    },
    "ru": {
        "relu": "ReLU(x) = max(0, x)",
        "support": "y = g·x при g из [0, 1]",
        "derivative": "производная ReLU",
        "interval": "субдифференциал в 0: [0, 1]",
        "pick": "{names}: {value}",
    },
}
# The visible caption under the figure (the page's image text is its alt text); {zero} and
# {one} are the functions that take 0 and 1 at x = 0, as measured, joined by `and`.
CAPTIONS = {
    "en": "ReLU and its derivative. At x = 0 every line with a slope from 0 to 1 stays under "
          "the graph; {zero} take 0, {one} take 1.",
    "ru": "Функция ReLU и её производная. Прямые с наклоном от 0 до 1, проходящие через "
          "начало координат, нигде не поднимаются выше графика; {zero} берут 0, {one}\u00a0— 1.",
}
AND = {"en": " and ", "ru": " и "}
# The functions the figure names, by their row in the results, and how the figure names them.
NAMES = {"torch.relu(x)": "torch.relu", "MyReLU.apply(x)": "MyReLU",
         "x.clamp(min=0)": "clamp"}
# Languages whose decimal separator is not ".".
DECIMAL_COMMA = {"ru"}
# Width of each drawing in inches; at 10 pt text the narrow one is meant to be shown at its
# natural size (about 400 px) or a little smaller, so labels stay at about 12 px. Whole CSS
# pixels (96 an inch: 864 x 346, 384 x 634): the page reserves a drawing's size in integers
# (HTML's width and height), and a drawing of another size would move the page when it loads.
WIDE, NARROW = (9, 346 / 96), (4.0, 634 / 96)
RC = {"svg.hashsalt": "figure_relu", "svg.fonttype": "none", "font.size": 10}
# The site's two colour schemes: the light drawing on white; the dark one on no background, so
# the page's own dark background shows through, with light text and axes and lighter curves.
# On the dark scheme's background (#1e2129) the text is 13:1 and every curve 4.5:1 or more.
SCHEMES = {
    False: {"fg": "black", "background": "white", "blue": "#1f77b4", "orange": "#d62728",
            "grey": "#9e9e9e"},
    True: {"fg": "#e2e4e9", "background": "none", "blue": "#5aa9f0", "orange": "#ff6b61",
           "grey": "#8a8f99"},
}


def has_labels(lang) -> bool:
    return lang in LABELS and lang in CAPTIONS


@functools.cache
def measured(site=None) -> dict:
    """{release: [(code, value, grad_fn), ...]} as the relu-vs-clamp page of `site` shows them:
    the build's (its config, `-f` included), or the repository's."""
    from verified_docs.model.outputs import printed_rows
    from verified_docs.model.site import Site

    site = site or Site.load(pathlib.Path(__file__).parents[2])
    return printed_rows(site, "grad_at_zero_table")


def picks(results=None) -> dict[float, list[str]]:
    """{value at 0: [names]} of the functions in NAMES, from the measured results
    ({release: [(code, value, grad_fn), ...]}). A function whose value depends on the release
    is named once per value, with the releases that give it: "clamp (2.13.0)"."""
    if results is None:
        results = measured()
    values = {code: {} for code in NAMES}   # code -> value -> [releases]
    for release, rows in results.items():
        for code, value, _ in rows:
            if code in values:
                values[code].setdefault(value, []).append(release)
    found: dict[float, list[str]] = {}
    for code, by_value in values.items():
        for value, releases in by_value.items():
            name = NAMES[code]
            if len(by_value) > 1:
                name += f" ({', '.join(releases)})"
            found.setdefault(value, []).append(name)
    return dict(sorted(found.items()))


def number(value, lang) -> str:
    text = f"{value:g}"
    return text.replace(".", ",") if lang in DECIMAL_COMMA else text


def pick_labels(lang, results=None) -> dict[float, str]:
    """{value: label} of the points at x = 0, a name a line: "torch.relu,\nclamp (2.14.1,
    2.15.0): 0", so that it fits beside the point on a phone's panel."""
    pattern = LABELS.get(lang, LABELS["en"])["pick"]
    return {value: pattern.format(names=",\n".join(names), value=number(value, lang))
            for value, names in picks(results).items()}


def drawn_labels(lang) -> set[str]:
    """Every text the figure of `lang` writes, besides its axes."""
    text = LABELS.get(lang, LABELS["en"])
    return {text[key] for key in ("relu", "support", "derivative", "interval")} \
        | {line for label in pick_labels(lang).values() for line in label.splitlines()}


def caption(lang, results=None, site=None) -> str:
    """The figure's caption in `lang` (in English for a language without one), naming the
    functions that take 0 and 1 as measured (on `site`'s page, if given)."""
    lang = lang if lang in CAPTIONS else "en"
    chosen = picks(results if results is not None else measured(site))
    return CAPTIONS[lang].format(zero=AND[lang].join(chosen.get(0.0, [])),
                                 one=AND[lang].join(chosen.get(1.0, [])))


def tick_formatter(lang):
    comma = lang in DECIMAL_COMMA

    def label(value, _position):
        text = f"{value:g}".replace("-", "\u2212")
        return text.replace(".", ",") if comma else text

    return FuncFormatter(label)


def scheme_rc(dark=False) -> dict:
    """matplotlib settings of the colour scheme: text, axes and ticks, and the background."""
    colours = SCHEMES[dark]
    fg, background = colours["fg"], colours["background"]
    return {"text.color": fg, "axes.labelcolor": fg, "axes.edgecolor": fg, "xtick.color": fg,
            "ytick.color": fg, "figure.facecolor": background, "axes.facecolor": background,
            "savefig.facecolor": background}


def figure(lang, narrow=False, dark=False, results=None):
    """The matplotlib Figure with the labels of `lang`: panels side by side, or stacked; in
    the dark scheme's colours if `dark` (drawn inside `matplotlib.rc_context(scheme_rc(dark))`
    for its text and axes).

    A language without labels of its own (one just added, its pages not translated yet) gets
    the English ones, as its pages show the English text too.
    """
    text = LABELS.get(lang, LABELS["en"])
    colours = SCHEMES[dark]
    blue, orange, grey = colours["blue"], colours["orange"], colours["grey"]
    fig = Figure(figsize=NARROW if narrow else WIDE, layout="constrained")
    left, right = fig.subplots(2, 1) if narrow else fig.subplots(1, 2)
    below = {"loc": "upper center", "bbox_to_anchor": (0.5, -0.2 if narrow else -0.22),
             "frameon": False}

    for slope in (0, 0.25, 0.5, 0.75, 1):
        left.plot([-2, 2], [-2 * slope, 2 * slope], color=grey, lw=0.8, ls="--",
                  label=text["support"] if slope == 0 else None)
    left.plot([-2, 0, 2], [0, 0, 2], color=blue, lw=2.2, label=text["relu"])
    left.set_ylim(-1.2, 2.2)
    left.legend(**below)

    right.plot([-2, 0], [0, 0], color=blue, lw=2.2, label=text["derivative"])
    right.plot([0, 2], [1, 1], color=blue, lw=2.2)
    right.plot([0, 0], [0, 1], color=orange, lw=6, alpha=0.35, solid_capstyle="butt",
               label=text["interval"])
    right.plot([0], [0], "o", color=orange, ms=7)
    right.plot([0], [1], "o", color=orange, ms=7)
    # Beside each point, on the side where no curve runs at that height.
    for value, label in pick_labels(lang, results).items():
        right.annotate(label, (0, value), xytext=(0.12, value + 0.08), ha="left",
                       va="bottom", linespacing=1.1)
    right.set_ylim(-0.3, 1.5)
    right.legend(**below)

    for ax in (left, right):
        ax.axhline(0, color=colours["fg"], lw=0.6)
        ax.set_xlim(-2, 2)
        ax.set_xlabel("x", labelpad=1)
        ax.spines[["top", "right"]].set_visible(False)
        ax.xaxis.set_major_locator(MultipleLocator(1))
        ax.yaxis.set_major_locator(MultipleLocator(0.5))
        ax.xaxis.set_major_formatter(tick_formatter(lang))
        ax.yaxis.set_major_formatter(tick_formatter(lang))
    return fig


def size(narrow=False) -> tuple[float, float]:
    """Width and height of the drawing in CSS pixels (96 a inch; the SVG says them in points),
    for the page to reserve its place before it loads."""
    width, height = NARROW if narrow else WIDE
    return width * 96, height * 96


def svg(lang, narrow=False, dark=False, site=None):
    """The figure as SVG text, identical on every call; for the dark scheme if `dark`; from
    `site`'s measurements, if given."""
    buffer = io.StringIO()
    with matplotlib.rc_context({**RC, **scheme_rc(dark)}):
        figure(lang, narrow, dark, measured(site)).savefig(buffer, format="svg", metadata={"Date": None})
    return buffer.getvalue()


def draw(path, lang):
    """Write the SVG for `lang` to `path`."""
    pathlib.Path(path).write_text(svg(lang), encoding="utf-8")


if __name__ == "__main__":
    for lang in LABELS:
        draw(f"relu.{lang}.svg", lang)
        print(f"relu.{lang}.svg:", LABELS[lang]["interval"])
        for label in pick_labels(lang).values():
            print("   ", label)
