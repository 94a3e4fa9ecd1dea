"""zlib for krait: compress, decompress, crc32, adler32, compressobj and decompressobj, after
the documented behaviour of CPython 3.11 (docs.python.org/3.11/library/zlib.html), on the
system's zlib (stdlib/zlib_native.c). The objects of compressobj and decompressobj keep the
bytes they were fed: compressobj's compress() returns b"" and its flush() the whole stream;
decompressobj's decompress() returns what the input so far decodes to beyond what it
returned before, so each call inflates the whole input again (fine for the few large
chunks gzip-style code feeds; a long stream of small chunks costs its square)."""

try:
    import _zlib
except ImportError:
    raise ImportError("zlib: krait was built without zlib (apt-get install zlib1g-dev)") from None

__all__ = ("error", "compress", "decompress", "crc32", "adler32", "compressobj",
           "decompressobj", "MAX_WBITS", "DEFLATED", "DEF_MEM_LEVEL", "DEF_BUF_SIZE",
           "Z_DEFAULT_COMPRESSION", "Z_BEST_SPEED", "Z_BEST_COMPRESSION", "Z_NO_COMPRESSION",
           "Z_NO_FLUSH", "Z_SYNC_FLUSH", "Z_FULL_FLUSH", "Z_FINISH", "Z_DEFAULT_STRATEGY",
           "ZLIB_VERSION", "ZLIB_RUNTIME_VERSION")

MAX_WBITS = 15
DEFLATED = 8
DEF_MEM_LEVEL = 8
DEF_BUF_SIZE = 16384
Z_NO_COMPRESSION = 0
Z_BEST_SPEED = 1
Z_BEST_COMPRESSION = 9
Z_DEFAULT_COMPRESSION = -1
Z_NO_FLUSH = 0
Z_PARTIAL_FLUSH = 1
Z_SYNC_FLUSH = 2
Z_FULL_FLUSH = 3
Z_FINISH = 4
Z_BLOCK = 5
Z_TREES = 6
Z_FILTERED = 1
Z_HUFFMAN_ONLY = 2
Z_RLE = 3
Z_FIXED = 4
Z_DEFAULT_STRATEGY = 0
ZLIB_VERSION, ZLIB_RUNTIME_VERSION = _zlib.version()


class error(Exception):
    pass


def _data(data):
    if isinstance(data, str):
        raise TypeError("a bytes-like object is required, not 'str'")
    return data


def _int(v, what):
    if isinstance(v, bool) or not isinstance(v, int):
        raise TypeError(f"'{type(v).__name__}' object cannot be interpreted as an integer")
    return v


def compress(data, /, level=-1, wbits=MAX_WBITS):
    r = _zlib.compress(_data(data), _int(level, "level"), _int(wbits, "wbits"))
    if isinstance(r, str):
        raise error(r)
    return r


def decompress(data, /, wbits=MAX_WBITS, bufsize=DEF_BUF_SIZE):
    bufsize = _int(bufsize, "bufsize")
    if bufsize < 0:
        raise ValueError("bufsize must be non-negative")
    r = _zlib.decompress(_data(data), _int(wbits, "wbits"), bufsize, False)
    if isinstance(r, str):
        raise error(r)
    return r[0]


def crc32(data, value=0, /):
    return _zlib.checksum(_data(data), _int(value, "value") & 0xFFFFFFFF, False)


def adler32(data, value=1, /):
    return _zlib.checksum(_data(data), _int(value, "value") & 0xFFFFFFFF, True)


class _Compress:
    __slots__ = ("_level", "_wbits", "_parts", "_done")

    def __init__(self, level, wbits):
        self._level, self._wbits, self._parts, self._done = level, wbits, [], False

    def compress(self, data):
        if self._done:
            raise error("Error -2 while compressing data: inconsistent stream state")
        self._parts.append(bytes(_data(data)))
        return b""

    def flush(self, mode=Z_FINISH):
        if mode == Z_NO_FLUSH:
            return b""
        if self._done:
            raise error("Error -2 while flushing: inconsistent stream state")
        if mode != Z_FINISH:
            raise ValueError("krait's compressobj flushes only with Z_FINISH (or Z_NO_FLUSH)")
        self._done = True
        r = compress(b"".join(self._parts), self._level, self._wbits)
        self._parts = []
        return r

    def copy(self):
        c = _Compress(self._level, self._wbits)
        c._parts, c._done = list(self._parts), self._done
        return c


def compressobj(level=Z_DEFAULT_COMPRESSION, method=DEFLATED, wbits=MAX_WBITS,
                memLevel=DEF_MEM_LEVEL, strategy=Z_DEFAULT_STRATEGY, zdict=None):
    if method != DEFLATED:
        raise ValueError("Invalid initialization option")
    if zdict is not None:
        raise ValueError("krait's compressobj takes no zdict")
    compress(b"", level, wbits)  # the same errors as CPython for a bad level or wbits
    return _Compress(level, wbits)


class _Decompress:
    __slots__ = ("_wbits", "_input", "_given", "eof", "unused_data", "unconsumed_tail")

    def __init__(self, wbits):
        self._wbits, self._input, self._given = wbits, b"", 0
        self.eof, self.unused_data, self.unconsumed_tail = False, b"", b""

    def decompress(self, data, /, max_length=0):
        if max_length:
            raise ValueError("krait's decompressobj takes no max_length")
        if self.eof:
            self.unused_data += bytes(_data(data))
            return b""
        self._input += bytes(_data(data))
        r = _zlib.decompress(self._input, self._wbits, DEF_BUF_SIZE, True)
        if isinstance(r, str):
            raise error(r)
        out, eof, used = r
        new = out[self._given:]
        self._given = len(out)
        if eof:
            self.eof = True
            self.unused_data = self._input[used:]
            self._input = b""
        return new

    def flush(self, length=DEF_BUF_SIZE, /):
        return b""

    def copy(self):
        d = _Decompress(self._wbits)
        d._input, d._given = self._input, self._given
        d.eof, d.unused_data = self.eof, self.unused_data
        return d


def decompressobj(wbits=MAX_WBITS, zdict=b""):
    if zdict:
        raise ValueError("krait's decompressobj takes no zdict")
    return _Decompress(_int(wbits, "wbits"))
