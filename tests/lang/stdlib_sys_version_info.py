import sys
v = sys.version_info
print(v.major, v.minor, v[:2], v >= (3,), len(v), type(v).__name__)
print(sys.float_info.dig, sys.float_info.epsilon == 2.0 ** -52, sys.float_info.max_exp)
