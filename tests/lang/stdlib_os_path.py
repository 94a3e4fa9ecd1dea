import os.path
import os
p = os.path
print(p.join('a', 'b', 'c.txt'), p.join('/a', '/b'), p.join('a/', 'b'), p.join('a', ''), p.join(''))
print(p.split('/a/b/c'), p.split('c'), p.split('/'), p.split('a/'), p.split('//x//y'))
print(p.splitext('f.tar.gz'), p.splitext('.bashrc'), p.splitext('a/b.c/d'), p.splitext('x.'), p.splitext('..a'))
print(p.basename('/a/b/c'), p.basename('/a/b/'), p.dirname('/a/b/c'), p.dirname('c'), p.dirname('/c'))
print(p.isabs('/a'), p.isabs('a'), p.normpath('/a/./b/../c//d/'), p.normpath(''), p.normpath('../a/..'), p.normpath('//a'), p.normpath('///a'))
print(p.exists('.'), p.isdir('.'), p.isfile('.'), p.exists('no_such_file_xyz'), p.isfile('stdlib_os_path.py'))
print(p.abspath('x') == p.join(os.getcwd(), 'x'), p.commonprefix(['abc', 'abd', 'ab']), p.commonpath(['/a/b/c', '/a/b/d']))
print(p.splitdrive('/a/b'), p.sep, os.sep, os.curdir, os.pardir, p.expanduser('x'), p.relpath('/a/b/c', '/a'), p.relpath('/a', '/a/b/c'))
print(p.getsize('stdlib_os_path.py') > 0, p.normcase('AbC'), p.islink('.'))
