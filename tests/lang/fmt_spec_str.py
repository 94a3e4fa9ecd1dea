for s in ["", "a", "hello", "héllo"]:
    for spec in ["", "s", "5", "<5", ">5", "^5", "*^7", ".2", "10.3", "-<4", "0<4", "^"]:
        print(spec, "[" + format(s, spec) + "]")
for bad in ["d", "+", ",", "=5", "#", "05"]:
    try: print(format("x", bad))
    except ValueError as e: print(type(e).__name__, e)
