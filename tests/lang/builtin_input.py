# input() reads lines from stdin (NAME.stdin); the prompt goes to stdout; EOF raises EOFError.
name = input("name? ")
print("hello", name)
n = int(input())
total = 0
for _ in range(n):
    total += int(input())
print("total", total)
print(repr(input("> ")))
print(repr(input()))
try:
    input("last: ")
except EOFError as e:
    print("EOFError:", repr(e))
