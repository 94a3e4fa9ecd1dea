"""bisect for krait: binary search in sorted lists (bisect_left/right, insort_left/right,
with lo, hi and key), written from the documented behaviour of CPython 3.11
(docs.python.org/3.11/library/bisect.html)."""

__all__ = ["bisect", "bisect_left", "bisect_right", "insort", "insort_left", "insort_right"]


def _check(lo, hi, a):
    if lo < 0:
        raise ValueError("lo must be non-negative")
    return len(a) if hi is None else hi


def bisect_right(a, x, lo=0, hi=None, *, key=None):
    """The index where to insert x in a, keeping it sorted, after any equal items."""
    hi = _check(lo, hi, a)
    if key is None:
        while lo < hi:
            mid = (lo + hi) // 2
            if x < a[mid]:
                hi = mid
            else:
                lo = mid + 1
    else:
        while lo < hi:
            mid = (lo + hi) // 2
            if x < key(a[mid]):
                hi = mid
            else:
                lo = mid + 1
    return lo


def bisect_left(a, x, lo=0, hi=None, *, key=None):
    """The index where to insert x in a, keeping it sorted, before any equal items."""
    hi = _check(lo, hi, a)
    if key is None:
        while lo < hi:
            mid = (lo + hi) // 2
            if a[mid] < x:
                lo = mid + 1
            else:
                hi = mid
    else:
        while lo < hi:
            mid = (lo + hi) // 2
            if key(a[mid]) < x:
                lo = mid + 1
            else:
                hi = mid
    return lo


def insort_right(a, x, lo=0, hi=None, *, key=None):
    """Insert x in a, keeping it sorted, after any equal items."""
    if key is None:
        lo = bisect_right(a, x, lo, hi)
    else:
        lo = bisect_right(a, key(x), lo, hi, key=key)
    a.insert(lo, x)


def insort_left(a, x, lo=0, hi=None, *, key=None):
    """Insert x in a, keeping it sorted, before any equal items."""
    if key is None:
        lo = bisect_left(a, x, lo, hi)
    else:
        lo = bisect_left(a, key(x), lo, hi, key=key)
    a.insert(lo, x)


bisect = bisect_right
insort = insort_right
