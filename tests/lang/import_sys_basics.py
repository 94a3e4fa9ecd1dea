# sys in the core subset: argv, getrecursionlimit, stdout/stderr objects, version_info.
import sys
print(sys.argv[0], sys.getrecursionlimit(), sys.version_info[0], sys.version_info >= (3,))
sys.stdout.write("written\n")
print(hasattr(sys.stderr, "write"), type(sys.maxsize).__name__)
