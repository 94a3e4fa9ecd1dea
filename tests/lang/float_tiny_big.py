for e in range(-330, 320, 37):
    v = float("1.2345e%d" % e)
    print(e, v, repr(v * 3), "%.3g" % v)
