# argparse: argument groups and mutually exclusive groups in help and parsing
import argparse, sys, io
p = argparse.ArgumentParser(prog="grp", description="Groups demo.")
g = p.add_argument_group("network", "options for the network")
g.add_argument("--host", default="localhost", help="server host")
g.add_argument("--port", type=int, default=80, help="server port")
m = p.add_mutually_exclusive_group()
m.add_argument("--quiet", action="store_true", help="say nothing")
m.add_argument("--loud", action="store_true", help="say everything")
p.print_help()
print(vars(p.parse_args(["--host", "h", "--quiet"])))
err = io.StringIO()
old, sys.stderr = sys.stderr, err
try:
    p.parse_args(["--quiet", "--loud"])
except SystemExit as e:
    sys.stderr = old
    print("exit", e.code, err.getvalue().strip().splitlines()[-1])
sys.stderr = old
r = argparse.ArgumentParser(prog="req")
rm = r.add_mutually_exclusive_group(required=True)
rm.add_argument("--a", action="store_true")
rm.add_argument("--b", action="store_true")
print(vars(r.parse_args(["--b"])))
