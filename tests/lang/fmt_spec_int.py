for v in [0, 7, -7, 255, 1234567, -1234567, 2**70]:
    for spec in ["d", "5d", "<5d", ">5d", "^6d", "+d", "-d", " d", "05d", "x", "X", "#x", "#X", "o", "#o",
                 "b", "#b", "08b", "#010x", ",", "_", "_x", "_b", ",d", "=+8", "*^9", "n", "c" if 0 <= v < 1000 else "d", "", "e", ".2f", "%", "g"]:
        print(spec, "[" + format(v, spec) + "]")
for bad in ["s", ",x", "z", ".2d", "=s"]:
    try: print(format(5, bad))
    except ValueError as e: print(type(e).__name__, e)
