"""What the engine says, in six languages: the English catalogue (``EN``), gettext translations in
``locale/``, CLDR plurals, numbers written the language's way, and ``render`` that puts them together."""

from .messages import (
    DOMAIN,
    EN,
    LANGUAGE_NAMES,
    LANGUAGES,
    LOCALE_DIR,
    PLURAL_CATEGORIES,
    Explanation,
    Reason,
    card_name,
    counted,
    format_number,
    format_signed,
    get_language,
    glossary,
    normalise_language,
    plural_category,
    render,
    set_language,
    translated,
)

__all__ = [
    "DOMAIN", "EN", "LANGUAGES", "LANGUAGE_NAMES", "LOCALE_DIR", "PLURAL_CATEGORIES", "Explanation", "Reason",
    "card_name", "counted", "format_number", "format_signed", "get_language", "glossary", "normalise_language",
    "plural_category", "render", "set_language", "translated",
]  # fmt: skip
