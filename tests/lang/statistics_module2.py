import statistics as st
from fractions import Fraction

data = [2.75, 1.75, 1.25, 0.25, 0.5, 1.25, 3.5]
print(st.mean(data), st.fmean(data), st.median(data), st.median_low(data), st.median_high(data))
print(st.mode([1, 1, 2, 3, 3, 3]), st.multimode('aabbbcc'), st.multimode([]))
print(st.pstdev(data), st.stdev(data), st.pvariance(data), st.variance(data))
print(st.mean([Fraction(1, 3), Fraction(2, 3)]), st.median([1, 3, 5, 7]))
print(st.geometric_mean([54, 24, 36]), st.harmonic_mean([40, 60]))
print(st.quantiles([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], n=4))
print(st.quantiles(range(1, 11), n=4, method='inclusive'))
print(st.median_grouped([52, 52, 53, 54]))
print(st.mean(range(10)), st.variance([1, 2, 3, 4], 2.5))
for bad in ([], ):
    for fn in (st.mean, st.median, st.mode):
        try:
            fn(bad)
        except st.StatisticsError as e:
            print(fn.__name__, 'StatisticsError', e)
try:
    st.stdev([1])
except st.StatisticsError as e:
    print('stdev', e)
print(issubclass(st.StatisticsError, ValueError))
