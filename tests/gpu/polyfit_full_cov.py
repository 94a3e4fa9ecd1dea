# np.polyfit's full= (coefficients, residuals, rank, singular values, rcond) and cov=
# (the scaled covariance, or 'unscaled'), for one and several right-hand sides, with
# weights, and the error when there are too few points to scale the covariance.
import numpy as np

x = np.array([0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.5])
y = np.array([1.0, 2.9, 9.2, 19.1, 33.2, 50.8, 86.0])
c, res, rank, sv, rc = np.polyfit(x, y, 2, full=True)
print(np.round(c, 8), np.round(res, 6), rank, np.round(sv, 8), rc)
c, v = np.polyfit(x, y, 2, cov=True)
print(np.round(c, 8))
print(np.round(v, 8))
c, v = np.polyfit(x, y, 1, cov="unscaled")
print(np.round(v, 8))
Y = np.stack([y, y[::-1] * 0.5], axis=1)
c, v = np.polyfit(x, Y, 2, cov=True)
print(c.shape, v.shape)
print(np.round(v[:, :, 1], 6))
c, res, rank, sv, rc = np.polyfit(x, Y, 3, full=True, w=np.linspace(1, 2, 7))
print(np.round(c, 6), np.round(res, 6), rank, sv.shape)
c, res, rank, sv, rc = np.polyfit(x[:3], y[:3], 2, full=True)
print(np.round(c, 8), res, rank)
try:
    np.polyfit(x[:3], y[:3], 2, cov=True)
except ValueError as e:
    print("ValueError:", e)
