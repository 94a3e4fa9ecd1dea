for s in ["0", "9", "09", "-1", "+1", "1.0", "1e5", "٠١٢", "①", "¼", "一", "Ⅻ", "  1", "0x1"]:
    print(repr(s), s.isdigit(), s.isdecimal(), s.isnumeric(), s.isalnum())
