# An uncaught RecursionError: the traceback folds the repeated frames.
import sys
sys.setrecursionlimit(60)
def down(n):
    return down(n + 1)
print("start")
down(0)
