t = (1,)
t += (2,)
t *= 2
print(t, t * -1, (0,) * 3)
try:
    t * 1.0
except TypeError as e:
    print(e)
