import statistics as st
from fractions import Fraction
data = [2.75, 1.75, 1.25, 0.25, 0.5, 1.25, 3.5]
print(st.mean([1, 2, 3, 4, 4]), st.mean([1, 2, 3, 4]), st.mean(data), st.mean([Fraction(3, 7), Fraction(1, 21)]), st.mean([True, False, True]))
print(st.fmean([3.5, 4.0, 5.25]), st.fmean([1, 2, 3], weights=[0.25, 0.25, 0.5]), st.geometric_mean([54, 24, 36]), st.harmonic_mean([40, 60]), st.harmonic_mean([40, 60], weights=[5, 30]))
print(st.median([1, 3, 5]), st.median([1, 3, 5, 7]), st.median_low([1, 3, 5, 7]), st.median_high([1, 3, 5, 7]), st.median_grouped([52, 52, 53, 54]), st.median_grouped([1, 3, 3, 5, 7], interval=2))
print(st.mode([1, 1, 2, 3, 3, 3, 3, 4]), st.mode(["red", "blue", "blue", "red", "green", "red", "red"]), st.multimode("aabbbbccddddeeffffgg"), st.multimode([]))
print(st.variance(data), st.pvariance([0.0, 0.25, 0.25, 1.25, 1.5, 1.75, 2.75, 3.25]), st.variance([1, 2, 3, 4]), st.pvariance([1, 2, 3, 4]), st.variance([Fraction(1, 4), Fraction(5, 4), Fraction(1, 2)]))
print(st.stdev([1.5, 2.5, 2.5, 2.75, 3.25, 4.75]), st.pstdev([1.5, 2.5, 2.5, 2.75, 3.25, 4.75]), st.stdev([1, 2, 3, 4, 5]), st.pstdev([2, 4, 4, 4, 5, 5, 7, 9]))
print(st.quantiles([105, 129, 87, 86, 111, 111, 89, 81, 108, 92, 110, 100, 75, 105, 103, 109, 76, 119, 99, 91, 103, 129, 106, 101, 84, 111, 74, 87, 86, 103, 103, 106, 86, 111, 75, 87, 102, 121, 111, 88, 89, 101, 106, 95, 103, 107, 101, 81, 109, 104], n=10))
print(st.quantiles([1, 2, 3, 4, 5, 6, 7, 8], n=4, method="inclusive"), st.quantiles([10, 20], n=3))
x = [1, 2, 3, 4, 5, 6, 7, 8, 9]
y = [1, 2, 3, 1, 2, 3, 1, 2, 3]
print(st.covariance(x, y), st.correlation(x, x[::-1]), st.linear_regression([1, 2, 3, 4, 5], [3, 5, 7, 9, 11]), st.linear_regression(x, [2 * v for v in x], proportional=True))
nd = st.NormalDist(100, 15)
print(nd, round(nd.cdf(130), 6), round(nd.pdf(100), 6), nd.mean, nd.variance, st.NormalDist.from_samples([1, 2, 3, 4]))
for bad in [lambda: st.mean([]), lambda: st.variance([1]), lambda: st.median([]), lambda: st.mode([]), lambda: st.geometric_mean([1, -1]), lambda: st.harmonic_mean([-1, 2])]:
    try:
        bad()
    except st.StatisticsError as e:
        print("StatisticsError:", e)
print(isinstance(st.StatisticsError(), ValueError), st.stdev([0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7]), st.variance([1e10, 1e10 + 1, 1e10 + 2]))
