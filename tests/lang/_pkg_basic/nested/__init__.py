NESTED = True
