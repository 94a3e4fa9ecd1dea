import numpy as np
t = np.array([True, False])
print(t + t, (t + t).dtype, t * t, (t * 3).dtype)
print(np.logical_and(t, np.array([True, True])), np.logical_or(t, False), np.logical_not(t))
try:
    -t
except TypeError as e:
    print(e)
try:
    t - t
except TypeError as e:
    print(e)
print(t.sum(), t.mean(), t.astype(np.int32))
