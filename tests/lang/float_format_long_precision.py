# Precisions past the 17 significant digits of a double: every digit is exact (CPython prints
# the binary value's full expansion), for format types '', 'g', 'e', 'f', '%' and %-format.
values = [0.1, 1 / 3, 2 / 3, 1e-5, 123456.789, 1e300, 5e-324, 2.0 ** 70, -0.1, 0.0, -0.0]
for v in values:
    for spec in ['.17', '.30', '.60', '.100', '.60g', '.40e', '.70f', '#.40', '+.45', '>80.50',
                 '.60%', '.25n']:
        print(spec, format(v, spec))
for v in values:
    print('%.60g|%.50e|%.60f|%.70r' % (v, v, v, v) if False else '%.60g|%.50e|%.60f' % (v, v, v))
print(f'{0.1:.60}', '{:.55}'.format(2 / 3), str.format('{0:.300}', 1e-300))
print(format(1.5, '.1000')[:40], len(format(1.5, '.1000')), len(format(0.1, '.1000')))
print(format(float('inf'), '.60'), format(float('nan'), '.60'), format(-float('inf'), '.60g'))
