# if/elif/else chains, while with else, break and continue.
for n in range(-2, 12):
    if n < 0:
        kind = "negative"
    elif n == 0:
        kind = "zero"
    elif n % 2 == 0 and n % 3 == 0:
        kind = "six-ish"
    elif n % 2 == 0:
        kind = "even"
    else:
        kind = "odd"
    print(n, kind)
i = 0
while i < 5:
    i += 1
    if i == 2:
        continue
    print("while", i)
else:
    print("while else runs, i =", i)
i = 0
while True:
    i += 1
    if i > 3:
        break
print("broke at", i)
i = 10
while i > 0:
    i -= 3
    if i == 4:
        break
else:
    print("not printed")
print("i", i)
n = 0
while n < 3:
    n += 1
else:
    print("else after", n)
while 0:
    print("never")
else:
    print("else of empty while")
if []:
    print("no")
elif {}:
    print("no")
else:
    pass
primes = []
n = 2
while len(primes) < 15:
    d = 2
    while d * d <= n:
        if n % d == 0:
            break
        d += 1
    else:
        primes.append(n)
    n += 1
print(primes)
