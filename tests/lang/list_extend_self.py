l = [1, 2]
l.extend(l)
print(l)
l += l
print(l)
l[1:2] = l
print(l)
