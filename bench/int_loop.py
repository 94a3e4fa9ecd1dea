# Integer loops: a while loop and a for loop doing small-int arithmetic and bit operations.
def run(n):
    total = 0
    i = 0
    while i < n:
        total = (total + i * i) % 1000000007
        i += 1
    x = 0
    for j in range(n):
        x ^= (j << 3) + (j >> 2) - (j & 7)
    return total, x
print(*run(3000000))
