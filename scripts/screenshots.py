"""Screenshots of the home page in every language: `make screenshots`.

Builds the site into a temporary folder, serves it on 127.0.0.1 and saves
screenshots/home-<locale>.png from Debian's Chromium (1280x800, offline: any request that
would leave the machine is blocked). The README shows them.
"""

from __future__ import annotations

import pathlib
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.browser import site as s  # noqa: E402
from tests.helpers import build  # noqa: E402

OUT = ROOT / "screenshots"


def main():
    missing = s.chromium_missing_message()
    if missing:
        sys.exit(f"screenshots: {missing}")
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        site = pathlib.Path(tmp) / "site"
        result = build(ROOT, site)
        if result.returncode:
            sys.exit(f"screenshots: mkdocs build failed:\n{result.stderr}")
        server = s.SiteServer(site)
        OUT.mkdir(exist_ok=True)
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=s.CHROMIUM, args=s.CHROMIUM_ARGS)
                context = browser.new_context(viewport={"width": 1280, "height": 800})
                context.route("**/*", lambda r: r.continue_() if s.is_loopback(r.request.url)
                              else r.abort())
                page = context.new_page()
                for lang in s.languages():
                    page.goto(server.url(lang.prefix), wait_until="networkidle")
                    path = OUT / f"home-{lang.locale}.png"
                    page.screenshot(path=str(path))
                    print(f"saved {path.relative_to(ROOT)}")
                browser.close()
        finally:
            server.close()


if __name__ == "__main__":
    main()
