"""statistics for krait: averages and measures of spread (mean, fmean, geometric_mean,
harmonic_mean, median and its variants, mode, multimode, quantiles, variance, stdev and
their population forms, covariance, correlation, linear_regression), written from the
documented behaviour of CPython 3.11 (docs.python.org/3.11/library/statistics.html).
Sums are exact (Fractions), so results round once, as CPython's do."""

import math
from fractions import Fraction
from collections import Counter

__all__ = ["NormalDist", "StatisticsError", "correlation", "covariance", "fmean",
           "geometric_mean", "harmonic_mean", "linear_regression", "mean", "median",
           "median_grouped", "median_high", "median_low", "mode", "multimode", "pstdev",
           "pvariance", "quantiles", "stdev", "variance"]


class StatisticsError(ValueError):
    pass


def _coerce(T, S):
    """The type of a sum of T and S values: int < Fraction < float (bool counts as int)."""
    if T is bool:
        T = int
    if S is bool:
        S = int
    if T is S:
        return T
    if S is int:
        return T
    if T is int:
        return S
    if issubclass(S, T):
        return S
    if issubclass(T, S):
        return T
    if issubclass(T, int):
        return S
    if issubclass(S, int):
        return T
    if issubclass(T, Fraction) and issubclass(S, float):
        return S
    if issubclass(T, float) and issubclass(S, Fraction):
        return T
    raise TypeError("can't convert type '%s' to numerator/denominator" % S.__name__)


def _exact_ratio(x):
    try:
        return x.as_integer_ratio()
    except AttributeError:
        pass
    except (OverflowError, ValueError):
        return (x, None)
    try:
        return (x.numerator, x.denominator)
    except AttributeError:
        raise TypeError("can't convert type '%s' to numerator/denominator" %
                        type(x).__name__) from None


def _sum(data):
    """(type, exact sum as a Fraction, count)."""
    count = 0
    types = set()
    partials = {}
    for x in data:
        types.add(type(x))
        n, d = _exact_ratio(x)
        count += 1
        partials[d] = partials.get(d, 0) + n
    if None in partials:
        total = partials[None]
    else:
        total = sum(Fraction(n, d) for d, n in partials.items())
    T = int
    for t in types:
        T = _coerce(T, t)
    return (T, total, count)


def _convert(value, T):
    if type(value) is T:
        return value
    if issubclass(T, int) and value.denominator != 1:
        T = float
    try:
        return T(value)
    except TypeError:
        if issubclass(T, Fraction):
            return T(value.numerator, value.denominator)
        raise


def _fail_neg(values, errmsg="negative value"):
    for x in values:
        if x < 0:
            raise StatisticsError(errmsg)
        yield x


def mean(data):
    """Arithmetic mean ("average") of data."""
    T, total, n = _sum(data)
    if n < 1:
        raise StatisticsError("mean requires at least one data point")
    return _convert(total / n, T)


def fmean(data, weights=None):
    """Fast, floating point arithmetic mean, with optional weighting."""
    if weights is None:
        try:
            n = len(data)
        except TypeError:
            data = list(data)
            n = len(data)
        if n == 0:
            raise StatisticsError("fmean requires at least one data point")
        return math.fsum(data) / n
    data = list(data)
    weights = list(weights)
    if len(weights) != len(data):
        raise StatisticsError("data and weights must be the same length")
    num = math.fsum(x * w for x, w in zip(data, weights))
    den = math.fsum(weights)
    if not den:
        raise StatisticsError("sum of weights must be non-zero")
    return num / den


def geometric_mean(data):
    """Convert data to floats and compute the geometric mean."""
    try:
        return math.exp(fmean(map(math.log, data)))
    except ValueError:
        raise StatisticsError("geometric mean requires a non-empty dataset containing "
                              "positive numbers") from None


def harmonic_mean(data, weights=None):
    """Return the harmonic mean of data."""
    data = list(data)
    errmsg = "harmonic mean does not support negative values"
    n = len(data)
    if n < 1:
        raise StatisticsError("harmonic_mean requires at least one data point")
    elif n == 1 and weights is None:
        x = data[0]
        if isinstance(x, (int, float, Fraction)):
            if x < 0:
                raise StatisticsError(errmsg)
            return x
        raise TypeError("unsupported type")
    if weights is None:
        weights = [1] * n
        sum_weights = n
    else:
        weights = list(weights)
        if len(weights) != n:
            raise StatisticsError("Number of weights does not match data size")
        _, sum_weights, _ = _sum(w for w in _fail_neg(weights, errmsg))
    try:
        data = list(_fail_neg(data, errmsg))
        T, total, count = _sum(w / x if w else 0 for w, x in zip(weights, data))
    except ZeroDivisionError:
        return 0
    if total <= 0:
        raise StatisticsError("Weighted sum must be positive")
    return _convert(sum_weights / total, T)


