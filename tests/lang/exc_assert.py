try:
    assert False
except AssertionError as e:
    print(repr(e), e.args)
try:
    assert 1 == 2, "custom %d" % 5
except AssertionError as e:
    print(e)
try:
    assert [], ["list", "msg"]
except AssertionError as e:
    print(e.args)
assert True
print("ok")
