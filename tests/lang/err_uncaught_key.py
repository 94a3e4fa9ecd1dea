# Uncaught KeyError with a tuple key (its message is the repr of the key).
d = {(1, 2): "x"}
print(d[1, 2])
print(d[(3, 4)])
