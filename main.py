"""Entry point: ``python main.py --help``. All logic lives in tabletop.cli."""
import os
import sys

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from tabletop.cli import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
