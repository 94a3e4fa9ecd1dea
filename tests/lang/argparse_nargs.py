# argparse: nargs ?, *, +, N and REMAINDER with positionals and optionals
import argparse
p = argparse.ArgumentParser(prog="n")
p.add_argument("first")
p.add_argument("maybe", nargs="?", default="dflt")
p.add_argument("rest", nargs="*")
p.add_argument("--two", nargs=2)
p.add_argument("--opt", nargs="?", const="was-const", default="not-given")
p.add_argument("--many", nargs="+")
for argv in [["a"], ["a", "b"], ["a", "b", "c", "d"], ["a", "--two", "x", "y"],
             ["a", "--opt"], ["a", "--opt", "val"], ["a", "--many", "1", "2"]]:
    print(argv, "->", vars(p.parse_args(argv)))
r = argparse.ArgumentParser(prog="r")
r.add_argument("cmd")
r.add_argument("args", nargs=argparse.REMAINDER)
print(vars(r.parse_args(["run", "--flag", "x", "-y"])))
