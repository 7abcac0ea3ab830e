"""`python -m boardgames_tui` is the same as `boardgames`."""

import sys

try:
    from boardgames_tui.cli import main
except KeyboardInterrupt:  # Ctrl-C while starting: quietly, as from any later moment
    sys.exit(130)

sys.exit(main())
