# raise SystemExit(2) directly; output printed earlier is kept.
print("a")
print("b", end="")
raise SystemExit(2)
