# assert with and without a message; a failed assert at top level ends the script.
assert True
assert 1 == 1, "not shown"
try:
    assert 1 == 2
except AssertionError as e:
    print(repr(e), e.args)
try:
    assert [], "empty list is falsy"
except AssertionError as e:
    print(repr(e), str(e))
try:
    assert False, ("tuple", 1)
except AssertionError as e:
    print(e.args)
def check(x):
    assert x > 0, f"x must be positive, got {x}"
    return x
print(check(5))
check(-3)
