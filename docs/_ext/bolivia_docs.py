"""Pages of the documentation made from the project's own data, so that nothing there is typed twice.

``{rules-sources}`` lists the rule texts the presets cite; ``{rules-table}`` puts every knob of the four
presets side by side, section by section, each value with its source (what ``python -m bolivia_core rules
NAME`` prints, one preset at a time); ``{import-contracts}`` lists the import contract of pyproject.toml,
which ``lint-imports`` checks. As a build starts, the API reference's pages are written (one a package, each
module a section) into api/generated/, and ``package-exports`` says what each package exports.
"""

from __future__ import annotations

import functools
import importlib
import inspect
import pkgutil
import tomllib
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TypeAlias

from docutils import nodes
from docutils.statemachine import StringList
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective
from sphinx.util.nodes import nested_parse_with_titles

from bolivia_core.i18n import messages, render
from bolivia_core.rules import ASSUMPTION, PRESETS, SOURCE_LABELS, preset_names
from bolivia_core.rules import knobs as rules_knobs
from bolivia_core.rules import presets as rules_presets
from bolivia_core.tools import compare
from bolivia_core.tools.compare import SECTION_CODES, value_text

PYPROJECT = Path(__file__).resolve().parents[2] / "pyproject.toml"

Cell: TypeAlias = str | nodes.Node  # a table cell: text, or a node made already


def _table(header: Sequence[str], rows: Sequence[Sequence[Cell]], widths: Sequence[int]) -> nodes.table:
    """A docutils table: a header row, then one row of cells (text or a node) each."""
    group = nodes.tgroup(cols=len(header))
    group += [nodes.colspec(colwidth=width) for width in widths]
    head, body = nodes.thead(), nodes.tbody()
    for section, section_rows in ((head, [header]), (body, rows)):
        for cells in section_rows:
            row = nodes.row()
            for cell in cells:
                entry = nodes.entry()
                entry += cell if isinstance(cell, nodes.Node) else nodes.paragraph(text=cell)
                row.append(entry)
            section.append(row)
    group += [head, body]
    table = nodes.table(classes=["bolivia-generated"])
    table += group
    return table


def _source_name(source: str) -> str:
    """A rule text's short name for a table cell: "the Danish text (...)" is "Danish"."""
    label = SOURCE_LABELS.get(source, source)
    return label.removeprefix("the ").split(" text")[0]


class _FromData(SphinxDirective):
    """A directive whose page is made again when the data it reads (or this file) changes."""

    reads: tuple[Path, ...] = ()

    def note_sources(self) -> None:
        for path in (Path(__file__), *self.reads):
            self.env.note_dependency(str(path))


RULES_DATA = tuple(Path(m.__file__ or "") for m in (rules_knobs, rules_presets, compare, messages))


class RulesSources(_FromData):
    """The rule texts the presets cite: each one's label, its file, and the knobs of each preset it sources."""

    reads = RULES_DATA

    def run(self) -> list[nodes.Node]:
        self.note_sources()
        rows: list[list[Cell]] = []
        for source, label in SOURCE_LABELS.items():
            counts = [sum(k.source == source for k in PRESETS[name].knobs()) for name in preset_names()]
            name = nodes.paragraph("", label, nodes.Text(" "), nodes.emphasis(text=f"({_source_name(source)})"))
            rows.append([name, nodes.paragraph("", "", nodes.literal(text=source)), *map(str, counts)])
        assumed = [sum(k.is_assumption for k in PRESETS[name].knobs()) for name in preset_names()]
        rows.append(["an assumption: the texts are silent, the engine chose", ASSUMPTION, *map(str, assumed)])
        header = ["source", "file", *(f"{name} knobs" for name in preset_names())]
        return [_table(header, rows, [30, 22] + [10] * len(PRESETS))]


