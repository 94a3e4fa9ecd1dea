# An uncaught exception raised three calls deep: traceback through every frame, exit status 1.
def level3(x):
    return x["missing"]
def level2(x):
    y = level3(x)
    return y
def level1():
    data = {"present": 1}
    return level2(data)
print("start")
level1()
print("never printed")
