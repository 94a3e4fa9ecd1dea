# argparse: usage errors go to stderr with exit status 2 (required, unknown, missing values)
import argparse, sys, io
p = argparse.ArgumentParser(prog="err")
p.add_argument("pos")
p.add_argument("--req", required=True)
p.add_argument("--num", type=int)
def run(argv):
    err = io.StringIO()
    old = sys.stderr
    sys.stderr = err
    try:
        ns = p.parse_args(argv)
        sys.stderr = old
        print(argv, "->", vars(ns))
    except SystemExit as e:
        sys.stderr = old
        print(argv, "exit", e.code)
        print(err.getvalue(), end="")
for argv in [[], ["x"], ["x", "--req"], ["x", "--req", "r", "--bogus"], ["x", "y", "--req", "r"],
             ["x", "--req", "r", "--num"], ["x", "--req", "r"]]:
    run(argv)
try:
    p.add_argument("--req")
except argparse.ArgumentError as e:
    print("ArgumentError:", e)
