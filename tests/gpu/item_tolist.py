import numpy as np
a = np.arange(6).reshape(2, 3)
print(a.tolist(), type(a.tolist()[0][0]).__name__)
print(np.array([1.5, 2.0]).tolist(), np.array([True]).tolist())
print(a.item(4), a.item(1, 2), np.array([3.5]).item())
print(np.array(5).tolist(), np.array(5).item())
try:
    a.item()
except ValueError as e:
    print(e)
print(float(np.array(2.5)), int(np.array(7)), bool(np.array([0])))
try:
    float(np.arange(3))
except TypeError as e:
    print(e)
print(len(a), len(np.arange(7)))
for row in a:
    print(row)
print(np.arange(3).tolist())
