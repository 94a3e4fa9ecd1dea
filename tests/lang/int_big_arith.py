a = 123456789012345678901234567890
b = 987654321098765432109876543210
print(a + b, a - b, b - a, a * b, b // a, b % a, -b // a, -b % a)
print(a * a * a, (a * b) // b == a, abs(-a), -a, +a)
f = 1
for i in range(1, 51): f *= i
print(f, len(str(f)), f % 1000007, f // (10**60))
print(sum(range(10**6)), 2**256 - 1, (2**256 - 1) // 255)
print(int("9" * 50) + 1, int("-" + "9" * 50) - 1)
print(divmod(10**50, 7**20), (10**50).bit_length())
