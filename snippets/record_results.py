"""Record what the version-sensitive snippets measure, under every verified PyTorch.

    python -m snippets.record_results

writes snippets/results/<snippet>.json = {release: rows, ...}, releases in the order of
snippets.results.torch_versions(). Review the diff: it is what changed between versions.
"""
import json

from snippets.results import HERE, run_snippet, torch_versions

# Snippets whose `--json` output is recorded: {results file stem: snippets module}.
RECORDED = {"grad_at_zero": "grad_at_zero_table"}


def measure(module: str, version: str) -> list:
    """The rows `snippets.<module> --json` prints under PyTorch `version`."""
    result = json.loads(run_snippet(module, version, "--json"))
    if result["torch"] != version:
        raise RuntimeError(f"asked for PyTorch {version}, the child imported "
                           f"{result['torch']}: check snippets.results.torch_versions()")
    return result["rows"]


def dumps(results: dict) -> str:
    """JSON with one row per line, so a changed value is a one-line diff."""
    blocks = []
    for version, rows in results.items():
        lines = ",\n".join(f"    {json.dumps(row, ensure_ascii=False)}" for row in rows)
        blocks.append(f"  {json.dumps(version)}: [\n{lines}\n  ]")
    return "{\n" + ",\n".join(blocks) + "\n}\n"


def main():
    for stem, module in RECORDED.items():
        results = {version: measure(module, version) for version in torch_versions()}
        path = HERE / f"{stem}.json"
        path.write_text(dumps(results), encoding="utf-8")
        print(f"wrote {path.relative_to(HERE.parents[1])}: "
              f"{', '.join(results)}")


if __name__ == "__main__":
    main()
