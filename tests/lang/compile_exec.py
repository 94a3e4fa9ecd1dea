# compile() and code objects; exec/eval with separate globals and locals; FunctionType
import types

c = compile("y = x * 2\nprint('y is', y)", "myfile", "exec")
print(type(c).__name__, type(c) is types.CodeType, c.co_filename, c.co_name)
g = {"x": 21}
exec(c, g)
print(g["y"], "__builtins__" in g)
loc = {}
exec(c, {"x": 5}, loc)
print(loc)
e = compile("x + 1", "<e>", "eval")
print(eval(e, {"x": 1}), eval(e, {}, {"x": 10}), eval(e, {"x": 1}, {"x": 100}))
print(eval(compile("3 * 4", "f", "eval")), exec(compile("1", "f", "exec")))
exec(compile("10 + 1", "f", "single"))
exec(compile("for i in range(2): i\n", "f", "single"))
exec(compile(b"print('from bytes')", "f", "exec"))
for src, mode in [("1 +", "exec"), ("x = 1", "eval"), ("a\nb", "single"), ("", "eval")]:
    try:
        compile(src, "bad.py", mode)
    except SyntaxError as err:
        print(mode, "SyntaxError", err.filename)
for args in [("1", "f", "nope"), (1, "f", "exec"), ("1", 2, "exec")]:
    try:
        compile(*args)
    except (ValueError, TypeError) as err:
        print(type(err).__name__, err)
try:
    exec(compile("undefined_name", "f", "exec"))
except NameError as err:
    print("NameError", err)

# locals and globals stay apart
G = {"a": 1}
L = {"b": 2}
exec("c = a + b\nglobal d\nd = 4\ndef f(): return a\ne = f()", G, L)
print(sorted(k for k in G if k != "__builtins__"), sorted(L), L["c"], L["e"])
print(eval("a + b", G, L))
try:
    exec("print(b)", G)
except NameError as err:
    print("NameError", err)
try:
    exec("1", None, 5)
except TypeError as err:
    print("TypeError", err)
try:
    exec("1", "g")
except TypeError as err:
    print("TypeError", err)


def inside():
    v = 7
    print(eval("v + 1"))
    exec("w = v * 3\nprint('w', w)")
    ns = {}
    exec("z = 1", globals(), ns)
    return ns


print(inside())
print(hash(compile("", "", "exec")) is not None)


# FunctionType from a code object
def f():
    return a


ft = types.FunctionType
f1 = ft(f.__code__, {"a": 1})
f2 = ft(f.__code__, {"a": 2}, "renamed")
print(f1(), f2(), f2.__name__, type(f1) is ft)
def adder(p, q=10):
    return p + q
f3 = ft(adder.__code__, {}, None, (5,))
print(f3(1), f3(1, 2))
def outer():
    k = 3
    def inner():
        return k
    return inner
inn = outer()
f4 = ft(inn.__code__, {}, None, None, inn.__closure__)
print(f4())
for args in [(None, {}), (f.__code__, None), (f.__code__, {}, 5), (f.__code__, {}, None, [1]),
             (inn.__code__, {})]:
    try:
        ft(*args)
    except (TypeError, ValueError) as err:
        print(type(err).__name__, err)
