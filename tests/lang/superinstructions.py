# The compiler's superinstructions (LOAD_FAST / STORE_FAST fused with the next instruction):
# the fused first half raises like LOAD_FAST, the second half like itself, on their own lines,
# and a jump landing between the two halves runs the second alone.
import sys


class P:
    def __init__(self):
        self.a = 1

    def m(self, k):
        return self.a + k


def unbound(kind):
    if kind == 0:
        del_me = P()
        del del_me
        return del_me.a  # LOAD_FAST__LOAD_ATTR on an unbound local
    if kind == 1:
        x = 1
        del x
        return x + 1  # LOAD_FAST__LOAD_SMALL_INT
    if kind == 2:
        y = 2
        del y
        return y < 3  # LOAD_FAST__... COMPARE_OP
    if kind == 3:
        z = P()
        del z
        return z.m(1)  # LOAD_FAST__LOAD_METHOD
    if kind == 4:
        w = P()
        del w
        w.a = 5  # LOAD_FAST__STORE_ATTR
    return None


for k in range(5):
    try:
        unbound(k)
    except UnboundLocalError as e:
        tb = e.__traceback__
        while tb.tb_next:
            tb = tb.tb_next
        print(k, e, tb.tb_lineno - unbound.__code__.co_firstlineno)


def second_half_errors(p):
    out = []
    try:
        p.missing
    except AttributeError as e:
        out.append(str(e))
    try:
        p + 1
    except TypeError as e:
        out.append(str(e))
    try:
        p < 1
    except TypeError as e:
        out.append(str(e))
    return out


print(second_half_errors(P()))


def multi_line(p):
    return (p
            .a
            + p
            .m(
                2))


print(multi_line(P()))
try:
    multi_line(None)
except AttributeError as e:
    print(e)


def loops(n):
    # a loop head that is the second half of a pair (`i` stored, then loaded at the test)
    i = 0
    total = 0
    while i < n:
        total = total + i
        i = i + 1
    j = n
    while j:
        j -= 1
        total += j
    for a, b in zip(range(n), range(n, 0, -1)):
        total += a * b
    return total, i, j


print(loops(10), loops(0))


def chain(a, b, c, d):
    return a + b + c + d, a < b < c < d, (a, b, c, d)


print(chain(1, 2, 3, 4), chain("a", "b", "c", "d"))
