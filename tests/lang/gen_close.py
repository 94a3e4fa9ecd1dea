def g():
    try:
        yield 1
        yield 2
    finally:
        print("cleanup")
it = g()
print(next(it))
it.close()
print(list(it))
it.close()
def h():
    try:
        yield 1
    except GeneratorExit:
        print("got GeneratorExit")
        raise
it = h(); next(it); it.close()
def bad():
    try:
        yield 1
    except GeneratorExit:
        yield 2
it = bad(); next(it)
try:
    it.close()
except RuntimeError as e:
    print(e)
def ret():
    try:
        yield 1
    except GeneratorExit:
        return 5
it = ret(); next(it); print(it.close())
it = g()
it.close()
print("closed unstarted")
