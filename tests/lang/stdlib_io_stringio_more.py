import io
s = io.StringIO('abc\ndef')
print(s.read(2), s.tell(), s.readline(), s.readline(), repr(s.readline()))
s = io.StringIO()
s.write('x')
s.writelines(['a', 'b'])
print(s.getvalue())
print(io.StringIO('q').getvalue(), io.StringIO().read())
