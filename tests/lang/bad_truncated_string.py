print('ok')
s = "abc