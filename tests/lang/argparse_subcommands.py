import argparse, sys
p = argparse.ArgumentParser(prog="calc")
p.add_argument("x", type=int)
p.add_argument("y", type=float, nargs="?", default=1.5)
p.add_argument("--op", choices=["add", "mul"], required=True)
g = p.add_mutually_exclusive_group()
g.add_argument("-q", "--quiet", action="store_true")
g.add_argument("--loud", action="store_true")
for argv in [["1", "--op", "add"], ["2", "3", "--op=mul", "-q"], [], ["x", "--op", "add"], ["1", "--op", "div"],
             ["1", "--op", "add", "-q", "--loud"], ["1", "2", "3", "--op", "add"], ["1", "--op"], ["--bogus", "1", "--op", "add"]]:
    try:
        print(p.parse_args(argv))
    except SystemExit as e:
        print("exit", e.code)
p2 = argparse.ArgumentParser(prog="git")
p2.add_argument("--version", action="version", version="%(prog)s 1.0")
sub = p2.add_subparsers(dest="command", help="sub-command help")
c = sub.add_parser("commit", help="record changes")
c.add_argument("-m", "--message", required=True)
c.add_argument("--amend", action="store_true")
pu = sub.add_parser("push", help="update remote")
pu.add_argument("remote", nargs="?", default="origin")
pu.add_argument("--force", "-f", action="store_true")
for argv in [["commit", "-m", "hi"], ["push"], ["push", "upstream", "-f"], ["commit", "--amend", "-m", "x y"], ["nope"]]:
    try:
        print(p2.parse_args(argv))
    except SystemExit as e:
        print("exit", e.code)
p2.print_help()
try:
    p2.parse_args(["--version"])
except SystemExit as e:
    print("exit", e.code)
try:
    c.parse_args(["--help"])
except SystemExit as e:
    print("exit", e.code)
p3 = argparse.ArgumentParser(prog="app", formatter_class=argparse.ArgumentDefaultsHelpFormatter, description="An app.")
grp = p3.add_argument_group("network", "Network options")
grp.add_argument("--host", default="localhost", help="server host")
grp.add_argument("--port", type=int, default=8080, help="server port")
p3.add_argument("--retries", type=int, default=3, help="retry count")
p3.add_argument("files", nargs="*", help="input files")
p3.set_defaults(debug=False)
p3.print_help()
print(p3.parse_args(["a", "b", "--port", "99"]))
ns = argparse.Namespace(a=1, b="x")
print(ns, ns == argparse.Namespace(a=1, b="x"), "a" in ns, vars(ns))
p4 = argparse.ArgumentParser(prog="t")
p4.add_argument("--num", type=int, action="append")
p4.add_argument("--const", action="append_const", const=7)
p4.add_argument("--ext", action="extend", nargs="+")
p4.add_argument("--no-color", dest="color", action="store_false")
print(p4.parse_args(["--num", "1", "--num", "2", "--const", "--const", "--ext", "a", "b", "--ext", "c", "--no-color"]))
print(p4.parse_args([]))
