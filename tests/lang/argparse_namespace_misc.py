# argparse: parse_known_args, intermixed positionals, fromfile_prefix_chars-free reuse, add_help=False
import argparse
p = argparse.ArgumentParser(prog="k", add_help=False)
p.add_argument("--a", type=int)
p.add_argument("xs", nargs="*")
ns, extra = p.parse_known_args(["1", "--a", "2", "--zz", "3", "-q"])
print(vars(ns), extra)
print(vars(p.parse_args(["--a", "5"])), vars(p.parse_args(["x", "y"])))
parent = argparse.ArgumentParser(add_help=False)
parent.add_argument("--shared", default="s")
child = argparse.ArgumentParser(prog="child", parents=[parent])
child.add_argument("--own")
print(vars(child.parse_args(["--shared", "x", "--own", "y"])))
child.print_help()
