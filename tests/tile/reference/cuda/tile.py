# `import cuda.tile as ct` in the reference is the same module as `import tile as ct`.
import sys

import tile as _tile

sys.modules[__name__] = _tile
