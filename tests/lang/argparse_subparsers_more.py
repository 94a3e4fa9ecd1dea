# argparse: subparsers with dest, set_defaults(func=...), aliases, required subcommands
import argparse, sys, io
p = argparse.ArgumentParser(prog="git")
p.add_argument("--verbose", action="store_true")
sub = p.add_subparsers(dest="command", required=True)
c = sub.add_parser("commit", aliases=["ci"], help="record changes")
c.add_argument("-m", "--message", required=True)
c.set_defaults(func=lambda a: f"commit {a.message!r}")
s = sub.add_parser("status", help="show status")
s.add_argument("--short", action="store_true")
s.set_defaults(func=lambda a: f"status short={a.short}")
for argv in [["commit", "-m", "hi"], ["ci", "-m", "alias"], ["--verbose", "status", "--short"]]:
    a = p.parse_args(argv)
    print(a.command, a.verbose, a.func(a))
err = io.StringIO()
old, sys.stderr = sys.stderr, err
try:
    p.parse_args([])
except SystemExit as e:
    sys.stderr = old
    print("exit", e.code, err.getvalue().strip().splitlines()[-1])
sys.stderr = old
p.print_help()
