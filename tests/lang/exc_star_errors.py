# except*: compile-time errors and the TypeErrors of bad except* types
sources = [
    "try:\n    pass\nexcept* ValueError:\n    pass\nexcept TypeError:\n    pass\n",
    "try:\n    pass\nexcept ValueError:\n    pass\nexcept* TypeError:\n    pass\n",
    "try:\n    pass\nexcept*:\n    pass\n",
    "for x in y:\n    try:\n        pass\n    except* ValueError:\n        break\n",
    "for x in y:\n    try:\n        pass\n    except* ValueError:\n        continue\n",
    "def f():\n    try:\n        pass\n    except* ValueError:\n        return 1\n",
    "def f():\n    try:\n        pass\n    except* ValueError:\n        return\n",
    "try:\n    pass\nexcept* ValueError:\n    for x in y:\n        break\n",
    "def f():\n    try:\n        return 1\n    except* ValueError:\n        pass\n",
]
for src in sources:
    try:
        exec(src, {"y": []})
        print("compiled")
    except SyntaxError as e:
        print(f"{e.msg} (line {e.lineno}, offset {e.offset})")

for t in [ExceptionGroup, BaseExceptionGroup, (ValueError, ExceptionGroup), int, (ValueError, 1)]:
    try:
        try:
            raise ExceptionGroup("eg", [ValueError(1)])
        except* t:
            print("handled?!")
    except TypeError as e:
        print("TypeError:", e)

# an except* that matches nothing leaves the group untouched (same object)
g = ExceptionGroup("eg", [ValueError(1)])
try:
    try:
        raise g
    except* TypeError:
        pass
except ExceptionGroup as e:
    print(e is g)
