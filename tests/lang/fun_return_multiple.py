def f(): return 1, 2, 3
a, b, c = f()
print(a, b, c, f())
def g(): return
print(g())
def h():
    pass
print(h())
def early(x):
    if x:
        return "yes"
    return "no"
print(early(1), early(0))
def ret_star(): return (*[1, 2], 3)
print(ret_star())
