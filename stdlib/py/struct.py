"""struct for krait: packing values into bytes and back (the C half is _struct,
stdlib/struct.c), after the documented behaviour of CPython 3.11
(docs.python.org/3.11/library/struct.html)."""

from _struct import calcsize, pack, pack_into, unpack, unpack_from

__all__ = ["calcsize", "pack", "pack_into", "unpack", "unpack_from", "iter_unpack", "Struct",
           "error"]


class error(Exception):
    pass


error.__module__ = "struct"


def iter_unpack(format, buffer):
    """Unpack repeatedly from buffer, one format-sized chunk at a time."""
    size = calcsize(format)
    if size == 0:
        raise error("cannot iteratively unpack with a struct of length 0")
    if len(buffer) % size:
        raise error("iterative unpacking requires a buffer of a multiple of %d bytes" % size)
    return (unpack(format, buffer[i:i + size]) for i in range(0, len(buffer), size))


class Struct:
    """A compiled format: Struct(format).pack(...), .unpack(...), .size, .format."""

    def __init__(self, format):
        if isinstance(format, bytes):
            format = format.decode("ascii")
        self.format = format
        self.size = calcsize(format)

    def pack(self, *values):
        return pack(self.format, *values)

    def pack_into(self, buffer, offset, *values):
        return pack_into(self.format, buffer, offset, *values)

    def unpack(self, buffer):
        return unpack(self.format, buffer)

    def unpack_from(self, buffer, offset=0):
        return unpack_from(self.format, buffer, offset)

    def iter_unpack(self, buffer):
        return iter_unpack(self.format, buffer)

