print(bool(0), bool(1), bool(-1), bool(2**100), not 0, not 5, 0 or 5, 3 and 4, 0 and 1)
print(int.__bool__(0) if hasattr(int, "__bool__") else "", (5).__bool__())
