# match: the subject is evaluated once; match works in every kind of scope
calls = 0

def subject():
    global calls
    calls += 1
    return [1, 2, 3]

match subject():
    case [1]:
        pass
    case [1, 2]:
        pass
    case [1, 2, 3]:
        print("third case, subject evaluated", calls, "time(s)")

# in a generator
def gen(items):
    for it in items:
        match it:
            case int(n):
                yield n * 2
            case str(s):
                yield s.upper()
            case _:
                yield None

print(list(gen([1, "a", 2.5])))

# in a lambda's caller and a comprehension
def kind(v):
    match v:
        case [*_]:
            return "seq"
        case {}:
            return "map"
    return "?"

print([kind(x) for x in ([], {}, 1)])

# break and continue inside case bodies
for v in range(6):
    match v % 3:
        case 0:
            continue
        case 1:
            if v > 3:
                break
            print("one at", v)
        case _:
            print("two at", v)

# return from inside a nested match in try/finally
def tf(v):
    try:
        match v:
            case [x]:
                match x:
                    case 0:
                        return "zero inside"
                return "inside"
    finally:
        print("  finally ran for", v)
    return "outside"

print(tf([0]), tf([1]), tf(5))

# with no case matching, nothing runs and execution continues
match 5:
    case 1:
        print("no")
print("after unmatched match")

# async functions
import asyncio

async def amatch(v):
    await asyncio.sleep(0)
    match v:
        case {"op": op}:
            return op
    return None

print(asyncio.run(amatch({"op": "go"})))
