print('ok')
x = 'æ—