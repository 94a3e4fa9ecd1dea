s = "ab" * 1000
print(len(s), s[:6], s.count("ab"), s.find("ba"), s.rfind("ab"))
t = "-".join(["x"] * 500)
print(len(t), t.count("-"), len(t.split("-")))
try: "a" * (2**63)
except (OverflowError, MemoryError) as e: print(type(e).__name__)
