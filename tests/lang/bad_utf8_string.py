print('before')
s = 'abc€def'
print(s)
