"""The code of a take-home notebook's (and script's) checking cell, as the reader runs it: not
imported by the project. verified_docs/build/output_check.py puts this file's code, from
`import` on, in the cell, after the values it reads: VERIFIED ({example: [[releases, output],
…]} of every verified release), TEXTS (the notebook's language's), PAGE (the page's address) and
REPORT (where to open an issue, or "").

What the reader's code prints goes through as ever and is recorded on the way; the call after
each example compares it, exactly as the site's tests compare (each line stripped on the right),
with what each verified release printed, and says which release it matches, or shows how it
differs from the nearest. A release's CUDA build prints what its CPU build prints: the output
decides, not the version. The last cell sums up.
"""

import difflib
import sys
import urllib.parse

VERIFIED: dict = {}
TEXTS: dict = {}
PAGE = ""
REPORT = ""


def normalise(text):
    return "".join(line.rstrip() + "\n" for line in text.rstrip().splitlines())


class Recorder:
    """sys.stdout, recorded: in Jupyter what the last cell that is not a check printed (IPython
    says when a cell starts, so a check run twice says the same), in a plain Python run what
    was printed since the last check."""

    def __init__(self, stream):
        self.stream, self.current = stream, []

    def write(self, text):
        self.current.append(text)
        return self.stream.write(text)

    def __getattr__(self, name):
        return getattr(self.stream, name)

    def cell_starts(self, info=None):
        if not str(getattr(info, "raw_cell", "")).lstrip().startswith("check_output"):
            self.current = []

    def taken(self, in_cells):
        text = "".join(self.current)
        if not in_cells:
            self.current = []
        return text


class OutputCheck:
    def __init__(self):
        self.results = {}  # example -> the releases it matches ([] for none)
        self.diffs = {}  # example -> how it differs from the nearest release
        stream = sys.stdout
        while isinstance(stream, Recorder) or type(stream).__name__ == "Recorder":
            stream = stream.stream  # the cell run again
        self.recorder = sys.stdout = Recorder(stream)
        try:
            shell = get_ipython()  # noqa: F821 (defined in IPython only)
        except NameError:
            shell = None
        self.in_cells = shell is not None
        if shell is not None:
            for hook in [h for h in shell.events.callbacks["pre_run_cell"]
                         if getattr(h, "__name__", "") == "cell_starts"]:
                shell.events.unregister("pre_run_cell", hook)
            shell.events.register("pre_run_cell", self.recorder.cell_starts)

    def say(self, *lines):  # past the recorder: what the check says is not the example's
        print(*lines, sep="\n", file=self.recorder.stream)

    def __call__(self, example):
        """Compare what the example before this call printed with every verified release."""
        printed = normalise(self.recorder.taken(self.in_cells))
        groups = VERIFIED[example]
        matched = [release for releases, text in groups if text == printed
                   for release in releases]
        self.results[example] = matched
        if matched:
            self.say(TEXTS["matches"].format(releases=", ".join(matched)))
            return
        releases, text = max(groups, key=lambda group: difflib.SequenceMatcher(
            None, group[1], printed, autojunk=False).ratio())
        diff = list(difflib.unified_diff(text.splitlines(), printed.splitlines(),
                                         f"PyTorch {', '.join(releases)}", TEXTS["yours"],
                                         lineterm=""))
        self.diffs[example] = "\n".join(diff)
        self.say(TEXTS["differs"].format(releases=", ".join(releases)), *diff)

    def summary(self):
        import torch

        total, differ = len(VERIFIED), [n for n, m in self.results.items() if not m]
        lines = [TEXTS["torch"].format(version=torch.__version__)]
        releases = sorted({r for groups in VERIFIED.values() for rs, _ in groups for r in rs},
                          key=lambda r: tuple(int(p) for p in r.split(".")))
        lines += [TEXTS["count"].format(release=release, matched=sum(
            release in m for m in self.results.values()), total=total) for release in releases]
        unchecked = total - len(self.results)
        if unchecked:
            lines.append(TEXTS["unchecked"].format(count=unchecked, total=total))
        if not differ:
            lines.append(TEXTS["same"])
            self.say(*lines)
            return
        lines.append(TEXTS["differ"].format(count=len(differ), total=total))
        lines += [f"  {PAGE}#example-{n}" for n in differ]
        if REPORT:
            fence = "```"
            differences = "\n".join(f"#example-{n}\n{fence}diff\n{self.diffs.get(n, '')}\n{fence}"
                                    for n in differ)
            body = TEXTS["issue_body"].format(
                page=PAGE, version=torch.__version__,
                examples="\n".join(f"{PAGE}#example-{n}" for n in differ),
                differences=differences[:4000])  # an address of a few thousand characters
            query = urllib.parse.urlencode({
                "title": TEXTS["issue_title"].format(version=torch.__version__, page=PAGE),
                "body": body})
            lines += [TEXTS["report"], f"{REPORT.rstrip('/')}/issues/new?{query}"]
        self.say(*lines)


check_output = OutputCheck()
