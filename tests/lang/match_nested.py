# match: nested patterns over trees (an expression evaluator) and JSON-like data
from dataclasses import dataclass

@dataclass
class Num:
    value: int

@dataclass
class BinOp:
    op: str
    left: object
    right: object

@dataclass
class Neg:
    operand: object

def evaluate(e):
    match e:
        case Num(v):
            return v
        case Neg(Neg(inner)):
            return evaluate(inner)
        case Neg(x):
            return -evaluate(x)
        case BinOp("+", Num(0), r) | BinOp("+", r, Num(0)):
            return evaluate(r)
        case BinOp("*", Num(0), _) | BinOp("*", _, Num(0)):
            return 0
        case BinOp(op, l, r):
            a, b = evaluate(l), evaluate(r)
            match op:
                case "+": return a + b
                case "-": return a - b
                case "*": return a * b
                case "/": return a // b
                case _: raise ValueError(f"bad op {op}")

tree = BinOp("+", BinOp("*", Num(3), Num(4)), Neg(Neg(Num(5))))
print(evaluate(tree))
print(evaluate(BinOp("+", Num(0), Num(9))), evaluate(BinOp("*", Num(7), Num(0))))
print(evaluate(BinOp("-", Num(1), BinOp("/", Num(9), Num(2)))))
try:
    evaluate(BinOp("^", Num(1), Num(2)))
except ValueError as e:
    print(e)

def walk(doc, depth=0):
    pad = "  " * depth
    match doc:
        case {"name": str(name), "children": [*kids]}:
            print(f"{pad}node {name} ({len(kids)} children)")
            for k in kids:
                walk(k, depth + 1)
        case {"name": str(name), "value": int() | float() as v}:
            print(f"{pad}leaf {name} = {v}")
        case [*items]:
            for it in items:
                walk(it, depth)
        case str() | int() as scalar:
            print(f"{pad}scalar {scalar!r}")
        case other:
            print(f"{pad}unknown {other!r}")

walk({"name": "root", "children": [
    {"name": "a", "value": 1},
    {"name": "b", "children": [{"name": "c", "value": 2.5}, "text", 7]},
    [{"name": "d", "value": 3}, None],
]})
