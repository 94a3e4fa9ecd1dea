l = [3, 2, 1]
def k(x):
    l.append(x)
    return x
try:
    l.sort(key=k)
except ValueError as e:
    print(e)
print(sorted(l))
