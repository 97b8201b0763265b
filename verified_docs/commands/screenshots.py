"""`make screenshots` (`python -m verified_docs screenshots`), for the README: the site built
into a temporary folder, served on 127.0.0.1 and shot in Debian's Chromium (offline: a request
that would leave the machine is blocked), in every language: screenshots/home-<locale>.png (a
1280x800 desktop) and mask-phone-<locale>.png, mask-phone-<locale>-dark.png (a 390x844 phone
asking for a light or a dark scheme, scrolled to the figure under the subdifferential formula).
"""

import pathlib
import sys
import tempfile

from verified_docs.commands import browser as s

OUT = pathlib.Path("screenshots")  # in the working folder
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


def shoot(browser, url, name, viewport, scheme="light"):
    """Save `url` as screenshots/`name` once its fonts are in; on a phone, its figure centred."""
    context = browser.new_context(viewport=viewport, color_scheme=scheme, device_scale_factor=1)
    context.route("**/*", lambda r: r.continue_() if s.is_loopback(r.request.url) else r.abort())
    page = context.new_page()
    page.goto(url, wait_until="load")
    page.evaluate("document.fonts.ready")
    if viewport is PHONE:
        page.evaluate("() => document.querySelector('article figure').scrollIntoView({block: 'center'})")
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
                        shoot(browser, server.url(lang.prefix + "mask/"),
                              f"mask-phone-{lang.locale}{suffix}.png", PHONE, scheme)
        finally:
            server.close()
