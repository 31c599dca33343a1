"""``python -m tapete.cli``: the same as the ``tapete`` command."""

import sys

from tapete.cli.main import main

sys.exit(main())
