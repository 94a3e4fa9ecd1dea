print(str(-0), str(10**20), repr(-10**20), int(str(2**200)) == 2**200, "%d" % 2**100, "{:,}".format(2**100))
print(format(2**100, "x"), format(-2**100, "#b")[:12], format(10**25, "e"), format(10**25, ".3e"), format(2**70, "_"))
print(float(10**25), 10**25 / 3, int(1e25))
