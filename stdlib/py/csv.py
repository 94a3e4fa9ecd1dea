"""csv for krait: reading and writing CSV (reader, writer, DictReader, DictWriter,
dialects and the QUOTE_* modes), written from the documented behaviour of CPython 3.11
(docs.python.org/3.11/library/csv.html). Files come from open() (newline='' as the docs
advise), so the sandbox's rule on files applies; any iterable of lines works for reading
and any object with write() for writing."""

__all__ = ["QUOTE_MINIMAL", "QUOTE_ALL", "QUOTE_NONNUMERIC", "QUOTE_NONE", "Error", "Dialect",
           "excel", "excel_tab", "unix_dialect", "reader", "writer", "register_dialect",
           "get_dialect", "list_dialects", "field_size_limit", "DictReader", "DictWriter",
           "Sniffer"]

QUOTE_MINIMAL, QUOTE_ALL, QUOTE_NONNUMERIC, QUOTE_NONE = 0, 1, 2, 3
__version__ = "1.0"


class Error(Exception):
    pass


Error.__module__ = "_csv"
_field_limit = [131072]


def field_size_limit(*args):
    """Sets (and returns the old) upper limit on parsed field size."""
    old = _field_limit[0]
    if args:
        if len(args) > 1:
            raise TypeError("field_size_limit expected at most 1 argument, got %d" % len(args))
        if not isinstance(args[0], int):
            raise TypeError("limit must be an integer")
        _field_limit[0] = args[0]
    return old


class Dialect:
    """Describe a CSV dialect."""
    _name = ""
    delimiter = None
    quotechar = None
    escapechar = None
    doublequote = None
    skipinitialspace = None
    lineterminator = None
    quoting = None
    strict = False


class excel(Dialect):
    delimiter = ","
    quotechar = '"'
    doublequote = True
    skipinitialspace = False
    lineterminator = "\r\n"
    quoting = QUOTE_MINIMAL


class excel_tab(excel):
    delimiter = "\t"


class unix_dialect(Dialect):
    delimiter = ","
    quotechar = '"'
    doublequote = True
    skipinitialspace = False
    lineterminator = "\n"
    quoting = QUOTE_ALL


_dialects = {"excel": excel, "excel-tab": excel_tab, "unix": unix_dialect}


class _Params:
    def __init__(self, dialect, kw):
        if isinstance(dialect, str):
            dialect = get_dialect(dialect)
        for name in ("delimiter", "quotechar", "escapechar", "doublequote",
                     "skipinitialspace", "lineterminator", "quoting", "strict"):
            value = kw.pop(name, getattr(dialect, name, None))
            setattr(self, name, value)
        if kw:
            raise TypeError("'%s' is an invalid keyword argument for this function" %
                            next(iter(kw)))
        if self.doublequote is None:
            self.doublequote = True
        if self.skipinitialspace is None:
            self.skipinitialspace = False
        if self.lineterminator is None:
            self.lineterminator = "\r\n"
        if self.quoting is None:
            self.quoting = QUOTE_MINIMAL
        if not isinstance(self.delimiter, str) or len(self.delimiter) != 1:
            raise TypeError('"delimiter" must be a 1-character string')
        if self.quotechar == "":
            self.quotechar = None
        if self.quotechar is None and self.quoting != QUOTE_NONE:
            raise TypeError("quotechar must be set if quoting enabled")


def register_dialect(name, dialect=None, **fmtparams):
    if not isinstance(name, str):
        raise TypeError("dialect name must be a string")
    base = dialect if dialect is not None else excel
    attrs = {k: getattr(base, k, None) for k in ("delimiter", "quotechar", "escapechar",
                                                "doublequote", "skipinitialspace",
                                                "lineterminator", "quoting", "strict")}
    attrs.update(fmtparams)
    _dialects[name] = type(name, (Dialect,), attrs)


def get_dialect(name):
    try:
        return _dialects[name]
    except (KeyError, TypeError):
        raise Error("unknown dialect") from None


def unregister_dialect(name):
    try:
        del _dialects[name]
    except KeyError:
        raise Error("unknown dialect") from None


