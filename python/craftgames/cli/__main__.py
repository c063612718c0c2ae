"""``python -m craftgames.cli``: the ``craftgames`` command without its script on PATH."""

import sys

from craftgames.cli import main

sys.exit(main())
