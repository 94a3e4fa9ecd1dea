__all__ = ["M"]
M = 2
def _h(): pass
