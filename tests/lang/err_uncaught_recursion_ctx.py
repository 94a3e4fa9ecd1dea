# Uncaught error raised in the middle of a short recursion.
def countdown(n):
    if n == 0:
        return 1 // n
    return countdown(n - 1)
countdown(4)
