"""fractions for krait: Fraction, exact rational arithmetic with CPython 3.11's
construction rules (ints, strings like '3/4' or '-1.25e3', floats exactly), operators,
comparisons with ints and floats, hashing equal to equal ints/floats, limit_denominator,
written from the documented behaviour (docs.python.org/3.11/library/fractions.html)."""

import math
import sys

__all__ = ["Fraction"]

_PyHASH_MODULUS = 2 ** 61 - 1
_PyHASH_INF = 314159


def _parse(s):
    """(numerator, denominator) of a Fraction string, or None."""
    s = s.strip()
    if not s:
        return None
    sign = 1
    if s[0] in "+-":
        if s[0] == "-":
            sign = -1
        s = s[1:]
    if "/" in s:
        num, _, den = s.partition("/")
        num = num.replace("_", "") if "__" not in num else None
        den = den.replace("_", "") if den and "__" not in den else None
        if not num or not den or not num.isdigit() or not den.isdigit():
            return None
        return sign * int(num), int(den)
    mant, e, exp = s.lower().partition("e")
    exponent = 0
    if e:
        if not exp or exp.lstrip("+-") == "" or not exp.lstrip("+-").isdigit():
            return None
        exponent = int(exp)
    whole, dot, frac = mant.partition(".")
    if not whole and not frac:
        return None
    if (whole and not whole.replace("_", "").isdigit()) or \
            (frac and not frac.replace("_", "").isdigit()):
        return None
    whole = whole.replace("_", "") or "0"
    frac = frac.replace("_", "")
    n = int(whole + frac)
    d = 10 ** len(frac)
    if exponent >= 0:
        n *= 10 ** exponent
    else:
        d *= 10 ** -exponent
    return sign * n, d


