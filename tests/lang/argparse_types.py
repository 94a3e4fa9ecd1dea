# argparse: type= conversions (int, float, custom callables, FileType-free), choices and defaults
import argparse

def even(text):
    v = int(text)
    if v % 2:
        raise argparse.ArgumentTypeError(f"{v} is not even")
    return v

p = argparse.ArgumentParser(prog="types")
p.add_argument("--i", type=int, default="7")
p.add_argument("--f", type=float)
p.add_argument("--e", type=even)
p.add_argument("--c", type=int, choices=[1, 2, 3])
p.add_argument("--s", type=str.upper)
p.add_argument("--l", type=lambda t: t.split(","))
print(vars(p.parse_args([])))
print(vars(p.parse_args(["--i", "3", "--f", "2.5", "--e", "4", "--c", "2", "--s", "abc", "--l", "x,y"])))
import sys, io
for argv in [["--i", "x"], ["--e", "3"], ["--c", "9"], ["--f", "nan?"]]:
    err = io.StringIO()
    old = sys.stderr
    sys.stderr = err
    try:
        p.parse_args(argv)
    except SystemExit as e:
        sys.stderr = old
        print(argv, "exit", e.code, err.getvalue().strip().splitlines()[-1])
    finally:
        sys.stderr = old
