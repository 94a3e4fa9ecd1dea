for v in [5, -5, 0, 5.5, -5.5, 0.0, -0.0]:
    print([format(v, s) for s in ["+", "-", " ", "+05", " 06", "=+7", "+^9", "-<6", "z" if False else "+"]])
