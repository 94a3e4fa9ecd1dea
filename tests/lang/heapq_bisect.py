import heapq, bisect, random
h = []
for x in [5, 1, 8, 3, 9, 2, 7]:
    heapq.heappush(h, x)
    print(h)
print([heapq.heappop(h) for _ in range(len(h))])
data = [9, 4, 7, 1, 8, 2, 6, 3, 5, 0]
heapq.heapify(data); print(data)
print(heapq.heapreplace(data, 10), data)
print(heapq.heappushpop(data, -1), heapq.heappushpop(data, 4), data)
print(heapq.nlargest(3, [1, 8, 2, 23, 7, -4, 18, 23, 42, 37, 2]), heapq.nsmallest(3, [1, 8, 2, 23, 7, -4]))
people = [{"n": "a", "age": 30}, {"n": "b", "age": 25}, {"n": "c", "age": 35}, {"n": "d", "age": 25}]
print(heapq.nsmallest(2, people, key=lambda p: p["age"]), heapq.nlargest(1, people, key=lambda p: p["age"]))
print(list(heapq.merge([1, 4, 7], [2, 5, 8], [3, 6, 9])), list(heapq.merge([], [1], [])))
print(list(heapq.merge(["a", "cc"], ["bbb"], key=len)), list(heapq.merge([7, 4, 1], [8, 2], reverse=True)))
tasks = []
for pri, name in [(3, "write"), (1, "plan"), (2, "code"), (1, "eat")]:
    heapq.heappush(tasks, (pri, name))
print([heapq.heappop(tasks) for _ in range(4)])
random.seed(5)
xs = [random.randrange(100) for _ in range(50)]
hh = list(xs); heapq.heapify(hh)
print(all(hh[k] <= hh[c] for k in range(len(hh)) for c in (2 * k + 1, 2 * k + 2) if c < len(hh)))
print(sorted(xs) == [heapq.heappop(hh) for _ in range(len(hh))])
try:
    heapq.heappop([])
except IndexError as e:
    print("IndexError:", e)
a = [1, 2, 4, 4, 4, 8]
print(bisect.bisect_left(a, 4), bisect.bisect_right(a, 4), bisect.bisect(a, 0), bisect.bisect(a, 9))
print(bisect.bisect_left(a, 4, 4), bisect.bisect_right(a, 4, 0, 3), bisect.bisect_left([], 1))
bisect.insort(a, 5); bisect.insort_left(a, 4); bisect.insort_right(a, 0); print(a)
def grade(score, breakpoints=[60, 70, 80, 90], grades="FDCBA"):
    return grades[bisect.bisect(breakpoints, score)]
print([grade(s) for s in [33, 99, 77, 70, 89, 90, 100]])
recs = [("a", 1), ("b", 3), ("c", 5)]
print(bisect.bisect_left(recs, 3, key=lambda r: r[1]), bisect.bisect_right(recs, 3, key=lambda r: r[1]))
bisect.insort(recs, ("x", 4), key=lambda r: r[1]); print(recs)
try:
    bisect.bisect_left(a, 1, -1)
except ValueError as e:
    print("ValueError:", e)
