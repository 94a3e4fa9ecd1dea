__all__ = ["pub", "also"]
pub = 1
also = 2
notlisted = 3
_hidden = 4
