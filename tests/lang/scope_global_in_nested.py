count = 0
def outer():
    def inner():
        global count
        count += 10
    inner()
    return count
print(outer(), count)
def shadow_then_global():
    x = 1
    def h():
        global x
        x = "global-x"
    h()
    return x
print(shadow_then_global(), x)
