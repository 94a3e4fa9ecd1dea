def make_gen():
    state = {"n": 0}
    def gen():
        while state["n"] < 3:
            state["n"] += 1
            yield state["n"]
    return gen, state
gen, state = make_gen()
print(list(gen()), state)
def acc():
    total = []
    def add(x):
        total.append(x)
        return sum(total)
    return add
a = acc()
print(a(1), a(2), a(3))
