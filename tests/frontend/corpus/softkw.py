match = 1
match.x = 2
match[0] = 3
match(1)
print(match)
case = 4
_ = 5
type = int
match, case = 1, 2
match - 1
match * 2
x = match
def match(): pass
class case: pass
