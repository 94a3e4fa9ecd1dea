"""cuda.tile.tune: the same module object as `tile.tune` (stdlib/py/tile__tune.py)."""
import sys
import tile.tune

sys.modules[__name__] = tile.tune
