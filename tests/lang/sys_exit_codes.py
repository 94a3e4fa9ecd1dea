# sys.exit with an int, a string message (stderr, status 1), and SystemExit caught.
import sys
try:
    sys.exit(5)
except SystemExit as e:
    print("caught SystemExit", e.code, repr(e))
try:
    raise SystemExit
except SystemExit as e:
    print("code", e.code)
print("exiting")
sys.exit("fatal: message goes to stderr")
