"""cuda: the package that holds cuda.tile (stdlib/py/tile.py), as NVIDIA's cuda-tile
installs it; `import cuda.tile as ct` and `import tile as ct` give the same module."""
