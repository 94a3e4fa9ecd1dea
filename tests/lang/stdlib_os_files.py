import os
d = 'tmp_stdlib_os_files_dir'
if os.path.exists(d):
    for f in os.listdir(d):
        os.remove(os.path.join(d, f))
    os.rmdir(d)
os.mkdir(d)
with open(os.path.join(d, 'a.txt'), 'w') as f:
    f.write('hello\n')
os.makedirs(os.path.join(d, 'sub', 'deep'), exist_ok=True)
print(sorted(os.listdir(d)))
os.rename(os.path.join(d, 'a.txt'), os.path.join(d, 'b.txt'))
print(sorted(os.listdir(d)), os.stat(os.path.join(d, 'b.txt')).st_size)
try:
    os.mkdir(d)
except FileExistsError as e:
    print('FileExistsError', e.errno == 17)
try:
    os.remove(os.path.join(d, 'nope'))
except FileNotFoundError as e:
    print('FileNotFoundError', e)
os.remove(os.path.join(d, 'b.txt'))
os.rmdir(os.path.join(d, 'sub', 'deep'))
os.rmdir(os.path.join(d, 'sub'))
os.rmdir(d)
print(os.path.exists(d))
print(type(os.getcwd()).__name__, type(os.environ).__name__ in ('_Environ', 'dict'), os.environ.get('NO_SUCH_VAR_XYZ', 'unset'), os.getenv('NO_SUCH_VAR_XYZ'))
print(os.name, type(os.getpid()).__name__, os.path.join(os.curdir, 'x'))
os.environ['KRAIT_T'] = 'v'
print(os.environ['KRAIT_T'], os.getenv('KRAIT_T'))
