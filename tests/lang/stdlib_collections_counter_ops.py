from collections import Counter
c = Counter(a=2, b=-1)
print(c + Counter(), c - Counter(), +c, -c)
c = Counter('aabbbc')
print(c.most_common(0), c.most_common(10), sorted(c))
c['z'] += 1
print(c)
print(Counter(a=1) == Counter(a=1, b=0), Counter('abc') < Counter('abcd') if hasattr(Counter, '__lt__') else None)
