for i in range(3):
