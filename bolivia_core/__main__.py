"""``python -m bolivia_core``: judge melds, score a hand, show the rules."""

import os
import sys

from .tools.cli import BROKEN_PIPE, main

status = main()
if status == BROKEN_PIPE:
    # The reader stopped reading (``| head``): what is still buffered goes nowhere, rather than fail
    # again as the interpreter flushes it on the way out. Done here, not in main(), which a caller may
    # run in its own process: the redirect is the whole process's.
    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
sys.exit(status)
