for v in [0, 999, 1000, -1000, 1234567, 10**12, 1234.5, 0.001, -9876543.21, 12345678.9]:
    print(v, format(v, ","), format(v, "_"), format(v, ",.2f"), format(v, "015,.1f"), format(v, ">15,"), format(v, "_.3e"))
print(format(1234567, "015_"), format(-1234, "08,"), format(1234, "010,d"), format(0xabcdef, "_X"), format(255, "#_o"))
