# argparse: store, store_const, store_true/false, append, append_const, count, extend, version
import argparse
p = argparse.ArgumentParser(prog="act")
p.add_argument("--name")
p.add_argument("--const", action="store_const", const=42)
p.add_argument("--yes", action="store_true")
p.add_argument("--no", action="store_false")
p.add_argument("--item", action="append")
p.add_argument("--str", dest="types", action="append_const", const=str)
p.add_argument("--int", dest="types", action="append_const", const=int)
p.add_argument("-v", action="count")
p.add_argument("--ext", action="extend", nargs="+", type=int)
for argv in [[], ["--name", "x", "--const", "--yes", "--no"], ["--item", "a", "--item", "b"],
             ["--str", "--int", "--str"], ["-vvv", "-v"], ["--ext", "1", "2", "--ext", "3"]]:
    print(vars(p.parse_args(argv)))
q = argparse.ArgumentParser(prog="ver")
q.add_argument("--version", action="version", version="%(prog)s 1.2")
try:
    q.parse_args(["--version"])
except SystemExit as e:
    print("exit", e.code)
