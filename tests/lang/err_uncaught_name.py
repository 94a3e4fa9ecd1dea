# Uncaught NameError inside a function called from a loop.
def use(i):
    return i + undefined_name
for i in range(3):
    print(i)
    if i == 2:
        use(i)
