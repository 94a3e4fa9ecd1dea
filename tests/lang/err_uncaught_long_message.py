# A multi-line exception message and non-ASCII text in it.
raise RuntimeError("line one\nline two: é 日本")
