# Float formatting through format specs, f-strings, str.format and %.
v = [0.0, 1.0, -1.5, 3.14159265358979, 1234567.891, 1e-10, 1e100, 2.5, 0.125, float("inf"),
     float("nan"), -0.0, 123456789.0]
for x in v:
    print(format(x, ""), format(x, "f"), format(x, ".2f"), format(x, "e"), format(x, ".3e"),
          format(x, "g"), format(x, ".3g"), format(x, "%"), format(x, ".1%"), format(x, "10.2f"),
          format(x, "<12.4g"), format(x, "+.1f"), format(x, ",.2f"), format(x, "_.3f"),
          format(x, "E"), format(x, "G"), format(x, "#.0f"), format(x, "010.3f"), format(x, ".0e"))
print("%f %e %g %.2f %10.3f %-10.1f| %+g %E %G" % (1.5, 1.5, 1.5, 2.345, 3.14159, 2.5, 1e-5, 1e20, 1e-20))
print("%5.1f%%" % 99.44, "%.0f" % 0.5, "%.0f" % 1.5, "%.3g" % 0.0001234, "%g" % 1e16, "%g" % 123456)
print(f"{1/3:.5}", f"{2/3:.15g}", f"{1e6:.0}", f"{12.0:g}", f"{1e-7:g}", f"{0.00001:f}")
print("{:.2f} {:>8.3f} {:^9.1e}|{:=+10.2f}".format(3.14159, 2.71828, 12345.6789, -1.5))
print(format(1e16, ".17g"), format(0.1, ".20f"), format(2 ** 0.5, ".30f"), format(1e22, "f"))
