# Generators and comprehensions: a pipeline of generator functions, generator expressions
# consumed by sum/any, list/dict/set comprehensions, and yield from.
def count_up(n):
    i = 0
    while i < n:
        yield i
        i += 1


def evens(it):
    for x in it:
        if x % 2 == 0:
            yield x


def squares(it):
    for x in it:
        yield x * x


def chain(*its):
    for it in its:
        yield from it


total = 0
for rep in range(40):
    total += sum(squares(evens(count_up(40000))))
    total += sum(x for x in range(40000) if x % 3 == 0)
    lst = [x * 2 for x in range(20000)]
    d = {x: x % 7 for x in range(20000)}
    s = {x % 1000 for x in lst}
    total += len(lst) + sum(d.values()) + len(s)
    total += sum(chain(range(1000), (y for y in range(1000)), [5] * 1000))
print(total)
