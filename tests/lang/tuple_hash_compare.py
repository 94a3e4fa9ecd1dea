print(hash((1, 2, 3)) == hash((1, 2, 3)))
print(hash((1, 2)) != hash((2, 1)))
d = {(1, 2): 'a', (1, (2, 3)): 'b'}
print(d[(1, 2)], d[1, (2, 3)])
print(hash((1.0, 2)) == hash((1, 2)))
print(sorted([(2, 'b'), (1, 'z'), (2, 'a'), (1,)]))
print(max((1, 2), (1, 3)), min((0, 9), (0, 1, 2)))
try:
    (1, 'a') < (1, 2)
except TypeError as e:
    print(e)
print((1, 2) != (1, 2.0), (1, 2) == [1, 2])
t = ()
print(len(t))
print(tuple(reversed((1, 2, 3))))
print((1, 2, 3)[1:2], (1, 2, 3)[5:])
