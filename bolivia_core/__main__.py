"""``python -m bolivia_core``: judge melds, score a hand, show the rules."""

import sys

from .cli import main

sys.exit(main())
