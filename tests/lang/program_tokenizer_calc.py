# A tiny tokenizer and recursive-descent calculator, with error reporting.
class CalcError(Exception):
    pass
def tokenize(s):
    toks, i = [], 0
    while i < len(s):
        c = s[i]
        if c.isspace():
            i += 1
        elif c.isdigit() or c == ".":
            j = i
            while j < len(s) and (s[j].isdigit() or s[j] == "."):
                j += 1
            toks.append(("num", float(s[i:j]) if "." in s[i:j] else int(s[i:j])))
            i = j
        elif c in "+-*/()%^":
            toks.append(("op", c))
            i += 1
        else:
            raise CalcError(f"bad character {c!r} at {i}")
    return toks
class Parser:
    def __init__(self, toks):
        self.toks, self.pos = toks, 0
    def peek(self):
        return self.toks[self.pos] if self.pos < len(self.toks) else ("end", None)
    def take(self):
        t = self.peek()
        self.pos += 1
        return t
    def expr(self):
        v = self.term()
        while self.peek() in [("op", "+"), ("op", "-")]:
            op = self.take()[1]
            v = v + self.term() if op == "+" else v - self.term()
        return v
    def term(self):
        v = self.factor()
        while self.peek()[0] == "op" and self.peek()[1] in "*/%":
            op = self.take()[1]
            r = self.factor()
            v = v * r if op == "*" else v / r if op == "/" else v % r
        return v
    def factor(self):
        b = self.unary()
        if self.peek() == ("op", "^"):
            self.take()
            return b ** self.factor()
        return b
    def unary(self):
        if self.peek() == ("op", "-"):
            self.take()
            return -self.unary()
        kind, val = self.take()
        if kind == "num":
            return val
        if (kind, val) == ("op", "("):
            v = self.expr()
            if self.take() != ("op", ")"):
                raise CalcError("expected )")
            return v
        raise CalcError(f"unexpected {val!r}")
def calc(s):
    p = Parser(tokenize(s))
    v = p.expr()
    if p.peek()[0] != "end":
        raise CalcError("trailing input")
    return v
for src in ["1 + 2 * 3", "(1 + 2) * 3", "2 ^ 3 ^ 2", "-4 + 10 / 4", "7 % 3 * 2.5", "2 ^ 100", "((((1))))",
            "1 / 0", "3 +", "4 $ 4", "(1", "1 2", "0.1 + 0.2", "-(-(-3))"]:
    try:
        print(src, "=", calc(src))
    except CalcError as e:
        print(src, "-> CalcError:", e)
    except ZeroDivisionError as e:
        print(src, "-> ZeroDivisionError:", e)
