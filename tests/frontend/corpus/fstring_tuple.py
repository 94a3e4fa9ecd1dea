x = y = 1
t = f'{x,}' f'{x, y}'
