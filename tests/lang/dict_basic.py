# Dict construction, lookup, update, views and methods.
d = {"one": 1, "two": 2, "three": 3}
print(d, len(d), d["two"], d.get("four"), d.get("four", 4), "one" in d, 1 in d, "x" not in d)
d["four"] = 4; d["one"] = 100
print(d, list(d), list(d.keys()), list(d.values()), list(d.items()))
print(dict(), dict(a=1, b=2), dict([("x", 1), ("y", 2)]), dict({"k": 1}, z=2), dict(zip("abc", range(3))),
      dict.fromkeys(["p", "q"]), dict.fromkeys("ab", 0), {i: i * i for i in range(4)})
print(d.pop("two"), d.pop("nope", "dflt"), d, d.setdefault("five", 5), d.setdefault("one", 0), d)
print(d.popitem(), d, d.copy() == d, d.copy() is d)
d.update({"six": 6}); d.update(seven=7); d.update([("eight", 8)]); print(d)
e = d | {"nine": 9, "one": 1}; print(e)
d |= {"zero": 0}; print(d)
print({1: "a", 2: "b"} == {2: "b", 1: "a"}, {1: 2} != {1: 3}, {} == {}, {1: 1} == {1: 1.0})
for bad in [lambda: d["missing"], lambda: {}.popitem(), lambda: d.pop("missing"), lambda: {[1]: 2},
            lambda: d[[1]], lambda: dict([1, 2]), lambda: dict([(1, 2, 3)]), lambda: {} < {}]:
    try:
        bad()
    except (KeyError, TypeError, ValueError) as e:
        print(type(e).__name__, e)
mixed = {1: "int", 1.5: "float", (1, 2): "tuple", None: "none", True: "bool?", "s": "str", -7: "neg", 2 ** 80: "big"}
print(mixed, mixed[1], mixed[1.0], mixed[(1, 2)], mixed[None])
k = d.keys(); v = d.values(); it = d.items()
d["late"] = 1
print(len(k), "late" in k, 1 in v, ("late", 1) in it, k, sorted(v), list(reversed(d)), list(reversed(d.items()))[:2])
print(k & {"one", "six"} == {"one", "six"}, sorted(k - {"one"}), isinstance(k | {"z"}, set))
d.clear(); print(d, len(d), bool(d))
nested = {"a": {"b": {"c": [1, 2, {"d": None}]}}}
print(nested["a"]["b"]["c"][2]["d"], nested)
r = {}
r["self"] = r
print(r)
print(repr({"q": "it's", 'w': "\n"}), str({1: [1, 2]}))
