for m in ["upper", "lower", "strip", "split", "join", "find", "replace", "startswith", "format", "encode"]:
    print(m, callable(getattr("", m)), hasattr(str, m))
print(str.upper("abc"), str.join(",", ["a", "b"]), str.split("a b"), str.__len__("abc"))
try: str.upper(5)
except TypeError as e: print(type(e).__name__, e)
