# sys.exit(3): status 3 and nothing on stderr.
import sys
print("bye")
sys.exit(3)
