def count(n):
    if n:
        yield n
        yield from count(n - 1)
print(sum(count(200)))
def chain(*its):
    for it in its:
        yield from it
print(list(chain([1], (2, 3), "xy", range(2))))
