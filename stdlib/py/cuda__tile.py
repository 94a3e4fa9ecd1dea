"""cuda.tile: the same module object as `tile` (stdlib/py/tile.py)."""
import sys
import tile

sys.modules[__name__] = tile
