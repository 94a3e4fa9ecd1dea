s = {1}
try:
    s.remove()
except TypeError as e:
    print(e)
try:
    s.update(1)
except TypeError as e:
    print(e)
try:
    set(1)
except TypeError as e:
    print(e)
