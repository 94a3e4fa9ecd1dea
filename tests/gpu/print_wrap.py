import numpy as np
print(np.arange(40))
print(repr(np.arange(40)))
print(np.arange(30) * 1.5)
print(repr(np.arange(30, dtype=np.float32) / 7))
print(np.arange(60).reshape(3, 20))
print(repr(np.arange(24).reshape(2, 3, 4)))
print(np.arange(24).reshape(2, 3, 4))
print(repr(np.linspace(0, 1, 12)))
