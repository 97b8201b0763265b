"""`make bench-site` repeats a Lighthouse run that measured a busy machine rather than the page
(verified_docs/bench_site.py): its benchmarkIndex is far below the other runs'."""

from verified_docs.bench_site import RETRIES, rerun_slow_runs


def runs(*indexes):
    return [{"benchmark_index": i, "performance": 90} for i in indexes]


def test_a_run_on_a_slow_machine_is_repeated():
    by_page = {"a/": runs(2000, 1100, 2100), "b/": runs(1900, 2050, 2000)}
    again = []
    repeated = rerun_slow_runs(by_page, lambda page: again.append(page) or
                               {"benchmark_index": 2000, "performance": 98})
    assert (repeated, again) == (1, ["a/"])
    assert [r["performance"] for r in by_page["a/"]] == [90, 98, 90]


def test_a_machine_that_stays_slow_is_tried_only_so_often():
    by_page = {"a/": runs(2000, 900, 2000)}
    repeated = rerun_slow_runs(by_page, lambda page: {"benchmark_index": 900, "performance": 80})
    assert repeated == RETRIES and by_page["a/"][1]["performance"] == 80
