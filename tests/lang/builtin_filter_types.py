print(list(filter(str.isalpha, 'a1b2')), tuple(filter(None, (0, 1, 2))), set(filter(lambda x: x, [0, 3])))
