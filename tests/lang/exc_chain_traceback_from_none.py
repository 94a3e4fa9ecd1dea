try:
    {}["x"]
except KeyError:
    raise AttributeError("clean") from None
