class E(Exception):
    def __init__(self):
        print("E instantiated")
        super().__init__("auto")
try:
    raise E
except E as e:
    print(e)
try:
    raise ValueError
except ValueError as e:
    print(repr(e))
class NotExc: pass
try:
    raise NotExc
except TypeError as e:
    print(e)
try:
    raise NotExc()
except TypeError as e:
    print(e)
try:
    raise ValueError("a") from KeyError
except ValueError as e:
    print(repr(e.__cause__))
