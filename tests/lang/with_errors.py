# with statements (next issue): objects that are not context managers.
class NoExit:
    def __enter__(self):
        return self
try:
    with NoExit():
        pass
except (AttributeError, TypeError) as e:
    print(type(e).__name__, e)
try:
    with 5:
        pass
except (AttributeError, TypeError) as e:
    print(type(e).__name__, e)
