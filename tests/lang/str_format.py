# str.format: positional, numbered, keyword, attribute and index fields, nested specs.
print("{} {} {}".format(1, "a", 2.5), "{0} {1} {0}".format("x", "y"), "{a}-{b}".format(a=1, b=2))
print("{0[1]} {0[0]} {1[k]}".format([10, 20], {"k": "v"}), "{.real}".format(5), "{!r} {!s}".format("a", "b"))
print("{:>8}|{:<8}|{:^8}|{:*^9}|{:08.3f}|{:+d}|{:,}|{:x}".format("r", "l", "c", "s", 2.5, 5, 1234567, 255))
print("{:{w}.{p}f}".format(3.14159, w=10, p=2), "{0:{1}}|".format("ab", 5), "{{}} {{{0}}}".format(7))
print("{0!r:>10}".format("q"), "{:%}".format(0.25), "{:.1%}".format(1 / 3), "{:e}".format(0))
class Pt:
    def __init__(self):
        self.x = 3
        self.y = [4, 5]
p = Pt()
print("{p.x} {p.y[1]} {0.x}".format(p, p=p))
print("{:d}".format(True), "{}".format(None), "{:>4}".format(None) if False else "", "{:s}".format("s"))
for fmt, args, kw in [("{} {}", (1,), {}), ("{0} {}", (1, 2), {}), ("{x}", (), {}), ("{:d}", ("a",), {}),
                      ("{", (), {}), ("}", (), {}), ("{0[5]}", ([1],), {}), ("{!x}", (1,), {}),
                      ("{:=^5s}", ("ab",), {}), ("{:,s}", ("ab",), {})]:
    try:
        print(fmt.format(*args, **kw))
    except (IndexError, KeyError, ValueError, TypeError) as e:
        print(type(e).__name__, e)
print(format(3), format("x", ">3"), format(3.5, "08.2f"), format([1, 2]), format(True), format(None))
print("{:c}".format(9731), "{:#b}".format(5), "{:_b}".format(255), "{:^+10.2e}".format(12345.6789))
