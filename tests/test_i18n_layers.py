"""Each layer's words in its own gettext domain, beside its package (issue 33, item 7): the engine's rules,
refusals and events in bolivia_core.i18n, the players', the tools', the rooms', the pages' and the lessons'
each with their package; a code in one domain only; the engine holding none of the pages' words and
importing nothing above it; every domain's files shipped with its package."""

from __future__ import annotations

import fnmatch
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from bolivia_core.i18n import catalogue_of, catalogues, register_catalogue

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT))  # first: ``lessons`` is the sources' package, not the script of that name
import i18n  # noqa: E402  (scripts/i18n.py imports every layer, so every domain is registered)

# Each domain and the package it lives with (the folder its locale/ sits in, the name it installs as).
HOMES = {
    "bolivia": ("bolivia_core/i18n", "bolivia_core.i18n"),
    "players": ("bolivia_core/players", "bolivia_core.players"),
    "tools": ("bolivia_core/tools", "bolivia_core.tools"),
    "rooms": ("bolivia_rooms", "bolivia_rooms"),
    "widgets": ("widgets", "bolivia_widgets"),
}
ENGINE_DOMAINS = ("bolivia", "players", "tools")  # the domains inside the engine package, bolivia_core


def test_every_layer_has_its_domain_and_a_code_belongs_to_one() -> None:
    assert sorted(c.domain for c in catalogues()) == sorted(HOMES)
    assert sorted(i18n.DOMAINS) == sorted([*HOMES, "lessons"])
    owners: dict[str, list[str]] = {}
    for domain in i18n.DOMAINS:
        for code in i18n.english(domain):
            owners.setdefault(code, []).append(domain)
    shared = {code: domains for code, domains in owners.items() if len(domains) > 1}
    assert not shared, f"codes in more than one domain: {shared}"
    assert catalogue_of("why-draw").domain == "players" and catalogue_of("game-over").domain == "bolivia"


def test_a_code_another_domain_holds_is_refused_when_registered(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match=r"codes 'game-over' of domain 'extra' are already in domain 'bolivia'"):
        register_catalogue("extra", {"game-over": "the game is over", "extra-new": "new"}, tmp_path)
    assert "extra" not in [c.domain for c in catalogues()], "a refused catalogue is not registered"


@pytest.mark.parametrize("domain", sorted(HOMES))
def test_each_domain_lives_beside_its_package_and_ships_with_it(domain: str) -> None:
    folder, package = HOMES[domain]
    catalogue = next(c for c in catalogues() if c.domain == domain)
    assert catalogue.locale_dir == ROOT / folder / "locale"
    assert (catalogue.locale_dir / f"{domain}.pot").is_file()
    for language in i18n.TRANSLATED:
        for suffix in ("po", "mo"):
            assert (catalogue.locale_dir / language / "LC_MESSAGES" / f"{domain}.{suffix}").is_file()
            shipped = _shipped(package, f"locale/{language}/LC_MESSAGES/{domain}.{suffix}")
            assert shipped, f"pyproject ships no .{suffix} of {package}"
    assert _shipped(package, f"locale/{domain}.pot"), f"pyproject ships no catalogue template of {package}"


def _shipped(package: str, path: str) -> bool:
    """Whether pyproject.toml's package-data installs a file of a package (``path`` relative to it): by a
    pattern of the package's own, or by one of "*", which applies to every package setup.py finds, the
    locale/ folders among them (so there the pattern is matched against the file's name alone).
    tests/test_wheel.py installs the wheel and sees the files themselves."""
    package_data = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]
    own = any(fnmatch.fnmatch(path, pattern) for pattern in package_data.get(package, []))
    return own or any(fnmatch.fnmatch(path.rpartition("/")[2], pattern) for pattern in package_data.get("*", []))


def _sources(domain: str) -> str:
    """The source of the modules of a domain's own package (its messages module left out)."""
    folder = ROOT / HOMES[domain][0]
    if domain == "bolivia":  # the engine's words are said anywhere in the engine but the players and tools
        folder = ROOT / "bolivia_core"
    files = [p for p in folder.rglob("*.py") if p.name != "messages.py"]
    if domain == "bolivia":
        files = [p for p in files if not {"players", "tools"} & set(p.relative_to(folder).parts)]
    return "\n".join(p.read_text(encoding="utf-8") for p in files)


def _said_in(code: str, source: str) -> bool:
    """Whether the source names a code: as a string, as an f-string that makes it ("rank:{text}"), as a
    prefix a name is added to ("action:" + ...), or as a string with an ending added ("-alone")."""
    if re.search(r"[\"']" + re.escape(code) + r"[\"']", source):
        return True
    for prefix in re.findall(r"[\"']([a-z][a-z0-9_]*[-:])[\"'] \+ ", source):
        if code.startswith(prefix):
            return True
    for ending in re.findall(r"\+= [\"']([-:][a-z0-9_-]+)[\"']", source):
        if code.endswith(ending) and _said_in(code.removesuffix(ending), source):
            return True
    for match in re.finditer(r"\bf([\"'])([a-z][a-z0-9_]*[-:](?:(?!\1).)*?)\1", source):
        pattern = "".join(".+" if part.startswith("{") else re.escape(part)
                          for part in re.split(r"(\{[^{}]*\})", match.group(2)))  # fmt: skip
        if re.fullmatch(pattern, code):
            return True
    return False


@pytest.mark.parametrize("domain", ENGINE_DOMAINS)
def test_the_engine_holds_none_of_the_pages_words(domain: str) -> None:
    """Every code of a domain inside bolivia_core is said by that layer of the engine itself: a label of a
    page, a lesson's prompt or a dashboard's heading put here would be said by the widgets alone."""
    source = _sources(domain)
    unsaid = [code for code in i18n.english(domain) if not _said_in(code, source)]
    assert not unsaid, f"{domain}: codes no module of its layer says (a page's words?): {unsaid[:8]}"


def test_the_engine_registers_its_own_words_only_and_each_layer_adds_its_own() -> None:
    """In a fresh process: the engine's modules below the players register the engine's domain alone and
    import nothing of the layers above; a players' code is refused by name until the players' package is
    imported, and said once it is."""
    program = """
import sys
import bolivia_core, bolivia_core.game, bolivia_core.seat, bolivia_core.scenario
from bolivia_core.i18n import catalogues, render
print([c.domain for c in catalogues()])
print(sorted(m for m in sys.modules if m.startswith(("bolivia_widgets", "bolivia_rooms", "bolivia_core.players",
                                                     "bolivia_core.tools"))))
try:
    render("why-draw")
except ValueError as refused:
    print(refused)
import bolivia_core.players
print(render("why-draw", language="pl"))
"""
    done = subprocess.run([sys.executable, "-c", program], cwd=ROOT, capture_output=True, text=True, check=True)
    domains, above, refused, said = done.stdout.splitlines()
    assert domains == "['bolivia']" and above == "[]"
    assert refused.startswith("unknown message code 'why-draw': no registered catalogue holds it (registered: bolivia")
    assert said == "na stosie nie ma nic, co warto wziąć"
