x = 1
# cafÃ
print(x)
