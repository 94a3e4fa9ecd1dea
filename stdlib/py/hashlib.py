"""hashlib for krait: md5, sha1, sha224, sha256 and sha512 hash objects (update, digest,
hexdigest, copy, name, digest_size, block_size) and hashlib.new, after the documented
behaviour of CPython 3.11 (docs.python.org/3.11/library/hashlib.html). The digests are C
(stdlib/hashlib_digest.c); an object keeps the bytes it was fed and digests them on
demand."""

import _hashlib

__all__ = ("md5", "sha1", "sha224", "sha256", "sha512", "new", "algorithms_guaranteed",
           "algorithms_available", "file_digest")

_sizes = {"md5": (16, 64), "sha1": (20, 64), "sha224": (28, 64), "sha256": (32, 64),
          "sha512": (64, 128)}
algorithms_guaranteed = frozenset(_sizes)
algorithms_available = frozenset(_sizes)


def _as_bytes(data):
    if isinstance(data, str):
        raise TypeError("Strings must be encoded before hashing")
    if isinstance(data, (bytes, bytearray)):
        return bytes(data)
    if hasattr(data, "tobytes"):
        return data.tobytes()
    raise TypeError("object supporting the buffer API required")


class _Hash:
    __slots__ = ("name", "_data")

    def __init__(self, name, data=b""):
        self.name = name
        self._data = bytearray(_as_bytes(data))

    @property
    def digest_size(self):
        return _sizes[self.name][0]

    @property
    def block_size(self):
        return _sizes[self.name][1]

    def update(self, data):
        """Feed more bytes to the hash."""
        self._data += _as_bytes(data)

    def digest(self):
        """The digest of the bytes fed so far."""
        return _hashlib.digest(self.name, self._data)

    def hexdigest(self):
        """The digest as a string of hex digits."""
        return self.digest().hex()

    def copy(self):
        """A copy of the hash object (its own state from here on)."""
        h = _Hash(self.name)
        h._data = bytearray(self._data)
        return h

    def __repr__(self):
        return "<%s _hashlib.HASH object @ %s>" % (self.name, hex(id(self)))


def new(name, data=b"", **kwargs):
    """A hash object for the named algorithm."""
    key = name.lower().replace("-", "") if isinstance(name, str) else name
    if key not in _sizes:
        raise ValueError("unsupported hash type " + str(name))
    return _Hash(key, data)


def md5(data=b"", *, usedforsecurity=True):
    return _Hash("md5", data)


def sha1(data=b"", *, usedforsecurity=True):
    return _Hash("sha1", data)


def sha224(data=b"", *, usedforsecurity=True):
    return _Hash("sha224", data)


def sha256(data=b"", *, usedforsecurity=True):
    return _Hash("sha256", data)


def sha512(data=b"", *, usedforsecurity=True):
    return _Hash("sha512", data)


def file_digest(fileobj, digest, /, *, _bufsize=2 ** 18):
    """Hash the contents of a binary file object."""
    h = new(digest) if isinstance(digest, str) else digest()
    while True:
        chunk = fileobj.read(_bufsize)
        if not chunk:
            break
        h.update(chunk)
    return h
