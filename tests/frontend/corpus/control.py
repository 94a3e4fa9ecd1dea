if a: pass
if a:
    pass
elif b:
    pass
elif c: pass
else:
    pass
while x: x -= 1
while True:
    if x: break
    else: continue
else:
    pass
for i in range(10): print(i)
for i, (j, k) in x: pass
for [a, b] in c: pass
for *a, b in c: pass
for a.b in c: pass
for a[0] in c: pass
for x in 1, 2, 3: pass
for x in *a, *b: pass
for i in x:
    pass
else:
    done()
try:
    pass
except:
    pass
try:
    pass
except ValueError:
    pass
except (TypeError, KeyError) as e:
    raise
except Exception as e:
    raise ValueError('x') from e
else:
    pass
finally:
    pass
try:
    pass
finally:
    pass
with a: pass
with a as b: pass
with a as (b, c), d as e[0], f as g.h: pass
with (a, b): pass
with (a as b, c as d): pass
with (a as b, c as d,): pass
with (a): pass
with (a) as b: pass
with (yield): pass
with a, (b): pass
assert x
assert x, 'msg'
del a
del a, b
del (a, b)
del [a, b]
del a.b, a[0], a[1:2]
del (a), b
raise
raise E
raise E from None
pass; pass; x = 1;
return_ = 1
if (x := f()) is not None: pass
while (line := read()): pass
