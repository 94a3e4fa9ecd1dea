# match: compile-time errors (SyntaxError from exec of source text)
cases = [
    "match x:\n    case a:\n        pass\n    case 1:\n        pass\n",
    "match x:\n    case _:\n        pass\n    case 1:\n        pass\n",
    "match x:\n    case [a, a]:\n        pass\n",
    "match x:\n    case {'k': a, **a}:\n        pass\n",
    "match x:\n    case [*a, *b]:\n        pass\n",
    "match x:\n    case a | 1:\n        pass\n",
    "match x:\n    case _ | 1:\n        pass\n",
    "match x:\n    case [a] | [b]:\n        pass\n",
    "match x:\n    case {'a': 1, 'a': 2}:\n        pass\n",
    "match x:\n    case {1: 1, 1.0: 2}:\n        pass\n",
    "match x:\n    case f'x':\n        pass\n",
    "match x:\n    case C(a=1, a=2):\n        pass\n",
    "match x:\n    case C(a=1, 2):\n        pass\n",
    "match x:\n    case 1 as _:\n        pass\n",
    "match x:\n    case 1 as 2:\n        pass\n",
    "match x:\n    case 1+2:\n        pass\n",
    "match x:\n    case {**_}:\n        pass\n",
    "match x:\n    case P(x) | P(y):\n        pass\n",
    "match x:\n    case 1\n        pass\n",
]
for src in cases:
    try:
        exec(src, {"x": 0})
        print("compiled")
    except SyntaxError as e:
        print(f"{e.msg} (line {e.lineno}, offset {e.offset})")

# an irrefutable pattern with a guard may come first
exec("match 3:\n    case n if n > 5:\n        print('big')\n    case n:\n        print('n =', n)\n")
