# String building and dict counting: split, join, f-strings, slicing, dict get/update.
words = []
seed = 1
for i in range(200000):
    seed = (seed * 69069 + 1) % 4294967296
    n = 3 + seed % 6
    w = "".join(chr(97 + (seed >> (4 * k)) % 26) for k in range(n))
    words.append(w)
text = " ".join(words)
counts = {}
for w in text.split():
    key = w[:2]
    counts[key] = counts.get(key, 0) + 1
pieces = []
for k in sorted(counts):
    pieces.append(f"{k}={counts[k]}")
joined = ";".join(pieces)
upper = text.upper()
print(len(text), len(counts), len(joined), upper.count("AB"), text.find("zzz"), sum(counts.values()))
