# Helpers for kernel_sources.py, in a module of their own: the tile front inlines functions
# from other modules, reading their source from that module's file.
import tile as ct

SCALE = 3


def scaled(t, k=SCALE):
    return t * k


def clamp_low(t, lo):
    return ct.maximum(t, lo)
