print(hash(0), hash(1), hash(-1), hash(-2), hash(2**61 - 1), hash(2**61), hash(2**64), hash(-(2**64)), hash(10**30))
print(hash(1.5), hash(0.1), hash(-0.5), hash(1e300), hash(2.0**70))
