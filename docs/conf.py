"""Sphinx settings for the documentation site: `bash scripts/docs.sh` builds it into build/docs.

Sphinx with MyST Markdown and the PyData theme, as the Jupyter projects build theirs. Pages are Markdown;
the API reference is generated from the docstrings (autodoc, autosummary); the rules tables and the
import contract are generated from the project's data (_ext/bolivia_docs.py). Nothing is fetched from
another site, at build time or when a page is read.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent / "_ext"))

project = "Bolivia explorer"
author = "The Bolivia explorer authors"
copyright = "2026, The Bolivia explorer authors"

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "bolivia_docs",
]
source_suffix = {".md": "markdown", ".rst": "restructuredtext"}  # .rst: the API pages, written as the build starts
exclude_patterns = ["_build", "screenshots/README.md"]
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3  # [text](#a-heading) links within and between pages

# The API reference: one page a module, written into api/generated/ (not committed) by _ext/bolivia_docs.py.
autodoc_default_options = {"show-inheritance": True, "undoc-members": True}
autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_typehints_format = "short"

# Cross-references are checked (nitpicky): every one to the project must resolve. Names outside it (the
# standard library, traitlets, ipywidgets) have no inventory here, as the build fetches nothing.
nitpicky = True
nitpick_ignore_regex = [
    (r"py:.*", r"(?!bolivia_core|bolivia_rooms|bolivia_widgets)[\w.]+\.[\w.]+"),
    (r"py:.*", r"[\w.]*\b_\w+"),  # a private name in a public signature: not documented, by design
    # Annotations a class's signature keeps as written (Sphinx does not evaluate them there): pathlib's
    # Path, and the room table's alias for a callback scheduler.
    (r"py:class", r"Path|Schedule"),
    (r"py:class", r"([\w.]+\.)?[A-Z]"),  # a type variable (T), which has no page of its own
    (r"py:class", r"(ge|le|max_length)=.*"),  # a protocol field's bounds (msgspec's Meta), not a class
]

html_theme = "pydata_sphinx_theme"
html_title = "Bolivia explorer"
html_static_path = ["_static"]
html_css_files = ["bolivia.css"]
html_theme_options = {
    "navigation_with_keys": False,
    "show_toc_level": 2,
    "secondary_sidebar_items": ["page-toc"],
    "footer_start": ["copyright"],
    "footer_end": ["theme-version"],
    "navbar_align": "left",
}
html_sidebars: dict[str, list[str]] = {"index": [], "players": [], "rules": []}  # pages with no section to navigate
html_context = {"default_mode": "auto"}  # light or dark as the reader's system is set, until they choose
html_favicon = "_static/favicon.svg"
html_show_sourcelink = False
html_last_updated_fmt = None
