"""Components every page draws with: cards as SVG buttons (and, next, the card table)."""
