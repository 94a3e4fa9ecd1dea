# Uncaught ZeroDivisionError at module level.
print("computing")
x = 10
y = x - 10
print(x / y)
