# argparse: abbreviations of long options, allow_abbrev=False, prefix_chars and = forms
import argparse, sys, io
p = argparse.ArgumentParser(prog="pre")
p.add_argument("--verbose", action="store_true")
p.add_argument("--version-string")
p.add_argument("--output")
print(vars(p.parse_args(["--verb", "--out=o.txt"])))
err = io.StringIO()
old, sys.stderr = sys.stderr, err
try:
    p.parse_args(["--ver"])
except SystemExit as e:
    sys.stderr = old
    print("exit", e.code, err.getvalue().strip().splitlines()[-1])
sys.stderr = old
q = argparse.ArgumentParser(prog="noabbrev", allow_abbrev=False)
q.add_argument("--long")
print(vars(q.parse_known_args(["--lo", "x"])[0]), q.parse_known_args(["--lo", "x"])[1])
r = argparse.ArgumentParser(prog="plus", prefix_chars="-+")
r.add_argument("+f", action="store_true")
r.add_argument("-g")
print(vars(r.parse_args(["+f", "-g", "1"])))
