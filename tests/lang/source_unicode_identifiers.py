# Non-ASCII identifiers, normalised as CPython does (NFKC).
café = 1
日本 = "japan"
π = 3.14159
def größe(länge):
    return länge * 2
class Ünit:
    wert = "w"
print(café, 日本, π, größe(4), Ünit.wert, Ünit.__name__)
ﬁ = "ligature"
print(fi)
