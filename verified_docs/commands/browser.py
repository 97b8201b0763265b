"""The built site as a browser sees it: its pages (found in the build, in the languages of
mkdocs.yml, no list written down here), a loopback server under site_url's path, Chromium."""

import dataclasses
import functools
import http.server
import os
import pathlib
import shutil
import threading
import urllib.parse

from verified_docs.build.notebooks import local as is_loopback  # noqa: F401 (data:, blob:, about: too)
from verified_docs.model.site import Language, Site

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
# Quiet, offline Chromium: no background traffic of its own to be mistaken for the site's.
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def counterpart(site: Site, location: str, target: Language) -> str:
    """The same page in another language: static-i18n's folder structure keeps the path."""
    return target.prefix + location[len(site.language_at(location).prefix):]


@dataclasses.dataclass(frozen=True)
class Page:
    location: str        # "" for the home page, "ru/mask/" ...; relative to the site root
    lang: Language
    site: Site = dataclasses.field(repr=False, compare=False)

    @property
    def source(self) -> str:
        """The Markdown file it was built from, relative to docs/: "ru/mask.md"."""
        rest = self.location[len(self.lang.prefix):].rstrip("/")
        return f"{self.lang.locale}/{rest or 'index'}.md"

    @property
    def shown_source(self) -> str:
        """The Markdown file whose text the reader sees: for a page not translated yet (no
        file), the default language's, which the build shows in its place."""
        if (self.site.docs / self.source).exists():
            return self.source
        return f"{self.site.default}/{self.source.split('/', 1)[1]}"


def discover_pages(site: Site, built: pathlib.Path) -> list[Page]:
    """Every HTML page of `site` built into `built` (not the 404 page), default language first."""
    found = []
    for html in built.rglob("index.html"):
        rel = html.parent.relative_to(built)
        if not (rel.parts and rel.parts[0] in ("assets", "search")):
            location = "" if rel == pathlib.Path(".") else rel.as_posix() + "/"
            found.append(Page(location, site.language_at(location), site))
    return sorted(found, key=lambda p: (site.built_languages.index(p.lang), p.location))


class SiteServer:
    """The built site on 127.0.0.1 (a free port, in a thread), under the path of site_url as the
    real host serves it ("/" at a domain root); anything outside it is a 404."""

    def __init__(self, site: Site, built: pathlib.Path):
        prefix = urllib.parse.urlsplit(site.config["site_url"] or "/").path.rstrip("/") + "/"

        class Handler(http.server.SimpleHTTPRequestHandler):
            def translate_path(self, path):
                if not urllib.parse.urlsplit(path).path.startswith(prefix):
                    return str(built / "__outside_the_site__")
                return super().translate_path("/" + path[len(prefix):])

            def log_message(self, *args):
                pass

        handler = functools.partial(Handler, directory=str(built))
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()
        self.base = f"http://127.0.0.1:{self.httpd.server_address[1]}{prefix}"

    def url(self, location: str) -> str:
        return self.base + location

    def location(self, url: str) -> str | None:
        """Inverse of url(): None for a URL outside the site."""
        url = urllib.parse.unquote(url.split("#")[0].split("?")[0])
        return url[len(self.base):] if url.startswith(self.base) else None

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


def chromium_missing_message() -> str | None:
    if pathlib.Path(CHROMIUM).exists() or shutil.which(CHROMIUM):
        return None
    return (f"Chromium not found at {CHROMIUM}. The browser tests use Debian's chromium: "
            "run `apt-get update && apt-get install -y chromium` (as .ci/run does), or point "
            "the CHROMIUM environment variable at another Chromium binary.")
