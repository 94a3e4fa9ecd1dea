# Building strings in loops, join vs +=, and iteration protocols over str.
parts = []
for i in range(50):
    parts.append(str(i * i))
s = ",".join(parts)
print(s)
print(len(s), s.count(","), s[100:130])
acc = ""
for ch in "abcdefghij" * 20:
    acc += ch.upper() if ch in "aeiou" else ch
print(acc, len(acc))
it = iter("xyz")
print(next(it), next(it), next(it), next(it, "done"))
counts = {}
for ch in "mississippi":
    counts[ch] = counts.get(ch, 0) + 1
print(counts, sorted(counts.items()), "".join(sorted(counts, key=lambda k: (-counts[k], k))))
print("".join(c * 2 for c in "abc"), "".join([str(d) for d in range(10)])[::3])
words = "the rain in spain falls mainly".split()
print(sorted(words, key=len), [w[::-1] for w in words], max(words, key=len), "-".join(w.capitalize() for w in words))
