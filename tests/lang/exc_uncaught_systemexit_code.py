print("x")
raise SystemExit(3)
