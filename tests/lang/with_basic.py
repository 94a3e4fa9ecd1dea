# with statements (next issue): __enter__/__exit__, exceptions, suppression, nesting.
class Ctx:
    def __init__(self, name, suppress=False):
        self.name = name
        self.suppress = suppress
    def __enter__(self):
        print("enter", self.name)
        return self.name.upper()
    def __exit__(self, et, ev, tb):
        print("exit", self.name, et.__name__ if et else None, ev)
        return self.suppress
with Ctx("a") as v:
    print("body", v)
with Ctx("outer") as o, Ctx("inner") as i:
    print("both", o, i)
with Ctx("swallow", suppress=True):
    raise ValueError("suppressed")
print("after suppression")
try:
    with Ctx("propagate"):
        raise KeyError("k")
except KeyError as e:
    print("propagated", e)
def early():
    with Ctx("ret"):
        return "returned"
print(early())
for i in range(2):
    with Ctx("loop%d" % i):
        if i == 0:
            continue
        break