def list_dialects():
    return list(_dialects)


class _Reader:
    def __init__(self, lines, p):
        self._it = iter(lines)
        self.p = p
        self.line_num = 0
        self.dialect = p

    def __iter__(self):
        return self

    def __next__(self):
        p = self.p
        fields = []
        field = []
        state = "start"
        quoted = False
        while True:
            try:
                line = next(self._it)
            except StopIteration:
                if state in ("start",) and not fields and not field:
                    raise
                if state == "in_quoted" and p.strict:
                    raise Error("unexpected end of data")
                if state == "in_quoted":
                    raise Error("unexpected end of data") if p.strict else StopIteration
                break
            if not isinstance(line, str):
                raise Error("iterator should return strings, not %s (the file should be "
                            "opened in text mode)" % type(line).__name__)
            self.line_num += 1
            i = 0
            n = len(line)
            while i < n:
                c = line[i]
                if state == "in_quoted":
                    if c == p.escapechar:
                        i += 1
                        if i < n:
                            field.append(line[i])
                    elif c == p.quotechar:
                        if p.doublequote and i + 1 < n and line[i + 1] == p.quotechar:
                            field.append(c)
                            i += 1
                        else:
                            state = "after_quote"
                    else:
                        field.append(c)
                    i += 1
                    continue
                if c == "\r" or c == "\n":
                    if state != "start" or field or fields:
                        fields.append(self._finish(field, quoted))
                    return fields if fields else []
                if state in ("start", "field_start") and c == " " and p.skipinitialspace:
                    i += 1
                    continue
                if c == p.delimiter:
                    fields.append(self._finish(field, quoted))
                    field = []
                    quoted = False
                    state = "field_start"
                elif (state in ("start", "field_start") and c == p.quotechar and
                      p.quoting != QUOTE_NONE):
                    state = "in_quoted"
                    quoted = True
                elif c == p.escapechar:
                    i += 1
                    if i < n:
                        field.append(line[i])
                    state = "in_field"
                elif state == "after_quote" and p.strict:
                    raise Error("'%s' expected after '%s'" % (p.delimiter, p.quotechar))
                else:
                    field.append(c)
                    state = "in_field"
                i += 1
            if state == "in_quoted":
                if not line.endswith(("\n", "\r")):
                    field.append("\n")
                continue
            if state == "start" and not fields and not field:
                return []
            fields.append(self._finish(field, quoted))
            return fields
        fields.append(self._finish(field, quoted))
        return fields

    def _finish(self, field, quoted):
        s = "".join(field)
        if len(s) > _field_limit[0]:
            raise Error("field larger than field limit (%d)" % _field_limit[0])
        if self.p.quoting == QUOTE_NONNUMERIC and not quoted and s:
            return float(s)
        return s


def reader(csvfile, dialect="excel", **fmtparams):
    """A reader object iterating over the rows of csvfile (lists of strings)."""
    return _Reader(csvfile, _Params(dialect, dict(fmtparams)))


