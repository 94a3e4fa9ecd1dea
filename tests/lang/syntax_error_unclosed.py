print("before")
x = (1, 2,
     3
y = 4
