x = 1
raise ValueError("module failed")
