def even(n): return True if n == 0 else odd(n - 1)
def odd(n): return False if n == 0 else even(n - 1)
print(even(10), odd(7))
def fact(n): return 1 if n <= 1 else n * fact(n - 1)
print(fact(20))
def hanoi(n, a, b, c, moves):
    if n:
        hanoi(n - 1, a, c, b, moves)
        moves.append((a, c))
        hanoi(n - 1, b, a, c, moves)
    return moves
print(len(hanoi(6, "A", "B", "C", [])))
