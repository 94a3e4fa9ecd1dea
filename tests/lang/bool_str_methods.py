print(True.__str__(), False.__repr__(), True.__format__(""), True.__format__("d"), (True).to_bytes(1, "big"))
print(str(True).upper(), "%5s|%-6r|" % (True, False), "{:^7}".format(False), "{!r:>6}".format(True))
