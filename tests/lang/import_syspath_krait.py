import sys
print(type(sys.path[0]).__name__)
print(sys.path[0].endswith("lang"))
