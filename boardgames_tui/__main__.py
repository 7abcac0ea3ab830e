"""`python -m boardgames_tui` is the same as `boardgames`."""

import sys

from boardgames_tui.cli import main

sys.exit(main())
