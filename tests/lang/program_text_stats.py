# Word statistics over a text: dict counting, sorting by several keys, string formatting.
text = """It was the best of times, it was the worst of times, it was the age of wisdom,
it was the age of foolishness, it was the epoch of belief, it was the epoch of incredulity,
it was the season of Light, it was the season of Darkness, it was the spring of hope,
it was the winter of despair."""
words = [w.strip(",.").lower() for w in text.split()]
counts = {}
for w in words:
    counts[w] = counts.get(w, 0) + 1
top = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
for w, c in top[:8]:
    print(f"{w:<10}{c:>3} {'#' * c}")
print(len(words), len(counts), sum(len(w) for w in words) / len(words))
by_len = {}
for w in counts:
    by_len.setdefault(len(w), []).append(w)
for k in sorted(by_len):
    print(k, sorted(by_len[k]))
letters = {}
for ch in text.lower():
    if ch.isalpha():
        letters[ch] = letters.get(ch, 0) + 1
print("".join(k for k, _ in sorted(letters.items(), key=lambda kv: (-kv[1], kv[0]))))
print(text.count("it was"), text.title()[:40], text.upper().split()[-1], text.replace("\n", " ")[-30:])
