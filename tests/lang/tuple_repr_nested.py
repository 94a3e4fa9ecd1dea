print(((1,), (), ((),), (1, (2, (3,)))))
print(repr(('a',)), str((None, 'b')))
