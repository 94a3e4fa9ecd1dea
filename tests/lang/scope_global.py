# global declarations, module-level names seen from functions, UnboundLocalError.
count = 0
def bump():
    global count
    count += 1
    return count
bump(); bump()
print(count)
def make_global():
    global created_later
    created_later = "made inside a function"
make_global()
print(created_later)
x = "module x"
def read_x():
    return x
def local_x():
    x = "local x"
    return x
print(read_x(), local_x(), x)
def unbound():
    print(x)
    x = 1
try:
    unbound()
except UnboundLocalError as e:
    print("UnboundLocalError:", e)
def use_undefined():
    return not_defined_anywhere
try:
    use_undefined()
except NameError as e:
    print("NameError:", e)
def del_then_use():
    y = 1
    del y
    return y
try:
    del_then_use()
except UnboundLocalError as e:
    print("UnboundLocalError:", e)
def nested_global():
    def inner():
        global count
        count = 100
    inner()
print(nested_global(), count)
for loop_var in range(3):
    pass
print(loop_var)
print([comp_var for comp_var in range(2)])
try:
    comp_var
except NameError as e:
    print("NameError:", e)
print(len, len is len)
len = lambda s: "shadowed"
print(len("abc"))
del len
print(len("abc"))
