# A sieve of Eratosthenes and prime statistics.
N = 20000
sieve = [True] * (N + 1)
sieve[0] = sieve[1] = False
i = 2
while i * i <= N:
    if sieve[i]:
        for j in range(i * i, N + 1, i):
            sieve[j] = False
    i += 1
primes = [k for k, p in enumerate(sieve) if p]
print(len(primes), primes[:10], primes[-5:], sum(primes))
gaps = {}
for a, b in zip(primes, primes[1:]):
    gaps[b - a] = gaps.get(b - a, 0) + 1
print(sorted(gaps.items())[:8], max(gaps))
twins = [(a, b) for a, b in zip(primes, primes[1:]) if b - a == 2]
print(len(twins), twins[-3:])
