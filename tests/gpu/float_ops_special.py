import numpy as np
np.seterr(all="ignore")
a = np.array([1.0, -1.0, 0.0])
print(a / 0.0)
print(np.log(np.array([0.0, 1.0])))
print(np.sqrt(np.array([-1.0, 4.0])))
print(np.array([5.0, -5.0]) // np.array([0.0, 2.0]))
print(np.array([5.5, -5.5]) % np.array([2.0, 2.0]))