class _Writer:
    def __init__(self, f, p):
        self._write = f.write
        self.p = p
        self.dialect = p

    def _field(self, value):
        p = self.p
        if value is None:
            s = ""
        elif isinstance(value, float):
            s = repr(value)
        else:
            s = str(value)
        if p.quoting == QUOTE_NONNUMERIC and not isinstance(value, (int, float)) or \
                p.quoting == QUOTE_NONNUMERIC and isinstance(value, bool):
            quote = True
        elif p.quoting == QUOTE_ALL:
            quote = True
        elif p.quoting == QUOTE_NONE:
            quote = False
        else:
            quote = (s == "" and False) or any(c in s for c in
                                               (p.delimiter, p.quotechar or "", "\r", "\n")) \
                or (s[:1] == " " and False)
        out = []
        for c in s:
            if c == p.quotechar and p.quotechar is not None:
                if p.doublequote:
                    out.append(c + c if quote else c)
                    if not quote and p.quoting != QUOTE_NONE:
                        quote = True
                        out[-1] = c + c
                    continue
                if p.escapechar is None:
                    raise Error("need to escape, but no escapechar set")
                out.append(p.escapechar + c)
                continue
            if p.quoting == QUOTE_NONE and (c == p.delimiter or c in "\r\n"):
                if p.escapechar is None:
                    raise Error("need to escape, but no escapechar set")
                out.append(p.escapechar + c)
                continue
            if c == p.escapechar and p.escapechar is not None:
                out.append(c + c)
                continue
            out.append(c)
        s = "".join(out)
        if quote:
            s = p.quotechar + s + p.quotechar
        return s

    def writerow(self, row):
        """Write one row (an iterable of fields); returns what write() returned."""
        try:
            fields = list(row)
        except TypeError:
            raise Error("iterable expected, not %s" % type(row).__name__) from None
        if len(fields) == 1 and (fields[0] is None or fields[0] == "") and \
                self.p.quoting != QUOTE_NONE:
            line = self.p.quotechar * 2 if self.p.quotechar else ""
        else:
            line = self.p.delimiter.join(self._field(v) for v in fields)
        return self._write(line + self.p.lineterminator)

    def writerows(self, rows):
        for row in rows:
            self.writerow(row)


def writer(csvfile, dialect="excel", **fmtparams):
    """A writer object converting rows to delimited strings on csvfile."""
    return _Writer(csvfile, _Params(dialect, dict(fmtparams)))


class DictReader:
    """Rows as dicts keyed by the field names (the first row by default)."""

    def __init__(self, f, fieldnames=None, restkey=None, restval=None, dialect="excel",
                 *args, **kwds):
        self._fieldnames = fieldnames
        self.restkey = restkey
        self.restval = restval
        self.reader = reader(f, dialect, *args, **kwds)
        self.dialect = dialect
        self.line_num = 0

    def __iter__(self):
        return self

    @property
    def fieldnames(self):
        if self._fieldnames is None:
            try:
                self._fieldnames = next(self.reader)
            except StopIteration:
                pass
        self.line_num = self.reader.line_num
        return self._fieldnames

    @fieldnames.setter
    def fieldnames(self, value):
        self._fieldnames = value

    def __next__(self):
        if self.line_num == 0:
            self.fieldnames
        row = next(self.reader)
        self.line_num = self.reader.line_num
        while row == []:
            row = next(self.reader)
        d = dict(zip(self.fieldnames, row))
        lf = len(self.fieldnames)
        lr = len(row)
        if lf < lr:
            d[self.restkey] = row[lf:]
        elif lf > lr:
            for key in self.fieldnames[lr:]:
                d[key] = self.restval
        return d


class DictWriter:
    """Write dicts as rows, in the order of fieldnames."""

    def __init__(self, f, fieldnames, restval="", extrasaction="raise", dialect="excel",
                 *args, **kwds):
        self.fieldnames = fieldnames
        self.restval = restval
        if extrasaction.lower() not in ("raise", "ignore"):
            raise ValueError("extrasaction (%s) must be 'raise' or 'ignore'" % extrasaction)
        self.extrasaction = extrasaction
        self.writer = writer(f, dialect, *args, **kwds)

    def writeheader(self):
        header = dict(zip(self.fieldnames, self.fieldnames))
        return self.writerow(header)

    def _dict_to_list(self, rowdict):
        if self.extrasaction == "raise":
            wrong_fields = [k for k in rowdict if k not in self.fieldnames]
            if wrong_fields:
                raise ValueError("dict contains fields not in fieldnames: " +
                                 ", ".join([repr(x) for x in wrong_fields]))
        return (rowdict.get(key, self.restval) for key in self.fieldnames)

    def writerow(self, rowdict):
        return self.writer.writerow(self._dict_to_list(rowdict))

    def writerows(self, rowdicts):
        return self.writer.writerows(map(self._dict_to_list, rowdicts))


class Sniffer:
    """Deduce the format of a CSV file (not supported by krait)."""

    def sniff(self, sample, delimiters=None):
        raise NotImplementedError("krait: csv.Sniffer is not supported")

    def has_header(self, sample):
        raise NotImplementedError("krait: csv.Sniffer is not supported")
