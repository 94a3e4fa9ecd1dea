# Uncaught ValueError from int() deep in a comprehension.
def parse_all(lines):
    return [int(l) for l in lines]
print(parse_all(["1", "2"]))
print(parse_all(["3", "four"]))
