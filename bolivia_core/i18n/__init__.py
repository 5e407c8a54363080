"""What every layer says, in six languages: a registry of message catalogues (one gettext domain per layer,
each beside its package), CLDR plurals, numbers written the language's way, and ``render`` that puts them
together. The engine's own words (``EN``, domain ``bolivia``) are registered here."""

from .catalogues import (
    GLOSSARY,
    LANGUAGE_NAMES,
    LANGUAGES,
    PLURAL_CATEGORIES,
    Catalogue,
    Explanation,
    Reason,
    all_english,
    card_name,
    catalogue_of,
    catalogues,
    counted,
    format_number,
    format_signed,
    get_language,
    glossary,
    has_code,
    normalise_language,
    plural_category,
    register_catalogue,
    render,
    set_language,
    translated,
)
from .messages import DOMAIN, EN, LOCALE_DIR

__all__ = [
    "DOMAIN", "EN", "GLOSSARY", "LANGUAGES", "LANGUAGE_NAMES", "LOCALE_DIR", "PLURAL_CATEGORIES", "Catalogue",
    "Explanation", "Reason", "all_english", "card_name", "catalogue_of", "catalogues", "counted", "format_number",
    "format_signed", "get_language", "glossary", "has_code", "normalise_language", "plural_category",
    "register_catalogue", "render", "set_language", "translated",
]  # fmt: skip