class RulesTable(_FromData):
    """Every knob of the four presets side by side, in the sections of the rules, each value with its source."""

    reads = RULES_DATA

    def run(self) -> list[nodes.Node]:
        self.note_sources()
        knobs = {name: {k.name: k for k in PRESETS[name].knobs()} for name in preset_names()}
        first = knobs[preset_names()[0]]
        starts = dict(SECTION_CODES)
        groups: list[tuple[str, list[list[Cell]]]] = []
        for knob in first:
            if knob in starts:
                groups.append((render(starts[knob], language="en"), []))
            description = first[knob].description
            rule = nodes.paragraph("", "", nodes.strong(text=description[0].upper() + description[1:]))
            rule += [nodes.Text(" "), nodes.literal(text=knob)]
            groups[-1][1].append([rule, *(self._value(knobs[name][knob]) for name in preset_names())])
        sections: list[nodes.Node] = []
        for title, rows in groups:
            section = nodes.section(ids=[nodes.make_id("rules " + title)], names=[nodes.fully_normalize_name(title)])
            section += nodes.title(text=title[0].upper() + title[1:])
            section += _table(["rule", *preset_names()], rows, [34] + [16] * len(PRESETS))
            self.state.document.note_implicit_target(section)
            sections.append(section)
        return sections

    @staticmethod
    def _value(knob: Any) -> nodes.paragraph:
        source = ASSUMPTION if knob.is_assumption else _source_name(knob.source)
        cell = nodes.paragraph("", value_text(knob.value, "en"))
        kind = "bolivia-assumption" if knob.is_assumption else "bolivia-source"
        cell += [nodes.Text(" "), nodes.emphasis(text=f"({source})", classes=[kind])]
        return cell


class ImportContracts(_FromData):
    """The import contract of pyproject.toml as a list: each contract's name and its layers or forbidden imports."""

    reads = (PYPROJECT,)

    def run(self) -> list[nodes.Node]:
        self.note_sources()
        config = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["tool"]["importlinter"]
        items = nodes.enumerated_list()
        for contract in config["contracts"]:
            item = nodes.list_item()
            item += nodes.paragraph(text=contract["name"])
            if contract["type"] == "layers":
                layers = " over ".join(contract["layers"])
                where = ", ".join(contract["containers"])
                item += nodes.paragraph("", "", nodes.literal(text=where), nodes.Text(": " + layers))
            else:
                sources = ", ".join(contract["source_modules"])
                forbidden = ", ".join(contract["forbidden_modules"])
                item += nodes.paragraph("", f"{sources} may not import: {forbidden}")
            items += item
        return [items]


# --- the API reference: one page a package, written into api/generated/ as the build starts ----------------

API_PACKAGES = ("bolivia_core", "bolivia_rooms", "bolivia_widgets")
NOT_DOCUMENTED = ("bolivia_core.__main__", "bolivia_rooms.__main__")  # they run a program when imported


@functools.cache
def _modules(package: str) -> list[str]:
    """Every module of a package, subpackages included, in name order."""
    path = importlib.import_module(package).__path__
    found = [info.name for info in pkgutil.walk_packages(path, package + ".")]
    return sorted(name for name in found if name not in NOT_DOCUMENTED)


def _own_members(module: Any) -> list[str]:
    """The public names a module defines: its ``__all__`` less what it imports from elsewhere (documented
    where it is defined), or without ``__all__`` the classes and functions defined in it."""
    names = getattr(module, "__all__", None)
    if names is None:
        names = [n for n in vars(module) if not n.startswith("_")]
        names = [n for n in names if _defines(getattr(module, n))]
    return [n for n in names if not _defines(getattr(module, n)) or getattr(module, n).__module__ == module.__name__]


def _defines(obj: Any) -> bool:
    """Whether ``obj`` knows the module that defines it (a class or function does; data does not)."""
    return inspect.isclass(obj) or inspect.isfunction(obj)


def _summary(obj: Any) -> str:
    """The first paragraph of an object's own docstring, on one line (data has none of its own)."""
    if not (inspect.isclass(obj) or inspect.isfunction(obj) or inspect.ismodule(obj)):
        return ""
    return (inspect.getdoc(obj) or "").split("\n\n")[0].replace("\n", " ")


def _module_text(name: str) -> list[str]:
    """One module's reference: its docstring, its classes and functions, its data."""
    module = importlib.import_module(name)
    own = _own_members(module)
    code = ", ".join(n for n in own if _defines(getattr(module, n)))
    lines = [f".. automodule:: {name}", *([f"   :members: {code}"] if code else []), ""]
    for data in (n for n in own if not _defines(getattr(module, n))):  # autodoc lists only data with a doc comment
        long = len(repr(getattr(module, data))) > 70
        lines += [f".. autodata:: {name}.{data}", *(["   :no-value:"] if long else []), ""]
    return lines


