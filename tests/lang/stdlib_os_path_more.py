import os.path as p
print(p.commonprefix([]), p.commonprefix(['/usr/lib', '/usr/local']), p.commonpath(['a/b', 'a/c']), p.commonpath(['/x']))
try:
    p.commonpath([])
except ValueError as e:
    print(e)
try:
    p.commonpath(['/a', 'b'])
except ValueError as e:
    print(e)
print(p.join('a', 'b', '/c', 'd'), p.splitext('/a/b'), p.basename(''), p.dirname(''))
