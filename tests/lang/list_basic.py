# List construction, operators, comparisons and the common methods.
a = [3, 1, 4, 1, 5, 9, 2, 6]
print(a, len(a), a[0], a[-1], a[2:5], a[::-1], a[::3], a[5:1:-2], a[-3:], a[:100], a[100:])
print(a + [7], a * 2, [0] * 5, 2 * [1, 2], [] * 3, [[]] * 2, 4 in a, 7 not in a, a.count(1), a.index(5))
print([1, 2] == [1, 2], [1, 2] < [1, 3], [1, 2] < [1, 2, 0], [2] > [1, 9], [] < [0], [1, [2]] == [1, [2]])
b = list(a)
b.append(10); b.extend([11, 12]); b.extend(range(2)); b.insert(0, -1); b.insert(100, 99); b.insert(-2, 55)
print(b)
print(b.pop(), b.pop(0), b.pop(-3), b)
b.remove(1); print(b)
b.reverse(); print(b)
b.sort(); print(b)
b.sort(reverse=True); print(b)
b.clear(); print(b, len(b))
c = a.copy(); c[0] = 100; print(a[0], c[0])
print(list(), list("ab"), list(range(3)), list((1, 2)), list({1: 2, 3: 4}), list(x for x in range(3)))
nested = [[1, 2], [3, 4]]
shallow = nested[:]
shallow[0].append(99)
print(nested, shallow is nested, shallow[0] is nested[0])
for bad in [lambda: a[8], lambda: a[-9], lambda: [].pop(), lambda: a.index(42), lambda: a.remove(42),
            lambda: a["x"], lambda: a + (1,), lambda: [1] < ["a"], lambda: a.pop(20)]:
    try:
        bad()
    except (IndexError, ValueError, TypeError) as e:
        print(type(e).__name__, e)
x = [1, 2]
x += [3]; x += (4, 5); x += "ab"; x *= 2
print(x)
print(min(a), max(a), sum(a), sorted(a), sorted(a, reverse=True), list(reversed(a)), a)
print([1, 2, 3].__len__(), [] == [], [] is [], repr([1, "a", None, 2.5, [True]]))
l = [0] * 3
l[1] = l
print(l)
print(a.index(1, 2), a.index(1, 2, 4), a.count([1]), [[1]].count([1]))
