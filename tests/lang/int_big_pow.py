# Large powers, factorial-sized products, and exact division of big ints.
p = 2 ** 1000
print(p)
print(3 ** 333)
print((-3) ** 333)
print(10 ** 100 + 1)
print(len(str(7 ** 2000)), str(7 ** 2000)[:30], str(7 ** 2000)[-30:])
n = 1
for i in range(1, 301):
    n *= i
print(len(str(n)), n % (10 ** 20), n // (10 ** 580))
q = n // (2 ** 290)
print(q * (2 ** 290) + n % (2 ** 290) == n)
print(n // 299 // 300 * 300 * 299 == n)
m = 10 ** 50 + 151
print(pow(m, 65537, 2 ** 127 - 1))
print(pow(12345, 10 ** 20, 10 ** 9 + 9))
print(2 ** 100 // 3 ** 40, 2 ** 100 % 3 ** 40)
print(-(2 ** 100) // 3 ** 40, -(2 ** 100) % 3 ** 40)
print((2 ** 200 - 1) // (2 ** 100 - 1), (2 ** 200 - 1) % (2 ** 100 + 1))
x = 1
for i in range(200):
    x = x * 31 + i
print(x)
print(x.bit_length(), x >> (x.bit_length() - 8), x & ((1 << 64) - 1))
fib = [0, 1]
for i in range(500):
    fib.append(fib[-1] + fib[-2])
print(fib[500])
print(fib[499] * fib[501] - fib[500] ** 2)
