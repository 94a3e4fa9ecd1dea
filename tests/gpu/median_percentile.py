import numpy as np
a = np.array([[10, 7, 4], [3, 2, 1]])
print(np.median(a), np.median(a, axis=0), np.median(a, axis=1), np.median(a, axis=-1))
print(np.percentile(a, 50), np.percentile(a, 25), np.percentile(a, [0, 33, 100]))
print(np.percentile(a, 75, axis=0), np.percentile(a, [10, 90], axis=1))
print(np.percentile(a, np.array([[5, 50], [95, 100]])))
x = np.arange(11) * 0.1
print(np.median(x), np.percentile(x, 37.5), np.percentile(x, [1, 2.5, 99.9]))
f = np.array([3.5, 1.25, 2.0, 8.0], dtype=np.float32)
print(np.median(f), np.percentile(f, [30]), np.percentile(f, [30, 60]).dtype)
q32 = np.array([30, 55], dtype=np.float32)
print(np.percentile(f, q32), np.percentile(f.reshape(2, 2), 30, axis=0))
print(np.median([1.0, np.nan, 3.0]), np.percentile([1.0, 2.0, np.nan], 50))
print(np.median([5]), np.median([2, 1]), np.median(np.arange(24).reshape(2, 3, 4), axis=1))
print(np.percentile(np.arange(24).reshape(2, 3, 4), 40, axis=2))
print(np.percentile(np.arange(24).reshape(2, 3, 4), [40], axis=0))
print(np.median(np.array([True, False, True])))
for bad in (101, -1, [50, 100.5]):
    try:
        np.percentile(a, bad)
    except ValueError as e:
        print("ValueError:", e)
try:
    np.median(a, axis=2)
except ValueError as e:
    print("ValueError:", e)
