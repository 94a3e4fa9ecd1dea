# os.uname(): a struct sequence of five strings (values differ per machine: not printed)
import os

u = os.uname()
print(type(u).__name__, type(u) is os.uname_result, len(u), isinstance(u, tuple))
print([type(x).__name__ for x in u], u.sysname == u[0], u.machine == u[-1])
print(str(u).startswith("posix.uname_result(sysname="), "machine=" in repr(u))
print(u.sysname == os.uname().sysname, tuple(u) == tuple(os.uname()))
try:
    os.uname(1)
except TypeError as e:
    print("TypeError")
