# OverflowError from int-to-float conversion.
big = 10 ** 400
print(big > 1)
print(float(big))
