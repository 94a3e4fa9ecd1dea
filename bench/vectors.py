# Operator overloading on a small vector class (the shape of a ray tracer's inner loop):
# __add__, __sub__, __mul__, dot products and new objects per operation.
class Vec:
    def __init__(self, x, y, z):
        self.x = x
        self.y = y
        self.z = z

    def __add__(self, o):
        return Vec(self.x + o.x, self.y + o.y, self.z + o.z)

    def __sub__(self, o):
        return Vec(self.x - o.x, self.y - o.y, self.z - o.z)

    def __mul__(self, k):
        return Vec(self.x * k, self.y * k, self.z * k)

    def dot(self, o):
        return self.x * o.x + self.y * o.y + self.z * o.z


def trace(n):
    origin = Vec(0.0, 0.0, -5.0)
    center = Vec(0.0, 0.0, 0.0)
    hits = 0
    shade = 0.0
    for j in range(n):
        for i in range(n):
            d = Vec((i - n / 2) / n, (j - n / 2) / n, 1.0)
            oc = origin - center
            a = d.dot(d)
            b = 2.0 * oc.dot(d)
            c = oc.dot(oc) - 1.0
            disc = b * b - 4 * a * c
            if disc > 0:
                hits += 1
                t = (-b - disc ** 0.5) / (2.0 * a)
                p = origin + d * t
                nrm = p - center
                shade += max(0.0, nrm.dot(Vec(0.577, 0.577, -0.577)))
    return hits, shade


h, s = trace(600)
print(h, "%.6f" % s)
