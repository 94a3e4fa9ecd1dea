# Robustness: compile() of thousands of random t-string-like sources (fixed seed) must end
# in code or a SyntaxError, never a crash, hang or another exception; what compiles runs
# (its exceptions are caught). CPython 3.11 (no t-strings) and krait print the same: only
# the count of sources tried.
import random
import warnings

warnings.simplefilter("ignore")  # CPython warns about some of the random sources

rng = random.Random(12)
pieces = ['t"', "t'", 't"""', "rt'", 'f"', '"', "'", "{", "}", "{{", "}}", ":", "!", "=",
          "r", "s", "a", "x", "1", " ", "\\", "\\n", "\n", "(", ")", "[", "]", "#", "t'{",
          "{x}", "{x!r}", "{x:>{w}}", "{x=}", "'''", "\\N{BULLET}", "\\x4", ",", "lambda",
          "yield", "é"]
tried = 0
for n in range(20000):
    src = "".join(rng.choice(pieces) for _ in range(rng.randrange(1, 14)))
    tried += 1
    try:
        code = compile(src, "<random>", "exec")
    except SyntaxError:
        continue
    except (ValueError, MemoryError, RecursionError) as e:
        print("unexpected", type(e).__name__, repr(src))
        continue
    try:
        exec(code, {"x": 1, "w": 3, "r": "r", "s": "s", "a": "a"})
    except Exception:
        pass
print("tried", tried)
