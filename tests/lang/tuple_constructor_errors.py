try:
    tuple(1)
except TypeError as e:
    print(e)
try:
    tuple(1, 2)
except TypeError as e:
    print(e)
print(tuple(x for x in 'ab'), tuple({1: 2}), tuple({3}))
