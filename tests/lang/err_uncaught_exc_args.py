# An exception with several args prints the tuple.
raise KeyError("a", 2)
