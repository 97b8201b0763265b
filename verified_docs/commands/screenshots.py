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
from verified_docs.model.site import Site

OUT = "screenshots"  # in the site's folder
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


def shoot(browser, url, out: pathlib.Path, viewport, scheme="light"):
    """Save `url` as screenshots/`name` once its fonts are in; on a phone, its figure centred."""
    context = browser.new_context(viewport=viewport, color_scheme=scheme, device_scale_factor=1)
    context.route("**/*", lambda r: r.continue_() if s.is_loopback(r.request.url) else r.abort())
    page = context.new_page()
    page.goto(url, wait_until="load")
    page.evaluate("document.fonts.ready")
    if viewport is PHONE:
        page.evaluate("() => document.querySelector('article figure').scrollIntoView({block: 'center'})")
        page.wait_for_timeout(300)
    page.screenshot(path=str(out))
    context.close()
    print(f"saved {out}")


def main(argv, root):
    missing = s.chromium_missing_message()
    if missing:
        sys.exit(f"screenshots: {missing}")
    from mkdocs.commands.build import build
    from playwright.sync_api import sync_playwright

    site = Site.load(root)
    with tempfile.TemporaryDirectory() as tmp:
        built = pathlib.Path(tmp) / "site"
        site.config.site_dir, site.config.strict = str(built), True
        build(site.config)
        server = s.SiteServer(site, built)
        out = site.root / OUT
        out.mkdir(exist_ok=True)
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=s.CHROMIUM, args=s.CHROMIUM_ARGS)
                for lang in site.built_languages:
                    shoot(browser, server.url(lang.prefix), out / f"home-{lang.locale}.png", DESKTOP)
                    for scheme, suffix in (("light", ""), ("dark", "-dark")):
                        shoot(browser, server.url(lang.prefix + "mask/"),
                              out / f"mask-phone-{lang.locale}{suffix}.png", PHONE, scheme)
        finally:
            server.close()
