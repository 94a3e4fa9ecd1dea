# match: `match`, `case` and `_` stay usable as ordinary names
match = [1, 2]
case = {"k": "v"}
_ = "underscore"
print(match, case, _)

def match_(match):
    return match

print(match_(3))

match match:
    case [1, case]:
        print("case bound to", case)

class match_holder:
    match = 1
    case = 2

print(match_holder.match, match_holder.case)

match(1)  if False else None
print(match[0], [match for match in range(2)])

def f(*match, **case):
    return match, case

print(f(1, 2, k=3))

match -1:
    case -1:
        print("negative subject")

match (1):
    case 1:
        print("parenthesized subject")

match *[1, 2], 3:
    case [1, 2, 3]:
        print("starred subject")

import re
m = re.match(r"\d+", "123abc")
print(m.group())
