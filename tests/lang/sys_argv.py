# args: one "two words" 3
# sys.argv holds the script name as given, then the arguments.
import sys
print(sys.argv)
print(len(sys.argv), sys.argv[0], sys.argv[1:])
