print(divmod(7, 3), divmod(-7, 3), divmod(7, -3), divmod(7.5, 2), divmod(-7.5, 2))
try:
    divmod(1, 0)
except ZeroDivisionError as e:
    print(e)
print(pow(2, 10), pow(2, -1), pow(2, 10, 7), pow(3, -1, 7), pow(2.0, 3), pow(-8, 1/3) if False else 0)
try:
    pow(2, 3, 0)
except ValueError as e:
    print(e)
print(round(2.5), round(3.5), round(-2.5), round(2.675, 2), round(1234, -2), round(0.5), round(1.5), round(7))
print(round(3.14159, 3), round(-0.5), type(round(2.2)).__name__, type(round(2.2, 0)).__name__)
print(round(1e300), round(15, -1), round(25, -1))
