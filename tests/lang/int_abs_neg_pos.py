for v in [0, 5, -5, 2**70, -(2**70), True]:
    print(abs(v), -v, +v, ~v, v.__abs__(), v.__neg__(), v.__pos__(), v.__invert__())
