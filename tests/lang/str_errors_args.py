cases = [lambda: "a".split(1), lambda: "a".join(1), lambda: "a".center(), lambda: "a".center("x"),
         lambda: "a".zfill("3"), lambda: "a".replace("a"), lambda: "a".startswith(), lambda: "a".find(),
         lambda: "a".encode(1), lambda: "a".strip("a", "b"), lambda: "a".expandtabs("x"), lambda: "a".count(1),
         lambda: "a".ljust(2, 3), lambda: "a".splitlines("x") if False else "a".upper(1)]
for c in cases:
    try: print(c())
    except Exception as e: print(type(e).__name__, e)
