# Return values, implicit None, multiple returns, early returns, recursion results.
def nothing():
    pass
def implicit():
    x = 1
def bare():
    return
def multi():
    return 1, "two", [3]
def early(n):
    if n < 0:
        return "negative"
    for i in range(n):
        if i * i > n:
            return i
    return None
print(nothing(), implicit(), bare(), multi(), early(-1), early(50), early(0))
a, b, c = multi()
print(a, b, c)
def fact(n):
    return 1 if n <= 1 else n * fact(n - 1)
print(fact(0), fact(5), fact(30))
def gcd(a, b):
    while b:
        a, b = b, a % b
    return a
print(gcd(48, 18), gcd(17, 5), gcd(2 ** 100, 6 ** 40))
def ackermann(m, n):
    if m == 0:
        return n + 1
    if n == 0:
        return ackermann(m - 1, 1)
    return ackermann(m - 1, ackermann(m, n - 1))
print(ackermann(2, 3), ackermann(3, 3))
def hanoi(n, a, b, c, moves):
    if n:
        hanoi(n - 1, a, c, b, moves)
        moves.append((a, c))
        hanoi(n - 1, b, a, c, moves)
    return moves
m = hanoi(5, "A", "B", "C", [])
print(len(m), m[:4])
def fib_memo(n, memo={}):
    if n < 2:
        return n
    if n not in memo:
        memo[n] = fib_memo(n - 1) + fib_memo(n - 2)
    return memo[n]
print(fib_memo(90))
def is_even(n):
    return True if n == 0 else is_odd(n - 1)
def is_odd(n):
    return False if n == 0 else is_even(n - 1)
print(is_even(100), is_odd(77))
