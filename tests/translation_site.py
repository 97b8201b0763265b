"""A site of three pages in English and two in Russian, written into a test's folder for the
translation tests and built in process. Its mkdocs.yml is shaped as the real one: static-i18n's
folders with `fallback_to_default`, the verified-docs plugin after it, comments, an `!ENV` and a
`!!python/object/apply` tag, texts per language. `extra.md` has no Russian file."""

from __future__ import annotations

import pathlib
import shutil

from tests.repo import ROOT

CONFIG = """\
site_name: Tiny
# A comment that `make new-language` keeps.
site_url: !ENV [TINY_SITE_URL, "http://127.0.0.1:8000/"]
theme:
  name: material
plugins:
  - i18n:
      docs_structure: folder
      fallback_to_default: true
      languages:
        - locale: en
          default: true
          name: English
          build: true
        - locale: ru
          name: Русский
          build: true
          site_name: Крошка
          extra:
            output_title: Вывод
            strings:
              outdated_title: Перевод мог устареть
              outdated_text: Английская страница изменилась.
              missing_title: Страница ещё не переведена
              missing_text: Перевода пока нет, поэтому страница показана на английском, как она есть.
              english_link: Открыть английскую версию
              permalink_title: Ссылка на этот раздел
              not_found_title: Страница не найдена
          nav_translations:
            Home: Главная
            Mask: Маска
            Extra: Дополнение
  # The site's build, after i18n.
  - verified-docs
extra:
  output_title: Output
  strings:
    outdated_title: This translation may be out of date
    outdated_text: The English page has changed.
    missing_title: Not translated yet
    missing_text: This page is shown in English.
    english_link: Read the English page
    permalink_title: Permanent link
    not_found_title: Page not found
nav:
  - Home: index.md
  - Mask: mask.md
  - Extra: extra.md
markdown_extensions:
  - toc:
      permalink: true
      slugify: !!python/object/apply:pymdownx.slugs.slugify {kwds: {case: lower}}
  - attr_list
  - pymdownx.superfences
  - pymdownx.blocks.admonition
"""

PAGES = {
    "en/index.md": "# Home\n\nThe home page.\n\n```output\n1\n```\n",
    "en/mask.md": "# Mask\n\nWhat the mask means.\n",
    "en/extra.md": "# Extra\n\nA page in English only, for now.\n",
    "ru/index.md": "# Главная\n\nГлавная страница.\n\n```output\n1\n```\n",
    "ru/mask.md": "# Маска\n\nЧто означает маска.\n",
}


def write(root: pathlib.Path) -> pathlib.Path:
    (root / "mkdocs.yml").write_text(CONFIG, encoding="utf-8")
    shutil.copy(ROOT / "requirements-torch.txt", root)  # the releases the notebooks name
    for page, text in PAGES.items():
        (root / "docs" / page).parent.mkdir(parents=True, exist_ok=True)
        (root / "docs" / page).write_text(text, encoding="utf-8")
    return root