def median(data):
    """Median (middle value) of numeric data, the mean of the middle two for an even
    count."""
    data = sorted(data)
    n = len(data)
    if n == 0:
        raise StatisticsError("no median for empty data")
    if n % 2 == 1:
        return data[n // 2]
    i = n // 2
    return (data[i - 1] + data[i]) / 2


def median_low(data):
    """Low median of numeric data."""
    data = sorted(data)
    n = len(data)
    if n == 0:
        raise StatisticsError("no median for empty data")
    if n % 2 == 1:
        return data[n // 2]
    return data[n // 2 - 1]


def median_high(data):
    """High median of numeric data."""
    data = sorted(data)
    n = len(data)
    if n == 0:
        raise StatisticsError("no median for empty data")
    return data[n // 2]


def median_grouped(data, interval=1):
    """Median of grouped continuous data (the 50th percentile by interpolation)."""
    data = sorted(data)
    n = len(data)
    if n == 0:
        raise StatisticsError("no median for empty data")
    elif n == 1:
        return data[0]
    x = data[n // 2]
    for obj in (x, interval):
        if isinstance(obj, (str, bytes)):
            raise TypeError("expected number but got %r" % (obj,))
    try:
        L = x - interval / 2
    except TypeError:
        L = float(x) - float(interval) / 2
    lo = 0
    while lo < n and data[lo] < x:
        lo += 1
    hi = lo
    while hi < n and data[hi] <= x:
        hi += 1
    cf = lo
    f = hi - lo
    return L + interval * (n / 2 - cf) / f


def mode(data):
    """The most common data point (the first one met, among ties)."""
    pairs = Counter(iter(data)).most_common(1)
    try:
        return pairs[0][0]
    except IndexError:
        raise StatisticsError("no mode for empty data") from None


def multimode(data):
    """The most frequently occurring values, in the order first encountered."""
    counts = Counter(iter(data))
    if not counts:
        return []
    maxcount = max(counts.values())
    return [value for value, count in counts.items() if count == maxcount]


def quantiles(data, *, n=4, method="exclusive"):
    """Divide data into n continuous intervals with equal probability: the n-1 cut
    points."""
    if n < 1:
        raise StatisticsError("n must be at least 1")
    data = sorted(data)
    ld = len(data)
    if ld < 2:
        raise StatisticsError("must have at least two data points")
    if method == "inclusive":
        m = ld - 1
        result = []
        for i in range(1, n):
            j, delta = divmod(i * m, n)
            interpolated = (data[j] * (n - delta) + data[j + 1] * delta) / n
            result.append(interpolated)
        return result
    if method == "exclusive":
        m = ld + 1
        result = []
        for i in range(1, n):
            j = i * m // n
            j = 1 if j < 1 else ld - 1 if j > ld - 1 else j
            delta = i * m - j * n
            interpolated = (data[j - 1] * (n - delta) + data[j] * delta) / n
            result.append(interpolated)
        return result
    raise ValueError("Unknown method: %r" % (method,))


def _ss(data, c=None):
    """(type, exact sum of squared deviations about c (the mean by default), c, n)."""
    if c is not None:
        T, ssd, count = _sum((d := x - c) * d for x in data)
        return (T, ssd, c, count)
    data = list(data)
    count = 0
    types = set()
    total = Fraction(0)
    ratios = []
    for x in data:
        types.add(type(x))
        n, d = _exact_ratio(x)
        if d is None:
            return (float, float("nan"), float("nan"), len(data))
        ratios.append(Fraction(n, d))
        total += ratios[-1]
        count += 1
    T = int
    for t in types:
        T = _coerce(T, t)
    if not count:
        ssd = c = Fraction(0)
    else:
        mean_ = total / count
        c = mean_
        ssd = sum((r - mean_) ** 2 for r in ratios)
    return (T, ssd, c, count)


def _sqrt_of_fraction(q):
    """sqrt(q) for a non-negative Fraction, correctly rounded to a float."""
    n, d = q.numerator, q.denominator
    if n == 0:
        return 0.0
    # scale so the integer square root has at least 56 significant bits, then round once
    shift = max(0, 112 - (n.bit_length() - d.bit_length()))
    shift += shift % 2
    scaled = (n << shift) // d
    exact = ((n << shift) % d) == 0
    r = math.isqrt(scaled)
    if r * r != scaled or not exact:
        r |= 1  # sticky bit: the true root lies strictly between r and r + 1
    return r / (1 << (shift // 2))


def variance(data, xbar=None):
    """Sample variance of data (n - 1 in the denominator)."""
    T, ss, c, n = _ss(data, xbar)
    if n < 2:
        raise StatisticsError("variance requires at least two data points")
    return _convert(ss / (n - 1), T)


def pvariance(data, mu=None):
    """Population variance of data."""
    T, ss, c, n = _ss(data, mu)
    if n < 1:
        raise StatisticsError("pvariance requires at least one data point")
    return _convert(ss / n, T)


def stdev(data, xbar=None):
    """Sample standard deviation: the square root of the sample variance."""
    T, ss, c, n = _ss(data, xbar)
    if n < 2:
        raise StatisticsError("stdev requires at least two data points")
    mss = ss / (n - 1)
    if isinstance(mss, float):
        return math.sqrt(mss)
    return _sqrt_of_fraction(Fraction(mss))


def pstdev(data, mu=None):
    """Population standard deviation: the square root of the population variance."""
    T, ss, c, n = _ss(data, mu)
    if n < 1:
        raise StatisticsError("pstdev requires at least one data point")
    mss = ss / n
    if isinstance(mss, float):
        return math.sqrt(mss)
    return _sqrt_of_fraction(Fraction(mss))


def covariance(x, y, /):
    """Sample covariance of two inputs."""
    n = len(x)
    if len(y) != n:
        raise StatisticsError("covariance requires that both inputs have same number of "
                              "data points")
    if n < 2:
        raise StatisticsError("covariance requires at least two data points")
    xbar = fsum_div(x, n)
    ybar = fsum_div(y, n)
    sxy = math.fsum((xi - xbar) * (yi - ybar) for xi, yi in zip(x, y))
    return sxy / (n - 1)


def fsum_div(values, n):
    return math.fsum(values) / n


def correlation(x, y, /):
    """Pearson's correlation coefficient for two inputs."""
    n = len(x)
    if len(y) != n:
        raise StatisticsError("correlation requires that both inputs have same number of "
                              "data points")
    if n < 2:
        raise StatisticsError("correlation requires at least two data points")
    xbar = fsum_div(x, n)
    ybar = fsum_div(y, n)
    sxy = math.fsum((xi - xbar) * (yi - ybar) for xi, yi in zip(x, y))
    sxx = math.fsum((d := xi - xbar) * d for xi in x)
    syy = math.fsum((d := yi - ybar) * d for yi in y)
    try:
        return sxy / math.sqrt(sxx * syy)
    except ZeroDivisionError:
        raise StatisticsError("at least one of the inputs is constant") from None


class LinearRegression(tuple):
    def __new__(cls, slope, intercept):
        return super().__new__(cls, (slope, intercept))

    @property
    def slope(self):
        return self[0]

    @property
    def intercept(self):
        return self[1]

    def __repr__(self):
        return "LinearRegression(slope=%r, intercept=%r)" % (self[0], self[1])


def linear_regression(x, y, /, *, proportional=False):
    """Slope and intercept of the ordinary least squares line through (x, y)."""
    n = len(x)
    if len(y) != n:
        raise StatisticsError("linear regression requires that both inputs have same "
                              "number of data points")
    if n < 2:
        raise StatisticsError("linear regression requires at least two data points")
    if proportional:
        sxy = math.fsum(xi * yi for xi, yi in zip(x, y))
        sxx = math.fsum(xi * xi for xi in x)
    else:
        xbar = fsum_div(x, n)
        ybar = fsum_div(y, n)
        sxy = math.fsum((xi - xbar) * (yi - ybar) for xi, yi in zip(x, y))
        sxx = math.fsum((d := xi - xbar) * d for xi in x)
    try:
        slope = sxy / sxx
    except ZeroDivisionError:
        raise StatisticsError("x is constant") from None
    intercept = 0.0 if proportional else ybar - slope * xbar
    return LinearRegression(slope=slope, intercept=intercept)


class NormalDist:
    """Normal distribution of a random variable (mean mu, standard deviation sigma)."""

    def __init__(self, mu=0.0, sigma=1.0):
        if sigma < 0.0:
            raise StatisticsError("sigma must be non-negative")
        self._mu = float(mu)
        self._sigma = float(sigma)

    @classmethod
    def from_samples(cls, data):
        return cls(*_mean_stdev(data))

    def pdf(self, x):
        variance = self._sigma ** 2.0
        if not variance:
            raise StatisticsError("pdf() not defined when sigma is zero")
        diff = x - self._mu
        return math.exp(diff * diff / (-2.0 * variance)) / math.sqrt(math.tau * variance)

    def cdf(self, x):
        if not self._sigma:
            raise StatisticsError("cdf() not defined when sigma is zero")
        return 0.5 * (1.0 + math.erf((x - self._mu) / (self._sigma * math.sqrt(2.0))))

    @property
    def mean(self):
        return self._mu

    @property
    def median(self):
        return self._mu

    @property
    def mode(self):
        return self._mu

    @property
    def stdev(self):
        return self._sigma

    @property
    def variance(self):
        return self._sigma ** 2.0

    def __repr__(self):
        return "%s(mu=%r, sigma=%r)" % (type(self).__name__, self._mu, self._sigma)

    def __eq__(self, other):
        if not isinstance(other, NormalDist):
            return NotImplemented
        return self._mu == other._mu and self._sigma == other._sigma


def _mean_stdev(data):
    T, ss, xbar, n = _ss(data)
    if n < 2:
        raise StatisticsError("stdev requires at least two data points")
    mss = ss / (n - 1)
    return float(xbar), _sqrt_of_fraction(Fraction(mss))
