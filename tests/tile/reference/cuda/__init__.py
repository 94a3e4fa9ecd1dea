# The reference's stand-in for NVIDIA's `cuda` package: only `cuda.tile` exists (see tile.py).
