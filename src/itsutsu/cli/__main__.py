"""Allow ``python -m itsutsu.cli``."""

import sys

from itsutsu.cli import main

sys.exit(main())
