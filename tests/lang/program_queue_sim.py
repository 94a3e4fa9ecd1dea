# A discrete event simulation with a hand-written binary heap and float statistics.
class Heap:
    def __init__(self):
        self.a = []
    def push(self, item):
        a = self.a
        a.append(item)
        i = len(a) - 1
        while i > 0:
            p = (i - 1) // 2
            if a[p] <= a[i]:
                break
            a[p], a[i] = a[i], a[p]
            i = p
    def pop(self):
        a = self.a
        top = a[0]
        last = a.pop()
        if a:
            a[0] = last
            i = 0
            n = len(a)
            while True:
                l, r, m = 2 * i + 1, 2 * i + 2, i
                if l < n and a[l] < a[m]:
                    m = l
                if r < n and a[r] < a[m]:
                    m = r
                if m == i:
                    break
                a[m], a[i] = a[i], a[m]
                i = m
        return top
    def __len__(self):
        return len(self.a)
state = 42
def rand():
    global state
    state = (state * 6364136223846793005 + 1442695040888963407) % 2 ** 64
    return (state >> 11) / 2 ** 53
h = Heap()
t = 0.0
for i in range(500):
    t += rand() * 2.0
    h.push((t, "arrive", i))
busy_until = 0.0
waits = []
served = 0
while len(h):
    when, kind, who = h.pop()
    if kind == "arrive":
        start = max(when, busy_until)
        waits.append(start - when)
        busy_until = start + rand() * 1.9
        h.push((busy_until, "leave", who))
    else:
        served += 1
print(served, len(waits), round(sum(waits) / len(waits), 6), round(max(waits), 6), round(busy_until, 6))
xs = [rand() for _ in range(10)]
print([round(x, 4) for x in xs], sorted(xs)[0] == min(xs))
