import hashlib
msgs = [b"", b"abc", b"The quick brown fox jumps over the lazy dog", b"a" * 55, b"a" * 56, b"a" * 63, b"a" * 64, b"a" * 65, bytes(range(256)) * 9]
for name in ("md5", "sha1", "sha224", "sha256", "sha512"):
    for m in msgs:
        print(name, len(m), getattr(hashlib, name)(m).hexdigest())
h = hashlib.sha256()
h.update(b"The quick brown fox ")
c = h.copy()
h.update(b"jumps over the lazy dog")
print(h.hexdigest() == hashlib.sha256(b"The quick brown fox jumps over the lazy dog").hexdigest(), c.hexdigest() == hashlib.sha256(b"The quick brown fox ").hexdigest())
print(h.name, h.digest_size, h.block_size, hashlib.sha512().digest_size, hashlib.md5(b"x").digest(), len(hashlib.sha1().digest()))
print(hashlib.new("sha256", b"abc").hexdigest() == hashlib.sha256(b"abc").hexdigest(), hashlib.new("MD5").name, sorted(hashlib.algorithms_guaranteed & {"md5", "sha1", "sha256"}))
print(hashlib.md5(bytearray(b"abc")).hexdigest(), hashlib.sha256("héllo".encode()).hexdigest())
for bad in [lambda: hashlib.md5("text"), lambda: hashlib.new("nope"), lambda: hashlib.sha1(5)]:
    try:
        bad()
    except (TypeError, ValueError) as e:
        print(type(e).__name__ + ":", e)
