for i, c in enumerate('xyz', start=10):
    print(i, c)
print(list(enumerate(range(3), -3)))
