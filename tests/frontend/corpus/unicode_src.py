é = 1
π = 3.14
名前 = 'なまえ'
s = 'ünïcödé ✓ 😀'
b = 'a\u00e9b'
def fünf(ä): return ä
print(f'{π:.2f} {名前}')
