# Assignment expressions in conditions, comprehensions and calls.
data = [5, 12, 7, 30, 1]
if (n := len(data)) > 3:
    print("long", n)
i = 0
while (v := data[i]) < 20:
    i += 1
print(v, i)
print([y for x in data if (y := x * 2) > 20], y)
print((z := 10) + z, z)
def f(a):
    return a
print(f(w := 3), w)
total = 0
print([total := total + x for x in range(5)], total)
