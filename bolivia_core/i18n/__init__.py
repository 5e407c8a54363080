"""What every layer says, in six languages: a registry of message catalogues (one gettext domain per layer,
each beside its package), CLDR plurals, numbers written the language's way, and ``render`` that puts them
together. The engine's own words (``EN``, domain ``bolivia``) are registered here."""

from .catalogues import (
    CARD_FIELDS,
    CASES,
    GLOSSARY,
    LANGUAGE_NAMES,
    LANGUAGES,
    PLURAL_CATEGORIES,
    Catalogue,
    Explanation,
    Reason,
    all_english,
    card_gender,
    card_name,
    card_style,
    cards_said,
    catalogue_of,
    catalogues,
    counted,
    format_number,
    format_signed,
    get_card_style,
    get_language,
    glossary,
    has_code,
    normalise_language,
    plural_category,
    register_card_reader,
    register_catalogue,
    render,
    set_card_style,
    set_language,
    translated,
)
from .messages import DOMAIN, EN, LOCALE_DIR

__all__ = [
    "CARD_FIELDS", "CASES", "DOMAIN", "EN", "GLOSSARY", "LANGUAGES", "LANGUAGE_NAMES", "LOCALE_DIR",
    "PLURAL_CATEGORIES", "Catalogue", "Explanation", "Reason", "all_english", "card_gender", "card_name",
    "card_style", "cards_said", "catalogue_of", "catalogues", "counted", "format_number", "format_signed",
    "get_card_style", "get_language", "glossary", "has_code", "normalise_language", "plural_category",
    "register_card_reader", "register_catalogue", "render", "set_card_style", "set_language", "translated",
]  # fmt: skip
