"""datetime for krait: date, time, datetime, timedelta, tzinfo and timezone, with the
arithmetic, comparisons, isoformat/fromisoformat, strftime/strptime (the C locale's
common codes) and reprs of CPython 3.11, written from the documented behaviour
(docs.python.org/3.11/library/datetime.html) on the proleptic Gregorian calendar."""

import time as _time
import math as _math

__all__ = ("date", "datetime", "time", "timedelta", "timezone", "tzinfo", "MINYEAR",
           "MAXYEAR", "UTC")

MINYEAR = 1
MAXYEAR = 9999
_MAXORDINAL = 3652059

_DAYS_IN_MONTH = [-1, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
_DAYS_BEFORE_MONTH = [-1]
_dbm = 0
for _dim in _DAYS_IN_MONTH[1:]:
    _DAYS_BEFORE_MONTH.append(_dbm)
    _dbm += _dim
del _dbm, _dim

_MONTHNAMES = [None, "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct",
               "Nov", "Dec"]
_FULLMONTHNAMES = [None, "January", "February", "March", "April", "May", "June", "July",
                   "August", "September", "October", "November", "December"]
_DAYNAMES = [None, "Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
_FULLDAYNAMES = [None, "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday",
                 "Sunday"]


def _cmp(x, y):
    return 0 if x == y else 1 if x > y else -1


def _is_leap(year):
    return year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)


def _days_before_year(year):
    y = year - 1
    return y * 365 + y // 4 - y // 100 + y // 400


def _days_in_month(year, month):
    if month == 2 and _is_leap(year):
        return 29
    return _DAYS_IN_MONTH[month]


def _days_before_month(year, month):
    return _DAYS_BEFORE_MONTH[month] + (month > 2 and _is_leap(year))


def _ymd2ord(year, month, day):
    return _days_before_year(year) + _days_before_month(year, month) + day


_DI400Y = _days_before_year(401)
_DI100Y = _days_before_year(101)
_DI4Y = _days_before_year(5)


def _ord2ymd(n):
    """(year, month, day) of proleptic Gregorian ordinal n (1 is 0001-01-01)."""
    n -= 1
    n400, n = divmod(n, _DI400Y)
    year = n400 * 400 + 1
    n100, n = divmod(n, _DI100Y)
    n4, n = divmod(n, _DI4Y)
    n1, n = divmod(n, 365)
    year += n100 * 100 + n4 * 4 + n1
    if n1 == 4 or n100 == 4:
        return year - 1, 12, 31
    leapyear = n1 == 3 and (n4 != 24 or n100 == 3)
    month = (n + 50) >> 5
    preceding = _DAYS_BEFORE_MONTH[month] + (month > 2 and leapyear)
    if preceding > n:
        month -= 1
        preceding -= _DAYS_IN_MONTH[month] + (month == 2 and leapyear)
    n -= preceding
    return year, month, n + 1


def _check_int(value, name=None):
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        raise TypeError("'float' object cannot be interpreted as an integer")
    if hasattr(type(value), "__index__"):
        return value.__index__()
    raise TypeError("an integer is required (got type " + type(value).__name__ + ")")


def _check_date_fields(year, month, day):
    year = _check_int(year)
    month = _check_int(month)
    day = _check_int(day)
    if not MINYEAR <= year <= MAXYEAR:
        raise ValueError("year %d is out of range" % year)
    if not 1 <= month <= 12:
        raise ValueError("month must be in 1..12")
    dim = _days_in_month(year, month)
    if not 1 <= day <= dim:
        raise ValueError("day is out of range for month")
    return year, month, day


def _check_time_fields(hour, minute, second, microsecond, fold):
    hour = _check_int(hour)
    minute = _check_int(minute)
    second = _check_int(second)
    microsecond = _check_int(microsecond)
    if not 0 <= hour <= 23:
        raise ValueError("hour must be in 0..23")
    if not 0 <= minute <= 59:
        raise ValueError("minute must be in 0..59")
    if not 0 <= second <= 59:
        raise ValueError("second must be in 0..59")
    if not 0 <= microsecond <= 999999:
        raise ValueError("microsecond must be in 0..999999")
    if fold not in (0, 1):
        raise ValueError("fold must be either 0 or 1")
    return hour, minute, second, microsecond, fold


def _check_tzinfo_arg(tz):
    if tz is not None and not isinstance(tz, tzinfo):
        raise TypeError("tzinfo argument must be None or of a tzinfo subclass, not type '" +
                        type(tz).__name__ + "'")


def _format_offset(off, sep=":"):
    if off is None:
        return ""
    if off.days < 0:
        sign = "-"
        off = -off
    else:
        sign = "+"
    hh, mm = divmod(off, timedelta(hours=1))
    mm, ss = divmod(mm, timedelta(minutes=1))
    s = "%s%02d%s%02d" % (sign, hh, sep, mm)
    if ss or ss.microseconds:
        s += "%s%02d" % (sep, ss.seconds)
        if ss.microseconds:
            s += ".%06d" % ss.microseconds
    return s


def _format_time(hh, mm, ss, us, timespec="auto"):
    if timespec == "auto":
        timespec = "microseconds" if us else "seconds"
    elif timespec == "milliseconds":
        us //= 1000
    if timespec == "hours":
        return "%02d" % hh
    if timespec == "minutes":
        return "%02d:%02d" % (hh, mm)
    if timespec == "seconds":
        return "%02d:%02d:%02d" % (hh, mm, ss)
    if timespec == "milliseconds":
        return "%02d:%02d:%02d.%03d" % (hh, mm, ss, us)
    if timespec == "microseconds":
        return "%02d:%02d:%02d.%06d" % (hh, mm, ss, us)
    raise ValueError("Unknown timespec value")


def _check_utc_offset(name, offset):
    if offset is None:
        return
    if not isinstance(offset, timedelta):
        raise TypeError("tzinfo.%s() must return None or timedelta, not '%s'" %
                        (name, type(offset).__name__))
    if not -timedelta(1) < offset < timedelta(1):
        raise ValueError("offset must be a timedelta strictly between -timedelta(hours=24) "
                         "and timedelta(hours=24), not %r." % (offset,))


def _iso_week1monday(year):
    THURSDAY = 3
    firstday = _ymd2ord(year, 1, 1)
    firstweekday = (firstday + 6) % 7
    week1monday = firstday - firstweekday
    if firstweekday > THURSDAY:
        week1monday += 7
    return week1monday


def _strftime(obj, fmt, timetuple):
    """strftime for the C locale: the codes CPython's platform strftime gives."""
    if not isinstance(fmt, str):
        raise TypeError("strftime() argument 1 must be str, not " + type(fmt).__name__)
    out = []
    i = 0
    n = len(fmt)
    year, month, day, hh, mm, ss, wday, yday = timetuple[:8]
    while i < n:
        c = fmt[i]
        if c != "%" or i + 1 >= n:
            out.append(c)
            i += 1
            continue
        code = fmt[i + 1]
        i += 2
        if code == "a":
            out.append(_DAYNAMES[wday + 1])
        elif code == "A":
            out.append(_FULLDAYNAMES[wday + 1])
        elif code == "w":
            out.append(str((wday + 1) % 7))
        elif code == "u":
            out.append(str(wday + 1))
        elif code == "d":
            out.append("%02d" % day)
        elif code == "e":
            out.append("%2d" % day)
        elif code == "b" or code == "h":
            out.append(_MONTHNAMES[month])
        elif code == "B":
            out.append(_FULLMONTHNAMES[month])
        elif code == "m":
            out.append("%02d" % month)
        elif code == "y":
            out.append("%02d" % (year % 100))
        elif code == "Y":
            out.append("%d" % year if year >= 1000 else "%d" % year)
        elif code == "C":
            out.append("%02d" % (year // 100))
        elif code == "H":
            out.append("%02d" % hh)
        elif code == "I":
            out.append("%02d" % (hh % 12 or 12))
        elif code == "p":
            out.append("AM" if hh < 12 else "PM")
        elif code == "M":
            out.append("%02d" % mm)
        elif code == "S":
            out.append("%02d" % ss)
        elif code == "f":
            out.append("%06d" % getattr(obj, "microsecond", 0))
        elif code == "z":
            off = obj.utcoffset() if hasattr(obj, "utcoffset") else None
            out.append(_format_offset(off, "") if off is not None else "")
        elif code == "Z":
            name = obj.tzname() if hasattr(obj, "tzname") else None
            out.append(name or "")
        elif code == "j":
            out.append("%03d" % yday)
        elif code == "U":
            out.append("%02d" % ((yday + 6 - (wday + 1) % 7) // 7))
        elif code == "W":
            out.append("%02d" % ((yday + 6 - wday) // 7))
        elif code == "G":
            out.append("%d" % _isocal(year, month, day)[0])
        elif code == "g":
            out.append("%02d" % (_isocal(year, month, day)[0] % 100))
        elif code == "V":
            out.append("%02d" % _isocal(year, month, day)[1])
        elif code == "c":
            out.append("%s %s %2d %02d:%02d:%02d %d" % (_DAYNAMES[wday + 1], _MONTHNAMES[month],
                                                      day, hh, mm, ss, year))
        elif code == "x":
            out.append("%02d/%02d/%02d" % (month, day, year % 100))
        elif code == "X":
            out.append("%02d:%02d:%02d" % (hh, mm, ss))
        elif code == "D":
            out.append("%02d/%02d/%02d" % (month, day, year % 100))
        elif code == "F":
            out.append("%d-%02d-%02d" % (year, month, day))
        elif code == "T":
            out.append("%02d:%02d:%02d" % (hh, mm, ss))
        elif code == "R":
            out.append("%02d:%02d" % (hh, mm))
        elif code == "n":
            out.append("\n")
        elif code == "t":
            out.append("\t")
        elif code == "%":
            out.append("%")
        else:
            out.append("%" + code)
    return "".join(out)


def _isocal(year, month, day):
    week1monday = _iso_week1monday(year)
    today = _ymd2ord(year, month, day)
    week, day = divmod(today - week1monday, 7)
    if week < 0:
        year -= 1
        week1monday = _iso_week1monday(year)
        week, day = divmod(today - week1monday, 7)
    elif week >= 52:
        if today >= _iso_week1monday(year + 1):
            year += 1
            week = 0
    return year, week + 1, day + 1


class timedelta:
    """A duration: days, seconds and microseconds, normalized so that
    0 <= seconds < 86400 and 0 <= microseconds < 1000000."""

    __slots__ = ("_days", "_seconds", "_microseconds", "_hashcode")

    def __new__(cls, days=0, seconds=0, microseconds=0, milliseconds=0, minutes=0, hours=0,
                weeks=0):
        for name, v in (("days", days), ("seconds", seconds), ("microseconds", microseconds),
                        ("milliseconds", milliseconds), ("minutes", minutes),
                        ("hours", hours), ("weeks", weeks)):
            if not isinstance(v, (int, float)):
                raise TypeError("unsupported type for timedelta %s component: %s" %
                                (name, type(v).__name__))
        # everything in microseconds, exactly for ints, rounded half-even for floats
        total = 0
        ftotal = 0.0
        for v, unit in ((weeks, 604800000000), (days, 86400000000), (hours, 3600000000),
                        (minutes, 60000000), (seconds, 1000000), (milliseconds, 1000),
                        (microseconds, 1)):
            if isinstance(v, float):
                ftotal += v * unit
            else:
                total += v * unit
        if ftotal:
            total += round(ftotal)  # round half to even, on the total microseconds
        d, rem = divmod(total, 86400000000)
        s, us = divmod(rem, 1000000)
        if abs(d) > 2147483647:
            raise OverflowError("Python int too large to convert to C int")
        if abs(d) > 999999999:
            raise OverflowError("days=%d; must have magnitude <= 999999999" % d)
        self = object.__new__(cls)
        self._days = d
        self._seconds = s
        self._microseconds = us
        self._hashcode = -1
        return self

    @property
    def days(self):
        return self._days

    @property
    def seconds(self):
        return self._seconds

    @property
    def microseconds(self):
        return self._microseconds

    def total_seconds(self):
        """Total seconds in the duration."""
        return ((self._days * 86400 + self._seconds) * 10 ** 6 + self._microseconds) / 10 ** 6

    def _to_us(self):
        return (self._days * 86400 + self._seconds) * 1000000 + self._microseconds

    def __repr__(self):
        args = []
        if self._days:
            args.append("days=%d" % self._days)
        if self._seconds:
            args.append("seconds=%d" % self._seconds)
        if self._microseconds:
            args.append("microseconds=%d" % self._microseconds)
        if not args:
            args.append("0")
        return "%s.%s(%s)" % ("datetime", type(self).__qualname__, ", ".join(args))

    def __str__(self):
        mm, ss = divmod(self._seconds, 60)
        hh, mm = divmod(mm, 60)
        s = "%d:%02d:%02d" % (hh, mm, ss)
        if self._days:
            plural = "s" if abs(self._days) != 1 else ""
            s = ("%d day%s, " % (self._days, plural)) + s
        if self._microseconds:
            s = s + ".%06d" % self._microseconds
        return s

    def __add__(self, other):
        if isinstance(other, timedelta):
            return timedelta(0, 0, self._to_us() + other._to_us())
        return NotImplemented

    __radd__ = __add__

    def __sub__(self, other):
        if isinstance(other, timedelta):
            return timedelta(0, 0, self._to_us() - other._to_us())
        return NotImplemented

    def __rsub__(self, other):
        if isinstance(other, timedelta):
            return -self + other
        return NotImplemented

    def __neg__(self):
        return timedelta(0, 0, -self._to_us())

    def __pos__(self):
        return self

    def __abs__(self):
        return -self if self._days < 0 else self

    def __mul__(self, other):
        if isinstance(other, int) and not isinstance(other, bool) or isinstance(other, bool):
            return timedelta(0, 0, self._to_us() * other)
        if isinstance(other, float):
            a, b = other.as_integer_ratio()
            return timedelta(0, 0, _divide_and_round(self._to_us() * a, b))
        return NotImplemented

    __rmul__ = __mul__

    def __floordiv__(self, other):
        if not isinstance(other, (int, timedelta)):
            return NotImplemented
        usec = self._to_us()
        if isinstance(other, timedelta):
            return usec // other._to_us()
        return timedelta(0, 0, usec // other)

    def __truediv__(self, other):
        if not isinstance(other, (int, float, timedelta)):
            return NotImplemented
        usec = self._to_us()
        if isinstance(other, timedelta):
            return usec / other._to_us()
        if isinstance(other, int):
            return timedelta(0, 0, _divide_and_round(usec, other))
        a, b = other.as_integer_ratio()
        return timedelta(0, 0, _divide_and_round(b * usec, a))

    def __mod__(self, other):
        if isinstance(other, timedelta):
            return timedelta(0, 0, self._to_us() % other._to_us())
        return NotImplemented

    def __divmod__(self, other):
        if isinstance(other, timedelta):
            q, r = divmod(self._to_us(), other._to_us())
            return q, timedelta(0, 0, r)
        return NotImplemented

    def _cmp(self, other):
        return _cmp(self._to_us(), other._to_us())

    def __eq__(self, other):
        if isinstance(other, timedelta):
            return self._cmp(other) == 0
        return NotImplemented

    def __le__(self, other):
        if isinstance(other, timedelta):
            return self._cmp(other) <= 0
        return NotImplemented

    def __lt__(self, other):
        if isinstance(other, timedelta):
            return self._cmp(other) < 0
        return NotImplemented

    def __ge__(self, other):
        if isinstance(other, timedelta):
            return self._cmp(other) >= 0
        return NotImplemented

    def __gt__(self, other):
        if isinstance(other, timedelta):
            return self._cmp(other) > 0
        return NotImplemented

    def __hash__(self):
        if self._hashcode == -1:
            self._hashcode = hash((self._days, self._seconds, self._microseconds))
        return self._hashcode

    def __bool__(self):
        return self._days != 0 or self._seconds != 0 or self._microseconds != 0

    def __reduce__(self):
        return (type(self), (self._days, self._seconds, self._microseconds))


def _divide_and_round(a, b):
    q, r = divmod(a, b)
    r *= 2
    greater_than_half = r > b if b > 0 else r < b
    if greater_than_half or r == b and q % 2 == 1:
        q += 1
    return q


timedelta.min = timedelta(-999999999)
timedelta.max = timedelta(days=999999999, hours=23, minutes=59, seconds=59,
                          microseconds=999999)
timedelta.resolution = timedelta(microseconds=1)


class date:
    """A date (year, month, day) in the proleptic Gregorian calendar."""

    __slots__ = ("_year", "_month", "_day", "_hashcode")

    def __new__(cls, year, month=None, day=None):
        year, month, day = _check_date_fields(year, month, day)
        self = object.__new__(cls)
        self._year = year
        self._month = month
        self._day = day
        self._hashcode = -1
        return self

    @classmethod
    def fromtimestamp(cls, t):
        """The local date of a POSIX timestamp."""
        y, m, d, hh, mm, ss, weekday, jday, dst = _time.localtime(t)
        return cls(y, m, d)

    @classmethod
    def today(cls):
        """The current local date."""
        return cls.fromtimestamp(_time.time())

    @classmethod
    def fromordinal(cls, n):
        """The date of proleptic Gregorian ordinal n (1 is January 1 of year 1)."""
        if not 1 <= n <= _MAXORDINAL:
            raise ValueError("ordinal must be in 1..%d" % _MAXORDINAL)
        y, m, d = _ord2ymd(n)
        return cls(y, m, d)

    @classmethod
    def fromisoformat(cls, date_string):
        """A date from YYYY-MM-DD (also YYYYMMDD and the week forms YYYY-Www-D)."""
        if not isinstance(date_string, str):
            raise TypeError("fromisoformat: argument must be str")
        try:
            return cls(*_parse_isoformat_date(date_string))
        except (ValueError, IndexError):
            raise ValueError("Invalid isoformat string: %r" % date_string) from None

    @classmethod
    def fromisocalendar(cls, year, week, day):
        """The date of an ISO year, week number and weekday."""
        if not MINYEAR <= year <= MAXYEAR:
            raise ValueError("Year is out of range: %d" % year)
        if not 0 < week < 53:
            out_of_range = True
            if week == 53:
                first_weekday = _ymd2ord(year, 1, 1) % 7
                if first_weekday == 4 or (first_weekday == 3 and _is_leap(year)):
                    out_of_range = False
            if out_of_range:
                raise ValueError("Invalid week: %d" % week)
        if not 0 < day < 8:
            raise ValueError("Invalid weekday: %d (range is [1, 7])" % day)
        day_1 = _iso_week1monday(year)
        ord_day = day_1 + (week - 1) * 7 + (day - 1)
        return cls(*_ord2ymd(ord_day))

    def __repr__(self):
        return "datetime.%s(%d, %d, %d)" % (type(self).__qualname__, self._year, self._month,
                                            self._day)

    def ctime(self):
        """Return ctime() style string."""
        weekday = self.toordinal() % 7 or 7
        return "%s %s %2d 00:00:00 %04d" % (_DAYNAMES[weekday], _MONTHNAMES[self._month],
                                           self._day, self._year)

    def strftime(self, fmt):
        """Format using strftime()."""
        return _strftime(self, fmt, self.timetuple())

    def __format__(self, fmt):
        if not isinstance(fmt, str):
            raise TypeError("must be str, not %s" % type(fmt).__name__)
        if len(fmt) != 0:
            return self.strftime(fmt)
        return str(self)

    def isoformat(self):
        """The date as YYYY-MM-DD."""
        return "%04d-%02d-%02d" % (self._year, self._month, self._day)

    __str__ = isoformat

    @property
    def year(self):
        return self._year

    @property
    def month(self):
        return self._month

    @property
    def day(self):
        return self._day

    def timetuple(self):
        """The date as a time.struct_time-like 9-tuple."""
        return _build_struct_time(self._year, self._month, self._day, 0, 0, 0, -1)

    def toordinal(self):
        """The proleptic Gregorian ordinal (January 1 of year 1 is 1)."""
        return _ymd2ord(self._year, self._month, self._day)

    def replace(self, year=None, month=None, day=None):
        """A date with the given fields replaced."""
        if year is None:
            year = self._year
        if month is None:
            month = self._month
        if day is None:
            day = self._day
        return type(self)(year, month, day)

    def _cmp(self, other):
        y, m, d = self._year, self._month, self._day
        y2, m2, d2 = other._year, other._month, other._day
        return _cmp((y, m, d), (y2, m2, d2))

    def __eq__(self, other):
        if isinstance(other, date) and not isinstance(other, datetime) and \
                not isinstance(self, datetime):
            return self._cmp(other) == 0
        return NotImplemented

    def __le__(self, other):
        if isinstance(other, date) and not isinstance(other, datetime):
            return self._cmp(other) <= 0
        return NotImplemented

    def __lt__(self, other):
        if isinstance(other, date) and not isinstance(other, datetime):
            return self._cmp(other) < 0
        return NotImplemented

    def __ge__(self, other):
        if isinstance(other, date) and not isinstance(other, datetime):
            return self._cmp(other) >= 0
        return NotImplemented

    def __gt__(self, other):
        if isinstance(other, date) and not isinstance(other, datetime):
            return self._cmp(other) > 0
        return NotImplemented

    def __hash__(self):
        if self._hashcode == -1:
            self._hashcode = hash((self._year, self._month, self._day))
        return self._hashcode

    def __add__(self, other):
        if isinstance(other, timedelta):
            o = self.toordinal() + other.days
            if 0 < o <= _MAXORDINAL:
                return type(self).fromordinal(o)
            raise OverflowError("date value out of range")
        return NotImplemented

    __radd__ = __add__

    def __sub__(self, other):
        if isinstance(other, timedelta):
            return self + timedelta(-other.days)
        if isinstance(other, date):
            days1 = self.toordinal()
            days2 = other.toordinal()
            return timedelta(days1 - days2)
        return NotImplemented

    def weekday(self):
        """Day of the week: Monday is 0, Sunday is 6."""
        return (self.toordinal() + 6) % 7

    def isoweekday(self):
        """Day of the week: Monday is 1, Sunday is 7."""
        return self.toordinal() % 7 or 7

    def isocalendar(self):
        """The ISO year, week number and weekday (an IsoCalendarDate)."""
        return _IsoCalendarDate(*_isocal(self._year, self._month, self._day))

    def __reduce__(self):
        return (type(self), (self._year, self._month, self._day))


date.min = date(1, 1, 1)
date.max = date(9999, 12, 31)
date.resolution = timedelta(days=1)


class _IsoCalendarDate(tuple):
    def __new__(cls, year, week, weekday):
        return super().__new__(cls, (year, week, weekday))

    @property
    def year(self):
        return self[0]

    @property
    def week(self):
        return self[1]

    @property
    def weekday(self):
        return self[2]

    def __repr__(self):
        return "%s(year=%d, week=%d, weekday=%d)" % ("datetime.IsoCalendarDate", self[0],
                                                      self[1], self[2])


def _build_struct_time(y, m, d, hh, mm, ss, dstflag):
    wday = (_ymd2ord(y, m, d) + 6) % 7
    dnum = _days_before_month(y, m) + d
    return _time.struct_time((y, m, d, hh, mm, ss, wday, dnum, dstflag)) \
        if hasattr(_time, "struct_time") else (y, m, d, hh, mm, ss, wday, dnum, dstflag)


class tzinfo:
    """Abstract base class for time zone info classes."""

    __slots__ = ()

    def tzname(self, dt):
        raise NotImplementedError("tzinfo subclass must override tzname()")

    def utcoffset(self, dt):
        raise NotImplementedError("tzinfo subclass must override utcoffset()")

    def dst(self, dt):
        raise NotImplementedError("tzinfo subclass must override dst()")

    def fromutc(self, dt):
        """datetime in UTC -> datetime in local time."""
        if not isinstance(dt, datetime):
            raise TypeError("fromutc() requires a datetime argument")
        if dt.tzinfo is not self:
            raise ValueError("dt.tzinfo is not self")
        dtoff = dt.utcoffset()
        if dtoff is None:
            raise ValueError("fromutc() requires a non-None utcoffset() result")
        dtdst = dt.dst()
        if dtdst is None:
            raise ValueError("fromutc() requires a non-None dst() result")
        delta = dtoff - dtdst
        if delta:
            dt += delta
            dtdst = dt.dst()
            if dtdst is None:
                raise ValueError("fromutc(): dt.dst gave inconsistent results; cannot "
                                 "convert")
        return dt + dtdst


class time:
    """A time of day (hour, minute, second, microsecond, tzinfo, fold)."""

    __slots__ = ("_hour", "_minute", "_second", "_microsecond", "_tzinfo", "_hashcode",
                 "_fold")

    def __new__(cls, hour=0, minute=0, second=0, microsecond=0, tzinfo=None, *, fold=0):
        hour, minute, second, microsecond, fold = _check_time_fields(
            hour, minute, second, microsecond, fold)
        _check_tzinfo_arg(tzinfo)
        self = object.__new__(cls)
        self._hour = hour
        self._minute = minute
        self._second = second
        self._microsecond = microsecond
        self._tzinfo = tzinfo
        self._hashcode = -1
        self._fold = fold
        return self

    @property
    def hour(self):
        return self._hour

    @property
    def minute(self):
        return self._minute

    @property
    def second(self):
        return self._second

    @property
    def microsecond(self):
        return self._microsecond

    @property
    def tzinfo(self):
        return self._tzinfo

    @property
    def fold(self):
        return self._fold

    def _key(self):
        return (self._hour, self._minute, self._second, self._microsecond)

    def _cmp(self, other):
        mytz = self._tzinfo
        ottz = other._tzinfo
        myoff = otoff = None
        if mytz is ottz:
            base_compare = True
        else:
            myoff = self.utcoffset()
            otoff = other.utcoffset()
            base_compare = myoff == otoff
        if base_compare:
            return _cmp(self._key(), other._key())
        if myoff is None or otoff is None:
            raise TypeError("can't compare offset-naive and offset-aware times")
        myhhmm = self._hour * 60 + self._minute - myoff // timedelta(minutes=1)
        othhmm = other._hour * 60 + other._minute - otoff // timedelta(minutes=1)
        return _cmp((myhhmm, self._second, self._microsecond),
                    (othhmm, other._second, other._microsecond))

    def __eq__(self, other):
        if isinstance(other, time):
            try:
                return self._cmp(other) == 0
            except TypeError:
                return False
        return NotImplemented

    def __le__(self, other):
        if isinstance(other, time):
            return self._cmp(other) <= 0
        return NotImplemented

    def __lt__(self, other):
        if isinstance(other, time):
            return self._cmp(other) < 0
        return NotImplemented

    def __ge__(self, other):
        if isinstance(other, time):
            return self._cmp(other) >= 0
        return NotImplemented

    def __gt__(self, other):
        if isinstance(other, time):
            return self._cmp(other) > 0
        return NotImplemented

    def __hash__(self):
        if self._hashcode == -1:
            tzoff = self.utcoffset()
            if not tzoff:
                self._hashcode = hash(self._key())
            else:
                h, m = divmod(timedelta(hours=self.hour, minutes=self.minute) - tzoff,
                              timedelta(hours=1))
                m //= timedelta(minutes=1)
                self._hashcode = hash((h, m, self.second, self.microsecond))
        return self._hashcode

    def _tzstr(self):
        return _format_offset(self.utcoffset())

    def __repr__(self):
        if self._microsecond != 0:
            s = ", %d, %d" % (self._second, self._microsecond)
        elif self._second != 0:
            s = ", %d" % self._second
        else:
            s = ""
        s = "datetime.%s(%d, %d%s)" % (type(self).__qualname__, self._hour, self._minute, s)
        if self._tzinfo is not None:
            s = s[:-1] + ", tzinfo=%r" % self._tzinfo + ")"
        if self._fold:
            s = s[:-1] + ", fold=1)"
        return s

    def isoformat(self, timespec="auto"):
        """The time as HH:MM:SS.mmmmmm+HH:MM (the parts per timespec)."""
        s = _format_time(self._hour, self._minute, self._second, self._microsecond, timespec)
        tz = self._tzstr()
        if tz:
            s += tz
        return s

    __str__ = isoformat

    @classmethod
    def fromisoformat(cls, time_string):
        """A time from the output of time.isoformat()."""
        if not isinstance(time_string, str):
            raise TypeError("fromisoformat: argument must be str")
        s = time_string[1:] if time_string.startswith("T") else time_string
        try:
            return cls(*_parse_isoformat_time(s))
        except (ValueError, IndexError):
            raise ValueError("Invalid isoformat string: %r" % time_string) from None

    def strftime(self, fmt):
        """Format using strftime(); the date part is 1900-01-01."""
        timetuple = (1900, 1, 1, self._hour, self._minute, self._second, 0, 1, -1)
        return _strftime(self, fmt, timetuple)

    def __format__(self, fmt):
        if not isinstance(fmt, str):
            raise TypeError("must be str, not %s" % type(fmt).__name__)
        if len(fmt) != 0:
            return self.strftime(fmt)
        return str(self)

    def utcoffset(self):
        if self._tzinfo is None:
            return None
        offset = self._tzinfo.utcoffset(None)
        _check_utc_offset("utcoffset", offset)
        return offset

    def tzname(self):
        if self._tzinfo is None:
            return None
        return self._tzinfo.tzname(None)

    def dst(self):
        if self._tzinfo is None:
            return None
        offset = self._tzinfo.dst(None)
        _check_utc_offset("dst", offset)
        return offset

    def replace(self, hour=None, minute=None, second=None, microsecond=None, tzinfo=True, *,
                fold=None):
        """A time with the given fields replaced."""
        if hour is None:
            hour = self.hour
        if minute is None:
            minute = self.minute
        if second is None:
            second = self.second
        if microsecond is None:
            microsecond = self.microsecond
        if tzinfo is True:
            tzinfo = self.tzinfo
        if fold is None:
            fold = self._fold
        return type(self)(hour, minute, second, microsecond, tzinfo, fold=fold)

    def __bool__(self):
        return True

    def __reduce__(self):
        return (type(self), (self._hour, self._minute, self._second, self._microsecond,
                             self._tzinfo))


time.min = time(0, 0, 0)
time.max = time(23, 59, 59, 999999)
time.resolution = timedelta(microseconds=1)


class datetime(date):
    """A date and a time: datetime(year, month, day[, hour[, minute[, second[,
    microsecond[, tzinfo]]]]])."""

    __slots__ = date.__slots__ + time.__slots__

    def __new__(cls, year, month=None, day=None, hour=0, minute=0, second=0, microsecond=0,
                tzinfo=None, *, fold=0):
        year, month, day = _check_date_fields(year, month, day)
        hour, minute, second, microsecond, fold = _check_time_fields(
            hour, minute, second, microsecond, fold)
        _check_tzinfo_arg(tzinfo)
        self = object.__new__(cls)
        self._year = year
        self._month = month
        self._day = day
        self._hour = hour
        self._minute = minute
        self._second = second
        self._microsecond = microsecond
        self._tzinfo = tzinfo
        self._hashcode = -1
        self._fold = fold
        return self

    hour = time.hour
    minute = time.minute
    second = time.second
    microsecond = time.microsecond
    tzinfo = time.tzinfo
    fold = time.fold

    @classmethod
    def _fromtimestamp(cls, t, utc, tz):
        frac, t = _math.modf(t)
        us = round(frac * 1e6)
        if us >= 1000000:
            t += 1
            us -= 1000000
        elif us < 0:
            t -= 1
            us += 1000000
        converter = _time.gmtime if utc else _time.localtime
        y, m, d, hh, mm, ss, weekday, jday, dst = converter(t)
        ss = min(ss, 59)
        result = cls(y, m, d, hh, mm, ss, us, tz)
        return result

    @classmethod
    def fromtimestamp(cls, t, tz=None):
        """The local date and time of a POSIX timestamp (in tz when given)."""
        _check_tzinfo_arg(tz)
        if tz is None:
            return cls._fromtimestamp(t, False, None)
        result = cls._fromtimestamp(t, True, tz)
        return tz.fromutc(result)

    @classmethod
    def utcfromtimestamp(cls, t):
        """The naive UTC datetime of a POSIX timestamp."""
        return cls._fromtimestamp(t, True, None)

    @classmethod
    def now(cls, tz=None):
        """The current local date and time (in tz when given)."""
        return cls.fromtimestamp(_time.time(), tz)

    @classmethod
    def utcnow(cls):
        """The current UTC date and time, naive."""
        return cls.utcfromtimestamp(_time.time())

    @classmethod
    def today(cls):
        return cls.fromtimestamp(_time.time())

    @classmethod
    def combine(cls, date, time, tzinfo=True):
        """A datetime from a date and a time."""
        if not isinstance(date, _date_class):
            raise TypeError("combine() argument 1 must be datetime.date, not " +
                            type(date).__name__)
        if not isinstance(time, _time_class):
            raise TypeError("combine() argument 2 must be datetime.time, not " +
                            type(time).__name__)
        if tzinfo is True:
            tzinfo = time.tzinfo
        return cls(date.year, date.month, date.day, time.hour, time.minute, time.second,
                   time.microsecond, tzinfo, fold=time.fold)

    @classmethod
    def fromisoformat(cls, date_string):
        """A datetime from the output of datetime.isoformat() (and the other ISO 8601
        forms CPython 3.11 accepts)."""
        if not isinstance(date_string, str):
            raise TypeError("fromisoformat: argument must be str")
        if len(date_string) < 7:
            raise ValueError("Invalid isoformat string: %r" % date_string)
        try:
            sep = _find_isoformat_datetime_separator(date_string)
            date_components = _parse_isoformat_date(date_string[:sep])
            time_components = [0, 0, 0, 0, None]
            if sep < len(date_string):
                time_components = _parse_isoformat_time(date_string[sep + 1:])
            return cls(*(list(date_components) + list(time_components)))
        except (ValueError, IndexError):
            raise ValueError("Invalid isoformat string: %r" % date_string) from None

    def timetuple(self):
        """The datetime as a time.struct_time-like 9-tuple."""
        dst = self.dst()
        if dst is None:
            dst = -1
        elif dst:
            dst = 1
        else:
            dst = 0
        return _build_struct_time(self.year, self.month, self.day, self.hour, self.minute,
                                  self.second, dst)

    def _local_timestamp(self):
        t = _time.mktime((self.year, self.month, self.day, self.hour, self.minute,
                          self.second, 0, 0, -1))
        return t

    def timestamp(self):
        """The POSIX timestamp of the datetime (naive: local time)."""
        if self._tzinfo is None:
            return self._local_timestamp() + self.microsecond / 1e6
        return (self - _EPOCH).total_seconds()

    def utctimetuple(self):
        """The UTC time tuple."""
        offset = self.utcoffset()
        if offset:
            self -= offset
        y, m, d = self.year, self.month, self.day
        hh, mm, ss = self.hour, self.minute, self.second
        return _build_struct_time(y, m, d, hh, mm, ss, 0)

    def date(self):
        """The date part."""
        return date(self._year, self._month, self._day)

    def time(self):
        """The time part, without tzinfo."""
        return time(self.hour, self.minute, self.second, self.microsecond, fold=self.fold)

    def timetz(self):
        """The time part, with tzinfo."""
        return time(self.hour, self.minute, self.second, self.microsecond, self._tzinfo,
                    fold=self.fold)

    def replace(self, year=None, month=None, day=None, hour=None, minute=None, second=None,
                microsecond=None, tzinfo=True, *, fold=None):
        """A datetime with the given fields replaced."""
        if year is None:
            year = self.year
        if month is None:
            month = self.month
        if day is None:
            day = self.day
        if hour is None:
            hour = self.hour
        if minute is None:
            minute = self.minute
        if second is None:
            second = self.second
        if microsecond is None:
            microsecond = self.microsecond
        if tzinfo is True:
            tzinfo = self.tzinfo
        if fold is None:
            fold = self.fold
        return type(self)(year, month, day, hour, minute, second, microsecond, tzinfo,
                          fold=fold)

    def _local_timezone(self):
        ts = self._local_timestamp() if self.tzinfo is None else \
            (self - _EPOCH) // timedelta(seconds=1)
        localtm = _time.localtime(ts)
        local = datetime(*localtm[:6])
        gmoff = local - datetime(*_time.gmtime(ts)[:6])
        return timezone(gmoff, _time.tzname[localtm[8]] if localtm[8] in (0, 1) else None)

    def astimezone(self, tz=None):
        """The same instant in time zone tz (the local zone by default)."""
        if tz is None:
            tz = self._local_timezone()
        elif not isinstance(tz, tzinfo):
            raise TypeError("tz argument must be an instance of tzinfo")
        mytz = self.tzinfo
        if mytz is None:
            mytz = self._local_timezone()
            myoffset = mytz.utcoffset(self)
        else:
            myoffset = mytz.utcoffset(self)
            if myoffset is None:
                mytz = self.replace(tzinfo=None)._local_timezone()
                myoffset = mytz.utcoffset(self)
        if tz is mytz:
            return self
        utc = (self - myoffset).replace(tzinfo=tz)
        return tz.fromutc(utc)

    def ctime(self):
        """Return ctime() style string."""
        weekday = self.toordinal() % 7 or 7
        return "%s %s %2d %02d:%02d:%02d %04d" % (
            _DAYNAMES[weekday], _MONTHNAMES[self._month], self._day, self._hour, self._minute,
            self._second, self._year)

    def isoformat(self, sep="T", timespec="auto"):
        """YYYY-MM-DDTHH:MM:SS[.ffffff][+HH:MM]."""
        s = ("%04d-%02d-%02d%s" % (self._year, self._month, self._day, sep) +
             _format_time(self._hour, self._minute, self._second, self._microsecond,
                          timespec))
        off = self.utcoffset()
        tz = _format_offset(off)
        if tz:
            s += tz
        return s

    def __repr__(self):
        L = [self._year, self._month, self._day, self._hour, self._minute, self._second,
             self._microsecond]
        if L[-1] == 0:
            del L[-1]
        if L[-1] == 0:
            del L[-1]
        s = "datetime.%s(%s)" % (type(self).__qualname__, ", ".join(map(str, L)))
        if self._tzinfo is not None:
            s = s[:-1] + ", tzinfo=%r" % self._tzinfo + ")"
        if self._fold:
            s = s[:-1] + ", fold=1)"
        return s

    def __str__(self):
        return self.isoformat(sep=" ")

    @classmethod
    def strptime(cls, date_string, format):
        """A datetime parsed from date_string according to format (the common codes)."""
        return _strptime_datetime(cls, date_string, format)

    def utcoffset(self):
        if self._tzinfo is None:
            return None
        offset = self._tzinfo.utcoffset(self)
        _check_utc_offset("utcoffset", offset)
        return offset

    def tzname(self):
        if self._tzinfo is None:
            return None
        return self._tzinfo.tzname(self)

    def dst(self):
        if self._tzinfo is None:
            return None
        offset = self._tzinfo.dst(self)
        _check_utc_offset("dst", offset)
        return offset

    def strftime(self, fmt):
        return _strftime(self, fmt, self.timetuple())

    def __eq__(self, other):
        if isinstance(other, datetime):
            return self._cmp(other, allow_mixed=True) == 0
        if not isinstance(other, date):
            return NotImplemented
        return False

    def __le__(self, other):
        if isinstance(other, datetime):
            return self._cmp(other) <= 0
        if not isinstance(other, date):
            return NotImplemented
        _cmperror(self, other)

    def __lt__(self, other):
        if isinstance(other, datetime):
            return self._cmp(other) < 0
        if not isinstance(other, date):
            return NotImplemented
        _cmperror(self, other)

    def __ge__(self, other):
        if isinstance(other, datetime):
            return self._cmp(other) >= 0
        if not isinstance(other, date):
            return NotImplemented
        _cmperror(self, other)

    def __gt__(self, other):
        if isinstance(other, datetime):
            return self._cmp(other) > 0
        if not isinstance(other, date):
            return NotImplemented
        _cmperror(self, other)

    def _key(self):
        return (self._year, self._month, self._day, self._hour, self._minute, self._second,
                self._microsecond)

    def _cmp(self, other, allow_mixed=False):
        mytz = self._tzinfo
        ottz = other._tzinfo
        myoff = otoff = None
        if mytz is ottz:
            base_compare = True
        else:
            myoff = self.utcoffset()
            otoff = other.utcoffset()
            base_compare = myoff == otoff
        if base_compare:
            return _cmp(self._key(), other._key())
        if myoff is None or otoff is None:
            if allow_mixed:
                return 2
            raise TypeError("can't compare offset-naive and offset-aware datetimes")
        diff = self - other
        if diff.days < 0:
            return -1
        return diff and 1 or 0

    def __add__(self, other):
        if not isinstance(other, timedelta):
            return NotImplemented
        delta = timedelta(self.toordinal(), hours=self._hour, minutes=self._minute,
                          seconds=self._second, microseconds=self._microsecond)
        delta += other
        hour, rem = divmod(delta.seconds, 3600)
        minute, second = divmod(rem, 60)
        if 0 < delta.days <= _MAXORDINAL:
            return type(self).combine(date.fromordinal(delta.days),
                                      time(hour, minute, second, delta.microseconds,
                                           tzinfo=self._tzinfo))
        raise OverflowError("date value out of range")

    __radd__ = __add__

    def __sub__(self, other):
        if not isinstance(other, datetime):
            if isinstance(other, timedelta):
                return self + -other
            return NotImplemented
        days1 = self.toordinal()
        days2 = other.toordinal()
        secs1 = self._second + self._minute * 60 + self._hour * 3600
        secs2 = other._second + other._minute * 60 + other._hour * 3600
        base = timedelta(days1 - days2, secs1 - secs2, self._microsecond - other._microsecond)
        if self._tzinfo is other._tzinfo:
            return base
        myoff = self.utcoffset()
        otoff = other.utcoffset()
        if myoff == otoff:
            return base
        if myoff is None or otoff is None:
            raise TypeError("can't subtract offset-naive and offset-aware datetimes")
        return base + otoff - myoff

    def __hash__(self):
        if self._hashcode == -1:
            t = self.replace(fold=0) if self.fold else self
            tzoff = t.utcoffset()
            if tzoff is None:
                self._hashcode = hash(t._key())
            else:
                days = _ymd2ord(self.year, self.month, self.day)
                seconds = self.hour * 3600 + self.minute * 60 + self.second
                self._hashcode = hash(timedelta(days, seconds, self.microsecond) - tzoff)
        return self._hashcode

    def __reduce__(self):
        return (type(self), self._key() + (self._tzinfo,))


_date_class = date
_time_class = time


def _cmperror(x, y):
    raise TypeError("can't compare %s to %s" % (_cmp_name(x), _cmp_name(y)))


def _cmp_name(x):
    t = type(x)
    # the datetime types print as CPython's C types do (datetime.date)
    if t.__module__ == "datetime":
        return "datetime." + t.__name__
    return t.__name__


datetime.min = datetime(1, 1, 1)
datetime.max = datetime(9999, 12, 31, 23, 59, 59, 999999)
datetime.resolution = timedelta(microseconds=1)


class timezone(tzinfo):
    """A fixed offset from UTC: timezone(timedelta(hours=1), 'CET')."""

    __slots__ = ("_offset", "_name")

    _Omitted = object()

    def __new__(cls, offset, name=_Omitted):
        if not isinstance(offset, timedelta):
            raise TypeError("offset must be a timedelta")
        if name is cls._Omitted:
            if not offset:
                return cls.utc
            name = None
        elif not isinstance(name, str):
            raise TypeError("name must be a string")
        if not cls._minoffset <= offset <= cls._maxoffset:
            raise ValueError("offset must be a timedelta strictly between "
                             "-timedelta(hours=24) and timedelta(hours=24), not %r." % offset)
        return cls._create(offset, name)

    @classmethod
    def _create(cls, offset, name=None):
        self = tzinfo.__new__(cls)
        self._offset = offset
        self._name = name
        return self

    def __getinitargs__(self):
        if self._name is None:
            return (self._offset,)
        return (self._offset, self._name)

    def __eq__(self, other):
        if isinstance(other, timezone):
            return self._offset == other._offset
        return NotImplemented

    def __hash__(self):
        return hash(self._offset)

    def __repr__(self):
        if self is self.utc:
            return "datetime.timezone.utc"
        if self._name is None:
            return "datetime.%s(%r)" % (type(self).__qualname__, self._offset)
        return "datetime.%s(%r, %r)" % (type(self).__qualname__, self._offset, self._name)

    def __str__(self):
        return self.tzname(None)

    def utcoffset(self, dt):
        if isinstance(dt, datetime) or dt is None:
            return self._offset
        raise TypeError("utcoffset() argument must be a datetime instance or None")

    def tzname(self, dt):
        if isinstance(dt, datetime) or dt is None:
            if self._name is None:
                return self._name_from_offset(self._offset)
            return self._name
        raise TypeError("tzname() argument must be a datetime instance or None")

    def dst(self, dt):
        if isinstance(dt, datetime) or dt is None:
            return None
        raise TypeError("dst() argument must be a datetime instance or None")

    def fromutc(self, dt):
        if isinstance(dt, datetime):
            if dt.tzinfo is not self:
                raise ValueError("fromutc: dt.tzinfo is not self")
            return dt + self._offset
        raise TypeError("fromutc() argument must be a datetime instance or None")

    _maxoffset = timedelta(hours=24, microseconds=-1)
    _minoffset = -_maxoffset

    @staticmethod
    def _name_from_offset(delta):
        if not delta:
            return "UTC"
        if delta < timedelta(0):
            sign = "-"
            delta = -delta
        else:
            sign = "+"
        hours, rest = divmod(delta, timedelta(hours=1))
        minutes, rest = divmod(rest, timedelta(minutes=1))
        seconds = rest.seconds
        microseconds = rest.microseconds
        if microseconds:
            return "UTC%s%02d:%02d:%02d.%06d" % (sign, hours, minutes, seconds, microseconds)
        if seconds:
            return "UTC%s%02d:%02d:%02d" % (sign, hours, minutes, seconds)
        return "UTC%s%02d:%02d" % (sign, hours, minutes)


timezone.utc = timezone._create(timedelta(0))
timezone.min = timezone._create(-timedelta(hours=23, minutes=59))
timezone.max = timezone._create(timedelta(hours=23, minutes=59))
UTC = timezone.utc
_EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)


# ---- ISO 8601 parsing ---------------------------------------------------------------


def _find_isoformat_datetime_separator(dtstr):
    len_dtstr = len(dtstr)
    if len_dtstr == 7:
        return 7
    date_separator = "-"
    week_indicator = "W"
    if dtstr[4] == date_separator:
        if dtstr[5] == week_indicator:
            if len_dtstr < 8:
                raise ValueError("Invalid ISO string")
            if len_dtstr > 8 and dtstr[8] == date_separator:
                if len_dtstr == 9:
                    raise ValueError("Invalid ISO string")
                if len_dtstr > 10 and dtstr[10].isdigit():
                    return 8
                return 10
            return 8
        return 10
    if dtstr[4] == week_indicator:
        idx = 7
        while idx < len_dtstr:
            if not dtstr[idx].isdigit():
                break
            idx += 1
        if idx < 9:
            return idx
        if idx % 2 == 0:
            return 7
        return 8
    return 8


def _parse_isoformat_date(dtstr):
    if not (dtstr[:4].isdigit() and len(dtstr) >= 7):
        raise ValueError("Invalid date")
    year = int(dtstr[0:4])
    has_sep = dtstr[4] == "-"
    pos = 4 + has_sep
    if dtstr[pos:pos + 1] == "W":
        pos += 1
        weekno = int(dtstr[pos:pos + 2])
        pos += 2
        dayno = 1
        if len(dtstr) > pos:
            if (dtstr[pos:pos + 1] == "-") != has_sep:
                raise ValueError("Inconsistent use of dash separator")
            pos += has_sep
            dayno = int(dtstr[pos:pos + 1])
        return list(_ord2ymd(_iso_week1monday(year) + (weekno - 1) * 7 + dayno - 1)) \
            if 1 <= weekno <= 53 and 1 <= dayno <= 7 else _raise(ValueError("Invalid week"))
    month = dtstr[pos:pos + 2]
    if not month.isdigit():
        raise ValueError("Invalid date")
    pos += 2
    if (dtstr[pos:pos + 1] == "-") != has_sep:
        raise ValueError("Inconsistent use of dash separator")
    pos += has_sep
    day = dtstr[pos:pos + 2]
    if not day.isdigit() or len(dtstr) != pos + 2:
        raise ValueError("Invalid date")
    return [year, int(month), int(day)]


def _raise(exc):
    raise exc


def _parse_hh_mm_ss_ff(tstr):
    len_str = len(tstr)
    time_comps = [0, 0, 0, 0]
    pos = 0
    for comp in range(0, 3):
        if (len_str - pos) < 2:
            raise ValueError("Incomplete time component")
        part = tstr[pos:pos + 2]
        if not part.isdigit():
            raise ValueError("Invalid time component")
        time_comps[comp] = int(part)
        pos += 2
        next_char = tstr[pos:pos + 1]
        if comp == 0:
            has_sep = next_char == ":"
        if not next_char or comp >= 2:
            break
        if has_sep and next_char != ":":
            raise ValueError("Invalid time separator: %c" % next_char)
        pos += has_sep
    if pos < len_str:
        if tstr[pos] not in ".,":
            raise ValueError("Invalid microsecond component")
        pos += 1
        len_remainder = len_str - pos
        to_parse = 6 if len_remainder >= 6 else len_remainder
        digits = tstr[pos:pos + to_parse]
        if not digits.isdigit():
            raise ValueError("Non-digit values in unparsed fraction")
        time_comps[3] = int(digits) * (10 ** (6 - to_parse))
        if len_remainder > to_parse and not tstr[pos + to_parse:].isdigit():
            raise ValueError("Non-digit values in unparsed fraction")
    return time_comps


def _parse_isoformat_time(tstr):
    len_str = len(tstr)
    if len_str < 2:
        raise ValueError("Isoformat time too short")
    tz_pos = (tstr.find("-") + 1 or tstr.find("+") + 1 or tstr.find("Z") + 1)
    timestr = tstr[:tz_pos - 1] if tz_pos > 0 else tstr
    time_comps = _parse_hh_mm_ss_ff(timestr)
    tzi = None
    if tz_pos == len_str and tstr[-1] == "Z":
        tzi = timezone.utc
    elif tz_pos > 0:
        tzstr = tstr[tz_pos:]
        if len(tzstr) in (0, 1, 3):
            raise ValueError("Malformed time zone string")
        tz_comps = _parse_hh_mm_ss_ff(tzstr)
        if all(x == 0 for x in tz_comps):
            tzi = timezone.utc
        else:
            tzsign = -1 if tstr[tz_pos - 1] == "-" else 1
            td = timedelta(hours=tz_comps[0], minutes=tz_comps[1], seconds=tz_comps[2],
                           microseconds=tz_comps[3])
            tzi = timezone(tzsign * td)
    time_comps.append(tzi)
    return time_comps


# ---- strptime -----------------------------------------------------------------------


def _strptime_datetime(cls, data_string, fmt):
    if not isinstance(data_string, str):
        raise TypeError("strptime() argument 1 must be str, not " + type(data_string).__name__)
    if not isinstance(fmt, str):
        raise TypeError("strptime() argument 2 must be str, not " + type(fmt).__name__)
    year = 1900
    month = day = 1
    hour = minute = second = fraction = 0
    ampm = None
    tz = None
    weekday = julian = None
    i = 0
    j = 0
    n = len(fmt)
    s = data_string

    def fail():
        raise ValueError("time data %r does not match format %r" % (data_string, fmt))

    def number(maxlen, minlen=1):
        nonlocal i
        k = i
        while k < len(s) and k - i < maxlen and s[k].isdigit():
            k += 1
        if k - i < minlen:
            fail()
        v = int(s[i:k])
        i = k
        return v

    def ranged(lo, hi, maxlen=2):
        v = number(maxlen)
        if not lo <= v <= hi:
            fail()
        return v

    def name(options):
        nonlocal i
        low = s[i:].lower()
        best = None
        for idx, opt in enumerate(options):
            if opt and low.startswith(opt.lower()) and (best is None or
                                                        len(opt) > len(options[best])):
                best = idx
        if best is None:
            fail()
        i += len(options[best])
        return best

    while j < n:
        c = fmt[j]
        if c == "%" and j + 1 < n:
            code = fmt[j + 1]
            j += 2
            if code == "Y":
                year = number(4, 4)
            elif code == "y":
                y = number(2, 2)
                year = y + (2000 if y < 69 else 1900)
            elif code == "m":
                month = ranged(1, 12)
            elif code == "d":
                day = ranged(1, 31)
            elif code == "H":
                hour = ranged(0, 23)
            elif code == "I":
                hour = ranged(1, 12)
            elif code == "M":
                minute = ranged(0, 59)
            elif code == "S":
                second = ranged(0, 61)
            elif code == "f":
                k = i
                while k < len(s) and k - i < 6 and s[k].isdigit():
                    k += 1
                if k == i:
                    fail()
                fraction = int(s[i:k].ljust(6, "0"))
                i = k
            elif code == "p":
                ampm = name(["AM", "PM"])
            elif code == "b" or code == "h":
                month = name(_MONTHNAMES[1:]) + 1
            elif code == "B":
                month = name(_FULLMONTHNAMES[1:]) + 1
            elif code == "a":
                weekday = name(_DAYNAMES[1:])
            elif code == "A":
                weekday = name(_FULLDAYNAMES[1:])
            elif code == "j":
                julian = ranged(1, 366, 3)
            elif code == "w":
                weekday = (number(1) - 1) % 7
            elif code == "z":
                if s[i:i + 1] == "Z":
                    tz = timezone.utc
                    i += 1
                else:
                    sign = s[i:i + 1]
                    if sign not in "+-" or not sign:
                        fail()
                    i += 1
                    hh = number(2, 2)
                    if s[i:i + 1] == ":":
                        i += 1
                    mm = number(2, 2)
                    ss = 0
                    if s[i:i + 1] == ":" or (s[i:i + 1].isdigit()):
                        if s[i:i + 1] == ":":
                            i += 1
                        ss = number(2, 2)
                    off = timedelta(hours=hh, minutes=mm, seconds=ss)
                    tz = timezone(-off if sign == "-" else off)
            elif code == "%":
                if s[i:i + 1] != "%":
                    fail()
                i += 1
            else:
                raise ValueError("'%s' is a bad directive in format '%s'" % (code, fmt))
        elif c.isspace():
            j += 1
            while i < len(s) and s[i].isspace():
                i += 1
        else:
            if s[i:i + 1] != c:
                fail()
            i += 1
            j += 1
    if i != len(s):
        raise ValueError("unconverted data remains: %s" % s[i:])
    if ampm is not None:
        if hour == 12:
            hour = 0 if ampm == 0 else 12
        elif ampm == 1:
            hour += 12
    if julian is not None and month == 1 and day == 1:
        d = date.fromordinal(_ymd2ord(year, 1, 1) + julian - 1)
        month, day = d.month, d.day
    return cls(year, month, day, hour, minute, second, fraction, tz)