def _api_page(package: str) -> str:
    """A package's page: what it exports, its subpackages (each on a page of its own), then each module."""
    lines = [package, "=" * len(package), "", f".. automodule:: {package}", "   :no-members:", ""]
    lines += [f".. package-exports:: {package}", ""]
    children = [m for m in _modules(package) if m.rpartition(".")[0] == package]
    subpackages = [m for m in children if m in _packages(package)]
    lines += [".. list-table::", "   :header-rows: 1", "   :widths: 35 65", "", "   * - module", "     - what it is"]
    for child in children:
        short = child.rpartition(".")[2]
        link = f":doc:`{short} <{child}>`" if child in subpackages else f":py:mod:`{short} <{child}>`"
        lines += [f"   * - {link}", f"     - {_summary(importlib.import_module(child))}"]
    lines += [""]
    if subpackages:
        lines += [".. toctree::", "   :hidden:", "", *(f"   {child}" for child in subpackages), ""]
    for child in children:
        if child not in subpackages:
            lines += [child, "-" * len(child), "", *_module_text(child)]
    return "\n".join(lines)


@functools.cache
def _packages(package: str) -> list[str]:
    """A package and its subpackages, each of which gets a page."""
    return [m for m in (package, *_modules(package)) if hasattr(importlib.import_module(m), "__path__")]


def write_api_pages(app: Sphinx) -> None:
    """Write a page for every package (only those whose text changed, so that a rebuild is quick)."""
    folder = Path(app.srcdir) / "api" / "generated"
    folder.mkdir(parents=True, exist_ok=True)
    wanted = {f"{name}.rst": _api_page(name) for package in API_PACKAGES for name in _packages(package)}
    for stale in {p.name for p in folder.glob("*.rst")} - set(wanted):
        (folder / stale).unlink()
    for file, text in wanted.items():
        if not (folder / file).exists() or (folder / file).read_text(encoding="utf-8") != text:
            (folder / file).write_text(text, encoding="utf-8")


def drop_type_docstrings(app: Sphinx, what: str, name: str, obj: Any, options: Any, lines: list[str]) -> None:
    """Data without a doc comment of its own is shown without one, not with its type's (``dict``'s)."""
    if what == "data" and "\n".join(lines).strip() == (inspect.getdoc(type(obj)) or "").strip():
        lines.clear()


class PackageExports(SphinxDirective):
    """What a package exports (its ``__all__``), each name linked to the module that defines it.

    The packages define nothing themselves: each name is documented once, where it is defined, and the
    package's page says what ``from package import name`` gives."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        package = self.arguments[0]
        module = importlib.import_module(package)
        names = getattr(module, "__all__", None)
        if not names:
            return []
        lines = [".. rubric:: What it exports", "", ".. list-table::", "   :widths: 35 65", ""]
        for name in names:
            obj = getattr(module, name)
            where = _defined_in(package, name, obj)
            link = f":py:obj:`{name} <{where}.{name}>`" if where else f"``{name}``"
            lines += [f"   * - {link}", f"     - {_summary(obj)}"]
        content = StringList(lines, source=f"<exports of {package}>")
        container = nodes.container()
        nested_parse_with_titles(self.state, content, container)
        return list(container.children)


def _defined_in(package: str, name: str, obj: Any) -> str | None:
    """The module of ``package`` that documents ``obj``: its ``__module__``, or for data (which has none) the
    module whose ``__all__`` names it; None for data that no module's ``__all__`` names (not documented)."""
    if _defines(obj):
        return str(obj.__module__)
    for candidate in _modules(package):
        loaded = importlib.import_module(candidate)
        if (
            name in getattr(loaded, "__all__", ())
            and getattr(loaded, name) is obj
            and candidate not in _packages(package)
        ):
            return candidate
    return None


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("rules-sources", RulesSources)
    app.add_directive("rules-table", RulesTable)
    app.add_directive("import-contracts", ImportContracts)
    app.add_directive("package-exports", PackageExports)
    app.connect("builder-inited", write_api_pages)
    app.connect("autodoc-process-docstring", drop_type_docstrings)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
