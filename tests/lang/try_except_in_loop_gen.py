def gen():
    for i in range(4):
        try:
            if i % 2:
                raise ValueError(i)
            yield i
        except ValueError as e:
            yield "err%s" % e
print(list(gen()))
res = []
for i in range(3):
    try:
        if i == 1: raise StopIteration
        res.append(i)
    except StopIteration:
        res.append("si")
print(res)
