import bisect
import heapq

a = [1, 2, 4, 4, 4, 8]
for x in (0, 4, 5, 9):
    print(x, bisect.bisect_left(a, x), bisect.bisect_right(a, x), bisect.bisect(a, x))
print(bisect.bisect_left(a, 4, 1, 3), bisect.bisect_right(a, 4, lo=4))
b = list(a)
bisect.insort(b, 3)
bisect.insort_left(b, 4)
bisect.insort_right(b, 10)
print(b)
recs = [('a', 1), ('c', 3), ('e', 5)]
print(bisect.bisect_left(recs, 3, key=lambda r: r[1]))
bisect.insort(recs, ('d', 4), key=lambda r: r[1])
print(recs)
grades = 'FDCBA'
print([grades[bisect.bisect([60, 70, 80, 90], s)] for s in (33, 99, 77, 70, 89, 90, 100)])
try:
    bisect.bisect(a, 1, -1)
except ValueError as e:
    print('ValueError', e)
h = []
for v in [5, 1, 8, 3, 9, 2]:
    heapq.heappush(h, v)
print(h, heapq.heappop(h), heapq.heappushpop(h, 0), heapq.heapreplace(h, 7), h)
print(heapq.nlargest(3, [5, 1, 8, 3, 9]), heapq.nsmallest(2, 'zyxw'))
print(heapq.nlargest(2, [{'n': 1}, {'n': 5}, {'n': 3}], key=lambda d: d['n']))
print(list(heapq.merge([1, 4, 7], [2, 5], [3, 6, 9])))
print(list(heapq.merge(['a', 'cc'], ['bbb'], key=len, reverse=False)))
data = [9, 7, 5, 3, 1, 2]
heapq.heapify(data)
print(data, [heapq.heappop(data) for _ in range(len(data))])
try:
    heapq.heappop([])
except IndexError as e:
    print('IndexError', e)
