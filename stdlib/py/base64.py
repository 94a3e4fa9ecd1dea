"""base64 for krait: Base16, Base32 and Base64 encodings (standard and URL-safe),
encodebytes/decodebytes, written from RFC 4648 and the documented behaviour of CPython
3.11 (docs.python.org/3.11/library/base64.html). Errors are binascii.Error (a ValueError)
with CPython's messages."""

__all__ = ["encode", "decode", "encodebytes", "decodebytes", "b64encode", "b64decode",
           "b32encode", "b32decode", "b32hexencode", "b32hexdecode", "b16encode", "b16decode",
           "standard_b64encode", "standard_b64decode", "urlsafe_b64encode",
           "urlsafe_b64decode"]


class Error(ValueError):
    pass


Error.__module__ = "binascii"

_B64 = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
_B64_REV = {c: i for i, c in enumerate(_B64)}


def _bytes_from_decode_data(s):
    if isinstance(s, str):
        try:
            return s.encode("ascii")
        except UnicodeEncodeError:
            raise ValueError("string argument should contain only ASCII characters")
    if isinstance(s, (bytes, bytearray)):
        return bytes(s)
    raise TypeError("argument should be a bytes-like object or ASCII string, not %r" %
                    s.__class__.__name__)


def _check_bytes(s):
    if not isinstance(s, (bytes, bytearray)):
        raise TypeError("a bytes-like object is required, not '%s'" % type(s).__name__)
    return bytes(s)


def _b64(data):
    out = bytearray()
    n = len(data)
    for i in range(0, n - n % 3, 3):
        v = (data[i] << 16) | (data[i + 1] << 8) | data[i + 2]
        out += bytes([_B64[v >> 18], _B64[(v >> 12) & 63], _B64[(v >> 6) & 63], _B64[v & 63]])
    rest = n % 3
    if rest == 1:
        v = data[n - 1] << 16
        out += bytes([_B64[v >> 18], _B64[(v >> 12) & 63]]) + b"=="
    elif rest == 2:
        v = (data[n - 2] << 16) | (data[n - 1] << 8)
        out += bytes([_B64[v >> 18], _B64[(v >> 12) & 63], _B64[(v >> 6) & 63]]) + b"="
    return bytes(out)


def _unb64(s, validate):
    vals = []
    pad = 0
    for i, c in enumerate(s):
        if c == 61:  # '='
            pad += 1
            continue
        v = _B64_REV.get(c)
        if v is None:
            if validate:
                raise Error("Only base64 data is allowed")
            continue
        if pad:
            if validate:
                raise Error("Discontinuous padding not allowed") if False else \
                    Error("Excess data after padding")
            pad = 0
        vals.append(v)
    n = len(vals)
    if n % 4 == 1:
        raise Error("Invalid base64-encoded string: number of data characters (%d) cannot "
                    "be 1 more than a multiple of 4" % n)
    if n % 4 and pad < 4 - n % 4 and (n % 4) + pad < 4:
        raise Error("Incorrect padding")
    out = bytearray()
    for i in range(0, n - n % 4, 4):
        v = (vals[i] << 18) | (vals[i + 1] << 12) | (vals[i + 2] << 6) | vals[i + 3]
        out += bytes([v >> 16, (v >> 8) & 255, v & 255])
    rest = n % 4
    if rest == 2:
        v = (vals[n - 2] << 18) | (vals[n - 1] << 12)
        out.append(v >> 16)
    elif rest == 3:
        v = (vals[n - 3] << 18) | (vals[n - 2] << 12) | (vals[n - 1] << 6)
        out += bytes([v >> 16, (v >> 8) & 255])
    return bytes(out)


def b64encode(s, altchars=None):
    """Encode the bytes-like object s using Base64 and return a bytes object."""
    encoded = _b64(_check_bytes(s))
    if altchars is not None:
        altchars = _check_bytes(altchars)
        if len(altchars) != 2:
            raise AssertionError(repr(altchars))
        return encoded.translate(bytes.maketrans(b"+/", altchars))
    return encoded


def b64decode(s, altchars=None, validate=False):
    """Decode the Base64 encoded bytes-like object or ASCII string s."""
    s = _bytes_from_decode_data(s)
    if altchars is not None:
        altchars = _bytes_from_decode_data(altchars)
        if len(altchars) != 2:
            raise AssertionError(repr(altchars))
        s = s.translate(bytes.maketrans(altchars, b"+/"))
    return _unb64(s, validate)


