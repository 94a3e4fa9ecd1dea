# Sorting: ints, floats, strings, tuples and key functions, plus a hand-written merge sort.
seed = 42
def rnd():
    global seed
    seed = (seed * 6364136223846793005 + 1442695040888963407) % 18446744073709551616
    return seed >> 33
ints = [rnd() % 1000000 for _ in range(200000)]
floats = [rnd() / 2147483648.0 for _ in range(100000)]
strs = [str(rnd()) for _ in range(50000)]
pairs = [(rnd() % 100, rnd() % 1000) for _ in range(100000)]
a = sorted(ints)
b = sorted(floats, reverse=True)
c = sorted(strs)
d = sorted(pairs, key=lambda p: (p[1], -p[0]))
def merge_sort(l):
    if len(l) <= 1:
        return l
    mid = len(l) // 2
    left = merge_sort(l[:mid])
    right = merge_sort(l[mid:])
    out = []
    i = j = 0
    while i < len(left) and j < len(right):
        if left[i] <= right[j]:
            out.append(left[i])
            i += 1
        else:
            out.append(right[j])
            j += 1
    out.extend(left[i:])
    out.extend(right[j:])
    return out
m = merge_sort(ints[:50000])
print(a[0], a[-1], a[100000], round(b[0], 6), c[0], c[-1], d[0], d[-1], m == sorted(ints[:50000]))
