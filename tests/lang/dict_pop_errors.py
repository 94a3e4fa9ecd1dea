d = {1: 2}
try:
    d.pop()
except TypeError as e:
    print(e)
try:
    d.pop(1, 2, 3)
except TypeError as e:
    print(e)
print(d.pop(1), d)
