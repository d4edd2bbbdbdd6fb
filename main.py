"""Entry point: ``python main.py --help``. All logic lives in tabletop.cli."""
import sys

from tabletop.cli import main

if __name__ == "__main__":
    sys.exit(main())
