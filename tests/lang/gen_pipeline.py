# Generators (next issue): lazy pipelines, infinite sources, throw().
def numbers():
    n = 0
    while True:
        yield n
        n += 1
def evens(src):
    for x in src:
        if x % 2 == 0:
            yield x
def take(n, src):
    for i, x in enumerate(src):
        if i >= n:
            return
        yield x
print(list(take(6, evens(numbers()))))
def catcher():
    while True:
        try:
            yield "waiting"
        except ValueError as e:
            yield "caught " + str(e)
c = catcher()
print(next(c), c.throw(ValueError("bad")), next(c))
def gen_raises():
    yield 1
    raise KeyError("inside generator")
try:
    for v in gen_raises():
        print("got", v)
except KeyError as e:
    print("KeyError:", e)
