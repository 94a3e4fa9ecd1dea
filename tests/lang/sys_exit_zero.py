# sys.exit(0) and sys.exit(None) end quietly with status 0; finally blocks run.
import sys
try:
    print("in try")
    sys.exit(0)
finally:
    print("finally ran")
print("not reached")
