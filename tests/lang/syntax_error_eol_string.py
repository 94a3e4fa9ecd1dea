print("start")
s = "unterminated
print(s)
