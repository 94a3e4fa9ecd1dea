for s in ["abc", "_", "a1", "1a", "if", "None", "é", "a-b", "", "ℕ", "x²", "_1_", "a b"]:
    print(repr(s), s.isidentifier())