class Fraction:
    """A rational number numerator/denominator, always in lowest terms with a positive
    denominator."""

    __slots__ = ("_numerator", "_denominator")

    def __new__(cls, numerator=0, denominator=None, *, _normalize=True):
        self = object.__new__(cls)
        if denominator is None:
            if type(numerator) is int:
                self._numerator = numerator
                self._denominator = 1
                return self
            if isinstance(numerator, Fraction):
                self._numerator = numerator._numerator
                self._denominator = numerator._denominator
                return self
            if isinstance(numerator, float):
                if math.isnan(numerator) or math.isinf(numerator):
                    raise ValueError("cannot convert NaN to integer ratio") \
                        if math.isnan(numerator) else \
                        OverflowError("cannot convert Infinity to integer ratio")
                numerator, denominator = numerator.as_integer_ratio()
            elif isinstance(numerator, int):
                self._numerator = int(numerator)
                self._denominator = 1
                return self
            elif isinstance(numerator, str):
                parsed = _parse(numerator)
                if parsed is None:
                    raise ValueError("Invalid literal for Fraction: %r" % numerator)
                numerator, denominator = parsed
            elif hasattr(numerator, "as_integer_ratio"):
                numerator, denominator = numerator.as_integer_ratio()
            else:
                raise TypeError("argument should be a string or a Rational instance")
        elif type(numerator) is int and type(denominator) is int:
            pass
        elif isinstance(numerator, (int, Fraction)) and isinstance(denominator,
                                                                   (int, Fraction)):
            a = Fraction(numerator)
            b = Fraction(denominator)
            numerator = a._numerator * b._denominator
            denominator = a._denominator * b._numerator
        else:
            raise TypeError("both arguments should be Rational instances")
        if denominator == 0:
            raise ZeroDivisionError("Fraction(%s, 0)" % numerator)
        if _normalize:
            g = math.gcd(numerator, denominator)
            if denominator < 0:
                g = -g
            numerator //= g
            denominator //= g
        self._numerator = numerator
        self._denominator = denominator
        return self

    @classmethod
    def from_float(cls, f):
        """Converts a finite float to a rational number, exactly."""
        if isinstance(f, int):
            return cls(f)
        if not isinstance(f, float):
            raise TypeError("%s.from_float() only takes floats, not %r (%s)" %
                            (cls.__name__, f, type(f).__name__))
        return cls(*f.as_integer_ratio())

    @classmethod
    def from_decimal(cls, dec):
        return cls(str(dec))

    @classmethod
    def _from_coprime_ints(cls, numerator, denominator):
        obj = object.__new__(cls)
        obj._numerator = numerator
        obj._denominator = denominator
        return obj

    def as_integer_ratio(self):
        return (self._numerator, self._denominator)

    def limit_denominator(self, max_denominator=1000000):
        """The closest Fraction to self with denominator at most max_denominator."""
        if max_denominator < 1:
            raise ValueError("max_denominator should be at least 1")
        if self._denominator <= max_denominator:
            return Fraction(self)
        p0, q0, p1, q1 = 0, 1, 1, 0
        n, d = self._numerator, self._denominator
        while True:
            a = n // d
            q2 = q0 + a * q1
            if q2 > max_denominator:
                break
            p0, q0, p1, q1 = p1, q1, p0 + a * p1, q2
            n, d = d, n - a * d
        k = (max_denominator - q0) // q1
        bound1 = Fraction(p0 + k * p1, q0 + k * q1)
        bound2 = Fraction(p1, q1)
        if abs(bound2 - self) <= abs(bound1 - self):
            return bound2
        return bound1

    @property
    def numerator(self):
        return self._numerator

    @property
    def denominator(self):
        return self._denominator

    def __repr__(self):
        return "%s(%s, %s)" % (self.__class__.__name__, self._numerator, self._denominator)

    def __str__(self):
        if self._denominator == 1:
            return str(self._numerator)
        return "%s/%s" % (self._numerator, self._denominator)

    def _operands(self, other):
        if isinstance(other, Fraction):
            return other
        if isinstance(other, int):
            return Fraction(other)
        return None

    def __add__(a, b):
        if isinstance(b, float):
            return float(a) + b
        b = a._operands(b)
        if b is None:
            return NotImplemented
        return Fraction(a._numerator * b._denominator + b._numerator * a._denominator,
                        a._denominator * b._denominator)

    def __radd__(b, a):
        if isinstance(a, float):
            return a + float(b)
        return b.__add__(a)

    def __sub__(a, b):
        if isinstance(b, float):
            return float(a) - b
        b = a._operands(b)
        if b is None:
            return NotImplemented
        return Fraction(a._numerator * b._denominator - b._numerator * a._denominator,
                        a._denominator * b._denominator)

    def __rsub__(b, a):
        if isinstance(a, float):
            return a - float(b)
        a = b._operands(a)
        if a is None:
            return NotImplemented
        return a - b

    def __mul__(a, b):
        if isinstance(b, float):
            return float(a) * b
        b = a._operands(b)
        if b is None:
            return NotImplemented
        return Fraction(a._numerator * b._numerator, a._denominator * b._denominator)

    def __rmul__(b, a):
        if isinstance(a, float):
            return a * float(b)
        return b.__mul__(a)

    def __truediv__(a, b):
        if isinstance(b, float):
            return float(a) / b
        b = a._operands(b)
        if b is None:
            return NotImplemented
        if b._numerator == 0:
            raise ZeroDivisionError("Fraction(%s, 0)" % (a._numerator * b._denominator))
        return Fraction(a._numerator * b._denominator, a._denominator * b._numerator)

    def __rtruediv__(b, a):
        if isinstance(a, float):
            return a / float(b)
        a = b._operands(a)
        if a is None:
            return NotImplemented
        return a / b

    def __floordiv__(a, b):
        if isinstance(b, float):
            return float(a) // b
        b = a._operands(b)
        if b is None:
            return NotImplemented
        return (a._numerator * b._denominator) // (a._denominator * b._numerator)

    def __rfloordiv__(b, a):
        if isinstance(a, float):
            return a // float(b)
        a = b._operands(a)
        if a is None:
            return NotImplemented
        return a // b

    def __mod__(a, b):
        if isinstance(b, float):
            return float(a) % b
        b = a._operands(b)
        if b is None:
            return NotImplemented
        da, db = a._denominator, b._denominator
        return Fraction((a._numerator * db) % (b._numerator * da), da * db)

    def __rmod__(b, a):
        if isinstance(a, float):
            return a % float(b)
        a = b._operands(a)
        if a is None:
            return NotImplemented
        return a % b

    def __divmod__(a, b):
        if isinstance(b, float):
            return divmod(float(a), b)
        b = a._operands(b)
        if b is None:
            return NotImplemented
        return (a // b, a % b)

    def __pow__(a, b):
        if isinstance(b, Fraction) and b._denominator == 1:
            b = b._numerator
        if isinstance(b, int):
            if b >= 0:
                return Fraction._from_coprime_ints(a._numerator ** b, a._denominator ** b)
            if a._numerator == 0:
                raise ZeroDivisionError("Fraction(%s, 0)" % (a._denominator ** -b))
            if a._numerator > 0:
                return Fraction._from_coprime_ints(a._denominator ** -b, a._numerator ** -b)
            return Fraction._from_coprime_ints((-a._denominator) ** -b,
                                               (-a._numerator) ** -b)
        if isinstance(b, (float, Fraction)):
            return float(a) ** float(b)
        return NotImplemented

    def __rpow__(b, a):
        if b._denominator == 1 and b._numerator >= 0:
            return a ** b._numerator
        if isinstance(a, int):
            return Fraction(a) ** b
        return a ** float(b)

    def __pos__(a):
        return Fraction._from_coprime_ints(a._numerator, a._denominator)

    def __neg__(a):
        return Fraction._from_coprime_ints(-a._numerator, a._denominator)

    def __abs__(a):
        return Fraction._from_coprime_ints(abs(a._numerator), a._denominator)

    def __int__(a):
        if a._numerator < 0:
            return -(-a._numerator // a._denominator)
        return a._numerator // a._denominator

    __trunc__ = __int__

    def __floor__(a):
        return a._numerator // a._denominator

    def __ceil__(a):
        return -(-a._numerator // a._denominator)

    def __round__(self, ndigits=None):
        if ndigits is None:
            floor, remainder = divmod(self._numerator, self._denominator)
            if remainder * 2 < self._denominator:
                return floor
            if remainder * 2 > self._denominator:
                return floor + 1
            if floor % 2 == 0:
                return floor
            return floor + 1
        shift = 10 ** abs(ndigits)
        if ndigits > 0:
            return Fraction(round(self * shift), shift)
        return Fraction(round(self / shift) * shift)

    def __float__(a):
        return a._numerator / a._denominator

    def __hash__(self):
        try:
            dinv = pow(self._denominator, -1, _PyHASH_MODULUS)
        except ValueError:
            hash_ = _PyHASH_INF
        else:
            hash_ = hash(hash(abs(self._numerator)) * dinv)
        result = hash_ if self._numerator >= 0 else -hash_
        return -2 if result == -1 else result

    def _richcmp(self, other, op):
        if isinstance(other, (int, Fraction)):
            other = Fraction(other)
            return op(self._numerator * other._denominator,
                      self._denominator * other._numerator)
        if isinstance(other, float):
            if math.isnan(other) or math.isinf(other):
                return op(0.0, other)
            return op(self, Fraction(other))
        return NotImplemented

    def __eq__(a, b):
        if type(b) is int:
            return a._numerator == b and a._denominator == 1
        if isinstance(b, (int, Fraction)):
            b = Fraction(b)
            return a._numerator == b._numerator and a._denominator == b._denominator
        if isinstance(b, float):
            if math.isnan(b) or math.isinf(b):
                return 0.0 == b
            return a == Fraction(b)
        return NotImplemented

    def __lt__(a, b):
        return a._richcmp(b, lambda x, y: x < y)

    def __gt__(a, b):
        return a._richcmp(b, lambda x, y: x > y)

    def __le__(a, b):
        return a._richcmp(b, lambda x, y: x <= y)

    def __ge__(a, b):
        return a._richcmp(b, lambda x, y: x >= y)

    def __bool__(a):
        return bool(a._numerator)

    def __reduce__(self):
        return (self.__class__, (self._numerator, self._denominator))

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self
