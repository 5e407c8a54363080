"""Keep committed notebooks small and stable: drop widget state and ignored outputs.

Outputs nbval compares are kept; cells marked NBVAL_IGNORE_OUTPUT lose theirs,
and execution timing metadata goes. Run after executing a notebook:
    .venv/bin/python scripts/clean_notebooks.py notebooks/*.ipynb
"""

from __future__ import annotations

import json
import sys
from pathlib import Path


def clean(path: Path) -> None:
    notebook = json.loads(path.read_text(encoding="utf-8"))
    notebook.get("metadata", {}).pop("widgets", None)
    for cell in notebook["cells"]:
        cell.get("metadata", {}).pop("execution", None)
        if cell["cell_type"] == "code" and "NBVAL_IGNORE_OUTPUT" in "".join(cell["source"]):
            cell["outputs"] = []
    path.write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


if __name__ == "__main__":
    for name in sys.argv[1:]:
        clean(Path(name))
