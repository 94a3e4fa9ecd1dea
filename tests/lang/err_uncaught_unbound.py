# UnboundLocalError (a NameError subclass) uncaught.
total = 0
def add(n):
    total += n
    return total
add(5)
