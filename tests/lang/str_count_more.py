print("abcabcabc".count("abc", 1), "abcabc".count("c", -2), "aaa".count("a", 1, 2), "".count("a"), "abc".count("abcd"))
try: "a".count()
except TypeError as e: print(type(e).__name__, e)
