# krait-test: no-gc-stress
# A small recursion limit set with sys, the error caught, then sys.exit with a status.
import sys
sys.setrecursionlimit(100)
def down(n):
    return down(n + 1)
print("before")
try:
    down(0)
except RecursionError as e:
    print(type(e).__name__, e)
sys.exit(3)
