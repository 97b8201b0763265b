"""Screenshots of the site in every language: `make screenshots` (`python -m verified_docs screenshots`).

Builds the site into a temporary folder, serves it on 127.0.0.1 and saves from Debian's Chromium
(offline: any request that would leave the machine is blocked), for every language:

* screenshots/home-<locale>.png: the home page on a desktop (1280x800);
* screenshots/mask-phone-<locale>.png and mask-phone-<locale>-dark.png: the mask page on a phone
  (390x844, the system asking for a light or a dark scheme), scrolled to its figure, with the
  subdifferential formula above it.

The README shows them.
"""

from __future__ import annotations

import pathlib
import sys
import tempfile

from verified_docs import browser as s

OUT = pathlib.Path("screenshots")  # in the working folder
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


def shoot(browser, url, name, viewport, scheme="light", scroll_to=None):
    """Save the visible part of `url`, once its fonts are in, as screenshots/`name`."""
    context = browser.new_context(viewport=viewport, color_scheme=scheme, device_scale_factor=1)
    context.route("**/*", lambda r: r.continue_() if s.is_loopback(r.request.url) else r.abort())
    page = context.new_page()
    page.goto(url, wait_until="load")
    page.evaluate("document.fonts.ready")
    if scroll_to:
        page.evaluate("sel => document.querySelector(sel).scrollIntoView({block: 'center'})",
                      scroll_to)
        page.wait_for_timeout(300)
    page.screenshot(path=str(OUT / name))
    context.close()
    print(f"saved {OUT / name}")


def main(argv=None):
    missing = s.chromium_missing_message()
    if missing:
        sys.exit(f"screenshots: {missing}")
    from mkdocs.commands.build import build
    from mkdocs.config import load_config
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        site = pathlib.Path(tmp) / "site"
        build(load_config(str(s.current().root / "mkdocs.yml"), site_dir=str(site), strict=True))
        server = s.SiteServer(site)
        OUT.mkdir(exist_ok=True)
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=s.CHROMIUM, args=s.CHROMIUM_ARGS)
                for lang in s.current().built_languages:
                    shoot(browser, server.url(lang.prefix), f"home-{lang.locale}.png", DESKTOP)
                    for scheme, suffix in (("light", ""), ("dark", "-dark")):
                        shoot(browser, server.url(lang.prefix + "mask/"), f"mask-phone-"
                              f"{lang.locale}{suffix}.png", PHONE, scheme, "article figure")
                browser.close()
        finally:
            server.close()


if __name__ == "__main__":
    main()
