def f():
    if True:
        for i in range(3):
            while False:
                x = [1, 2
            pass
