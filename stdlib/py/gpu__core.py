"""gpu.core: the same module object as cuda.core (stdlib/py/cuda__core.py)."""
import sys
import cuda.core

sys.modules[__name__] = cuda.core
