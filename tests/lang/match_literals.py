# match: literal patterns (numbers, strings, bytes, None/True/False) compare with == or is
def classify(v):
    match v:
        case 0:
            return "zero"
        case -1:
            return "minus one"
        case 1.5:
            return "one and a half"
        case -2.25:
            return "neg float"
        case "hello":
            return "greeting"
        case "con" "cat":
            return "concatenated"
        case b"raw":
            return "bytes"
        case None:
            return "None"
        case True:
            return "True"
        case False:
            return "False"
        case 10_000:
            return "ten thousand"
        case 0x1F:
            return "hex 31"
        case 123456789012345678901234567890:
            return "big"
        case _:
            return "no literal"

for v in [0, -1, 1.5, -2.25, "hello", "concat", b"raw", None, True, False, 1, 0.0,
          10000, 31, 123456789012345678901234567890, "raw", bytearray(b"raw"), 2]:
    print(repr(v), "->", classify(v))

# 1 == True, so `case 1` catches True when it comes first; `case True` uses `is`
def ones(v):
    match v:
        case 1:
            return "one"
        case True:
            return "never reached for True"
    return "nothing"

print(ones(True), ones(1), ones(1.0), ones(2))

def singletons(v):
    match v:
        case True:
            return "is True"
        case 1:
            return "== 1"
    return "other"

print(singletons(True), singletons(1), singletons(1.0))
