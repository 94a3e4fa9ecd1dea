# Uncaught user exception with no message and a multi-line class body.
class Custom(Exception):
    """docstring"""
    code = 7
def go():
    raise Custom
print("go")
go()
