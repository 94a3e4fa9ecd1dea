print("ab" + "cd", "ab" * 3, 3 * "ab", "ab" * 0, "ab" * -1)
print("a" < "b", "abc" < "abd", "ab" < "abc", "B" < "a", "é" > "z")
print("abc" == "abc", "abc" != "abd", "a" in "abc", "" in "abc", "ac" in "abc", "x" not in "abc")
try: "a" + 1
except TypeError as e: print(type(e).__name__, e)
try: 1 + "a"
except TypeError as e: print(type(e).__name__, e)
try: "a" * "b"
except TypeError as e: print(type(e).__name__, e)
try: "a" < 1
except TypeError as e: print(type(e).__name__, e)
try: 1 in "a"
except TypeError as e: print(type(e).__name__, e)
s = "x"
s += "y"
s *= 2
print(s, len(s), len(""), len("héllo"), len("😀"))
print(max("abc"), min("abc"), sorted("cba"), list("héllo"))
print("abc".__len__(), "abc".__contains__("b"), "a".__add__("b"))
try: "a" * 1.5
except TypeError as e: print(type(e).__name__, e)
print("abc" * True)
