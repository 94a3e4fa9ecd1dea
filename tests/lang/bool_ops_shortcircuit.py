# and/or/not return operands and short-circuit; conditional expressions.
def t(name, value, log):
    log.append(name)
    return value
log = []
print(t("a", 0, log) and t("b", 1, log), log)
log = []
print(t("a", 1, log) and t("b", 2, log), log)
log = []
print(t("a", 0, log) or t("b", "", log) or t("c", [], log), log)
log = []
print(t("a", "x", log) or t("b", 1 / 1, log), log)
print(0 and 1 / 0, 1 or 1 / 0, [] or {} or () or "last", "first" and [] and 1 / 0)
print(not (1 and 0), not (0 or 0), (not 1) == False, not not "x")
for n in [-5, 0, 5, 50]:
    print("neg" if n < 0 else "zero" if n == 0 else "small" if n < 10 else "big", end=" ")
print()
print((lambda: 1)() if True else 1 / 0, 1 / 1 if False else "no division")
x = 0
y = x or 7
z = x and 7
print(y, z, x if x else "falsy", [] if [] else [0])
print((1 if 1 else 2) + 3, 1 if 0 else 2 + 3)
