class B(bytes): pass
class BA(bytearray): pass
class S(str): pass
class I(int): pass
class F(float): pass
xs = []
for k in range(50):
    b = B(b"xy"); b.attr = k
    ba = BA(b"xy"); ba.attr = k; ba.append(65)
    s = S("hi"); s.attr = k
    i = I(2**70 + k); i.attr = k
    f = F(1.5); f.attr = k
    xs.append((b, ba, s, i, f))
print(xs[-1], [x.attr for x in xs[-1]], BA(3), B(2), B([1, 2]), BA(b"q") + b"r", B(b"ab").upper())
