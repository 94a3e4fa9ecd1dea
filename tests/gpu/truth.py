import numpy as np
try:
    if np.array([1, 2]):
        pass
except ValueError as e:
    print(e)
print(bool(np.array([5])), bool(np.array([0.0])))
if np.array([1, 2]).all():
    print("all")
