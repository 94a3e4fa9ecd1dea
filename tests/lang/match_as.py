# match: as-patterns bind the subject of a sub-pattern
def f(v):
    match v:
        case [1, 2] as pair:
            return f"pair {pair}"
        case [(int() | float()) as num, str() as label]:
            return f"{label}={num}"
        case {"id": int() as ident} as whole:
            return f"id {ident} in {whole}"
        case (1 | 2 | 3) as small:
            return f"small {small}"
        case str() as s if s.isupper():
            return f"shout {s}"
        case _ as anything:
            return f"anything {anything!r}"

for v in [[1, 2], (1, 2), [2.5, "w"], [3, "h"], {"id": 7}, {"id": "x"}, 2, "HEY", "hey"]:
    print(f(v))

# as binds the same object, not a copy
data = [1, [2, 3]]
match data:
    case [_, [*_] as inner]:
        print(inner is data[1])

# as around an or-pattern and a capture inside
match (4, 5):
    case ((4, y) | (5, y)) as t:
        print(t, y)
