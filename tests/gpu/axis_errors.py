import numpy as np
a = np.ones((2, 3))
for ax in [2, -3]:
    try:
        a.sum(axis=ax)
    except Exception as e:
        print(isinstance(e, ValueError), e)
print(a.sum(axis=-2))
try:
    np.zeros(-1)
except ValueError as e:
    print(e)
try:
    np.array([1, 2], dtype="nope")
except TypeError as e:
    print(e)
