# An exception raised while handling another prints both, joined by the "During handling" line.
def parse(s):
    return int(s)
def load(items):
    out = []
    for s in items:
        try:
            out.append(parse(s))
        except ValueError:
            out.append(undefined_fallback)
    return out
print(load(["1", "2"]))
print(load(["3", "x"]))
