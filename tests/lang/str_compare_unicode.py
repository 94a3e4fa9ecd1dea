words = ["zebra", "Apple", "apple", "éclair", "Zulu", "", "a", "ab", "😀", "ß"]
print(sorted(words))
print(sorted(words, key=str.lower))
print(sorted(words, key=len), sorted(words, reverse=True)[:3])
print("a" < "é" < "😀", max(words), min(words))
