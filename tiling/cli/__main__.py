"""``python -m tiling.cli``: the same as the ``tiling`` command."""

import sys

from . import main

sys.exit(main())
