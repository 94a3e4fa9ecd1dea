import numpy as np
a = np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 7.0]])
print(a.mean(), a.mean(axis=0), a.mean(axis=1))
print(round(a.var(), 6), a.var(axis=0), np.round(a.var(axis=1), 6))
print(round(a.std(), 6), np.round(a.std(axis=0), 6))
print(round(a.var(ddof=1), 6))
print(np.mean(np.arange(10)), np.var(np.arange(5)), round(np.std(np.arange(5)), 6))
print(np.arange(4).mean() + 1)
print(a.mean(axis=0, keepdims=True))