def standard_b64encode(s):
    return b64encode(s)


def standard_b64decode(s):
    return b64decode(s)


def urlsafe_b64encode(s):
    """Base64 with - and _ instead of + and /."""
    return b64encode(s).translate(bytes.maketrans(b"+/", b"-_"))


def urlsafe_b64decode(s):
    s = _bytes_from_decode_data(s)
    s = s.translate(bytes.maketrans(b"-_", b"+/"))
    return b64decode(s)


_B32 = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
_B32HEX = b"0123456789ABCDEFGHIJKLMNOPQRSTUV"


def _b32encode(alphabet, s):
    s = _check_bytes(s)
    leftover = len(s) % 5
    if leftover:
        s = s + b"\0" * (5 - leftover)
    out = bytearray()
    for i in range(0, len(s), 5):
        c = int.from_bytes(s[i:i + 5], "big")
        for k in range(7, -1, -1):
            out.append(alphabet[(c >> (5 * k)) & 31])
    if leftover == 1:
        out[-6:] = b"======"
    elif leftover == 2:
        out[-4:] = b"===="
    elif leftover == 3:
        out[-3:] = b"==="
    elif leftover == 4:
        out[-1:] = b"="
    return bytes(out)


def _b32decode(alphabet, s, casefold=False, map01=None):
    s = _bytes_from_decode_data(s)
    if len(s) % 8:
        raise Error("Incorrect padding")
    if map01 is not None:
        map01 = _bytes_from_decode_data(map01)
        s = s.translate(bytes.maketrans(b"01", b"O" + map01))
    if casefold:
        s = s.upper()
    stripped = s.rstrip(b"=")
    padchars = len(s) - len(stripped)
    rev = {c: i for i, c in enumerate(alphabet)}
    out = bytearray()
    for i in range(0, len(stripped), 8):
        quanta = stripped[i:i + 8]
        acc = 0
        for c in quanta:
            v = rev.get(c)
            if v is None:
                raise Error("Non-base32 digit found")
            acc = (acc << 5) | v
        acc <<= 5 * (8 - len(quanta))
        out += acc.to_bytes(5, "big")
    if padchars and s:
        last = out[-5:]
        if padchars not in (1, 3, 4, 6):
            raise Error("Incorrect padding")
        keep = {1: 4, 3: 3, 4: 2, 6: 1}[padchars]
        out[-5:] = last[:keep]
    return bytes(out)


def b32encode(s):
    """Encode the bytes-like object s using Base32."""
    return _b32encode(_B32, s)


def b32decode(s, casefold=False, map01=None):
    """Decode the Base32 encoded bytes-like object or ASCII string s."""
    return _b32decode(_B32, s, casefold, map01)


def b32hexencode(s):
    return _b32encode(_B32HEX, s)


def b32hexdecode(s, casefold=False):
    return _b32decode(_B32HEX, s, casefold)


def b16encode(s):
    """Encode the bytes-like object s using Base16 (upper-case hex)."""
    return _check_bytes(s).hex().upper().encode("ascii")


def b16decode(s, casefold=False):
    """Decode the Base16 encoded bytes-like object or ASCII string s."""
    s = _bytes_from_decode_data(s)
    if casefold:
        s = s.upper()
    for c in s:
        if c not in b"0123456789ABCDEF":
            raise Error("Non-base16 digit found")
    if len(s) % 2:
        raise Error("Odd-length string")
    return bytes.fromhex(s.decode("ascii"))


MAXLINESIZE = 76
MAXBINSIZE = (MAXLINESIZE // 4) * 3


def encodebytes(s):
    """Base64 in lines of at most 76 characters, each ending with a newline."""
    s = _check_bytes(s)
    pieces = []
    for i in range(0, len(s), MAXBINSIZE):
        pieces.append(_b64(s[i:i + MAXBINSIZE]) + b"\n")
    return b"".join(pieces)


def decodebytes(s):
    """Decode a bytestring of base-64 data lines."""
    return _unb64(_check_bytes(s), False)


def encode(input, output):
    """Encode a file; input and output are binary files."""
    while True:
        s = input.read(MAXBINSIZE)
        if not s:
            break
        output.write(_b64(s) + b"\n")


def decode(input, output):
    """Decode a file; input and output are binary files."""
    output.write(decodebytes(input.read()))
