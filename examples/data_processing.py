# data_processing.py: a small NumPy data-analysis script that krait runs unchanged.
#
#   build/krait examples/data_processing.py      (krait's gpu module, as `numpy`)
#   python3 examples/data_processing.py          (CPython + NumPy prints the same report)
#
# It builds a synthetic table of measurements from arange-based formulas (deterministic, so
# both interpreters see the same numbers: krait's gpu.random draws differ from NumPy's), then
# normalises the columns, computes per-group statistics with boolean masks, a moving average
# with cumsum, a least-squares line through the normal equations, and percentiles by sorting.
import numpy as np

N = 1200


def fmt(values, digits=3):
    """A list of floats as text, rounded for a stable report."""
    return "[" + ", ".join(f"{v:.{digits}f}" for v in values) + "]"


def make_table(n):
    """Columns: hours of sunshine, temperature, ice creams sold; and a site id 0..2."""
    i = np.arange(n)
    # A cheap deterministic "noise" in [-0.5, 0.5): an integer hash of the row number.
    noise = ((i * 7919 + 13) % 1009) / 1009.0 - 0.5
    noise2 = ((i * 104729 + 7) % 997) / 997.0 - 0.5
    site = i % 3
    sunshine = 6.0 + 4.0 * np.sin(i * (2.0 * np.pi / 365.0)) + 1.5 * noise
    temperature = 12.0 + 1.8 * sunshine + 2.0 * site + 3.0 * noise2
    sales = 40.0 + 9.5 * temperature - 15.0 * site + 25.0 * noise * noise2 * 4.0
    table = np.stack([sunshine, temperature, sales], axis=1)
    return table, site


def normalise(table):
    """Each column to mean 0 and standard deviation 1 (broadcasting a row of statistics)."""
    mean = table.mean(axis=0)
    std = table.std(axis=0)
    return (table - mean) / std, mean, std


def moving_average(x, window):
    """The mean of each run of `window` consecutive values, via a cumulative sum."""
    c = np.cumsum(np.concatenate([np.zeros(1), x]))
    return (c[window:] - c[:-window]) / window


def fit_line(x, y):
    """Least-squares a + b*x: solve the 2x2 normal equations (X^T X) p = X^T y by hand."""
    X = np.stack([np.ones(x.shape[0]), x], axis=1)
    xtx = X.T @ X
    xty = X.T @ y
    a11, a12, a21, a22 = xtx[0, 0], xtx[0, 1], xtx[1, 0], xtx[1, 1]
    det = a11 * a22 - a12 * a21
    a = (a22 * xty[0] - a12 * xty[1]) / det
    b = (a11 * xty[1] - a21 * xty[0]) / det
    residual = y - (a + b * x)
    r2 = 1.0 - (residual ** 2).sum() / ((y - y.mean()) ** 2).sum()
    return a, b, r2


def percentile(x, q):
    """NumPy's default (linear) percentile, from a sorted copy."""
    s = np.sort(x)
    pos = (s.shape[0] - 1) * q / 100.0
    lo = int(pos)
    hi = min(lo + 1, s.shape[0] - 1)
    return s[lo] + (s[hi] - s[lo]) * (pos - lo)


def main():
    table, site = make_table(N)
    names = ["sunshine", "temperature", "sales"]
    print(f"table: {table.shape[0]} rows x {table.shape[1]} columns {names}")

    z, mean, std = normalise(table)
    print("column means:", fmt(mean.tolist()))
    print("column stds: ", fmt(std.tolist()))
    print("normalised min:", fmt(z.min(axis=0).tolist()))
    print("normalised max:", fmt(z.max(axis=0).tolist()))
    corr = (z.T @ z) / N
    print("correlation sunshine~temperature:", f"{corr[0, 1]:.3f}",
          " temperature~sales:", f"{corr[1, 2]:.3f}")

    print("per site:")
    for s in range(3):
        mask = site == s
        rows = table[mask]
        hot = mask & (table[:, 1] > 25.0)
        print(f"  site {s}: {int(mask.sum())} rows, means {fmt(rows.mean(axis=0).tolist(), 2)},"
              f" hot days {int(hot.sum())}, max sales {rows[:, 2].max():.1f}")

    sales = table[:, 2]
    ma = moving_average(sales, 30)
    print(f"30-day moving average: {ma.shape[0]} values, first {fmt(ma[:3].tolist(), 2)},"
          f" range {ma.min():.2f}..{ma.max():.2f}")
    best = int(np.argmax(ma))
    print(f"best 30-day window starts at day {best}")

    a, b, r2 = fit_line(table[:, 1], sales)
    print(f"fit sales = {a:.3f} + {b:.3f} * temperature  (R^2 = {r2:.4f})")

    qs = [5, 25, 50, 75, 95]
    print("sales percentiles", qs, fmt([percentile(sales, q) for q in qs], 2))


main()
