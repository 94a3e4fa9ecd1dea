# int and float operators on the VM's fast paths (mixed operands, floor division, modulo,
# shifts, true division), at and around the edges where the generic path must take over:
# results and error messages must be CPython's.
ints = [0, 1, -1, 2, -3, 7, -7, 10, 2**31, -2**31, 2**53 - 1, 2**53, 2**53 + 1, -2**53 - 1,
        2**62, 2**63 - 1, -2**63, 2**64, -2**70]
floats = [0.0, -0.0, 0.5, -2.5, 3.0, 1e308, -1e-308, float("inf"), float("-inf"), float("nan"),
          9007199254740993.0, 2.0**63]
ops = ["+", "-", "*", "/", "//", "%", "<<", ">>", "<", "<=", "==", "!=", ">", ">="]


def show(v):
    if isinstance(v, float):
        return repr(v)
    return str(v)


def run(a, b, op):
    try:
        return show(eval("a %s b" % op))
    except Exception as e:
        return type(e).__name__ + ": " + str(e)


def inplace(a, b, op):
    if op in ("<", "<=", "==", "!=", ">", ">="):
        return None
    env = {"x": a, "b": b}
    try:
        exec("x %s= b" % op, env)
        return show(env["x"])
    except Exception as e:
        return type(e).__name__ + ": " + str(e)


lines = 0
for op in ops:
    for a in ints + floats:
        for b in ints + floats:
            if op in ("<<", ">>") and (isinstance(a, float) or isinstance(b, float) or b > 200):
                continue
            r = run(a, b, op)
            ri = inplace(a, b, op)
            print(show(a), op, show(b), "->", r, "" if ri in (None, r) else "INPLACE " + ri)
            lines += 1
# shifts across the 62/63/64-bit edges
for a in [1, -1, 3, -3, 2**40, -2**40, 2**62, -2**62]:
    for s in [0, 1, 20, 21, 22, 23, 61, 62, 63, 64, 65, 100]:
        print(a, "<<", s, a << s, ">>", a >> s)
print(lines)
