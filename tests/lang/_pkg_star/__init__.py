__all__ = ["one", "mod"]
one = 1
two = 2
