s = {1, 2, 3}
print(sorted(s), len(s), 2 in s, 5 in s, 5 not in s)
s.add(4)
s.add(1)
print(sorted(s))
s.remove(4)
try:
    s.remove(4)
except KeyError as e:
    print('KeyError', e)
s.discard(4)
s.discard(1)
print(sorted(s))
print(s.pop() in (2, 3), len(s))
s.clear()
print(s, set(), set([1, 1, 2]) == {1, 2}, set('aab') == {'a', 'b'})
try:
    set().pop()
except KeyError as e:
    print('KeyError', e)
print({1}, {(1, 2)}, repr(set()), repr(frozenset()), frozenset({5}))
try:
    {[1]}
except TypeError as e:
    print(e)
try:
    s.add({})
except TypeError as e:
    print(e)
try:
    hash(set())
except TypeError as e:
    print(e)
print(type({1}).__name__, type(set()).__name__)
print({x % 3 for x in range(10)} == {0, 1, 2})
