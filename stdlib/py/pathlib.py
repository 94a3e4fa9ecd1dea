"""pathlib for krait: PurePath/PurePosixPath (path arithmetic, no file system) and
Path/PosixPath (the common file system calls), written from the documented behaviour of
CPython 3.11 (docs.python.org/3.11/library/pathlib.html) for POSIX paths. The pure part
needs no module; the file system part imports os when it runs, so in the sandbox (no os)
those calls raise ImportError as os does, while path arithmetic still works."""

__all__ = ["PurePath", "PurePosixPath", "PureWindowsPath", "Path", "PosixPath",
           "WindowsPath"]


def _fnmatch(name, pat):
    """Shell-style match of one path component: *, ?, [seq], [!seq]."""
    def match(i, j):
        while j < len(pat):
            c = pat[j]
            if c == "*":
                while j < len(pat) and pat[j] == "*":
                    j += 1
                if j == len(pat):
                    return True
                for k in range(i, len(name) + 1):
                    if match(k, j):
                        return True
                return False
            if i >= len(name):
                return False
            if c == "?":
                i += 1
                j += 1
                continue
            if c == "[":
                end = pat.find("]", j + 2 if j + 1 < len(pat) and pat[j + 1] in "!^" else j + 1)
                if end < 0:
                    if name[i] != "[":
                        return False
                    i += 1
                    j += 1
                    continue
                body = pat[j + 1:end]
                negate = body[:1] in ("!", "^")
                if negate:
                    body = body[1:]
                ok = False
                k = 0
                while k < len(body):
                    if k + 2 < len(body) and body[k + 1] == "-":
                        if body[k] <= name[i] <= body[k + 2]:
                            ok = True
                        k += 3
                    else:
                        if body[k] == name[i]:
                            ok = True
                        k += 1
                if ok == negate:
                    return False
                i += 1
                j = end + 1
                continue
            if name[i] != c:
                return False
            i += 1
            j += 1
        return i == len(name)
    return match(0, 0)


def _split(path):
    """(root, [parts]) of a POSIX path string, normalized as pathlib does: repeated
    slashes and '.' components dropped ('..' kept), a leading '//' kept."""
    if path.startswith("//") and not path.startswith("///"):
        root = "//"
    elif path.startswith("/"):
        root = "/"
    else:
        root = ""
    parts = [p for p in path.split("/") if p and p != "."]
    return root, parts


class PurePath:
    """A path: its parts, without touching the file system."""

    __slots__ = ("_root", "_parts", "_str")

    def __new__(cls, *args):
        if cls is PurePath:
            cls = PurePosixPath
        return cls._from_parts(args)

    @classmethod
    def _from_parts(cls, args):
        root = ""
        parts = []
        for a in args:
            if isinstance(a, PurePath):
                a_root, a_parts = a._root, a._parts
            else:
                if hasattr(a, "__fspath__"):
                    a = a.__fspath__()
                if not isinstance(a, str):
                    raise TypeError("expected str, bytes or os.PathLike object, not " +
                                    type(a).__name__)
                a_root, a_parts = _split(a)
            if a_root:
                root = a_root
                parts = list(a_parts)
            else:
                parts.extend(a_parts)
        self = object.__new__(cls)
        self._root = root
        self._parts = parts
        self._str = None
        return self

    def _make(self, root, parts):
        p = object.__new__(type(self))
        p._root = root
        p._parts = list(parts)
        p._str = None
        return p

    def __str__(self):
        if self._str is None:
            s = self._root + "/".join(self._parts)
            self._str = s or "."
        return self._str

    def __fspath__(self):
        return str(self)

    def as_posix(self):
        """The path with forward slashes."""
        return str(self)

    def __bytes__(self):
        return str(self).encode("utf-8")

    def __repr__(self):
        return "%s(%r)" % (type(self).__name__, self.as_posix())

    def as_uri(self):
        if not self.is_absolute():
            raise ValueError("relative path can't be expressed as a file URI")
        return "file://" + str(self)

    def _key(self):
        return (self._root, tuple(self._parts))

    def __eq__(self, other):
        if not isinstance(other, PurePath):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self):
        return hash(self._key())

    def __lt__(self, other):
        if not isinstance(other, PurePath):
            return NotImplemented
        return self._key() < other._key()

    def __le__(self, other):
        if not isinstance(other, PurePath):
            return NotImplemented
        return self._key() <= other._key()

    def __gt__(self, other):
        if not isinstance(other, PurePath):
            return NotImplemented
        return self._key() > other._key()

    def __ge__(self, other):
        if not isinstance(other, PurePath):
            return NotImplemented
        return self._key() >= other._key()

    def __truediv__(self, key):
        try:
            return type(self)._from_parts((self, key))
        except TypeError:
            return NotImplemented

    def __rtruediv__(self, key):
        try:
            return type(self)._from_parts((key, self))
        except TypeError:
            return NotImplemented

    def joinpath(self, *args):
        """The path with args appended."""
        return type(self)._from_parts((self,) + args)

    @property
    def drive(self):
        return ""

    @property
    def root(self):
        return self._root

    @property
    def anchor(self):
        return self._root

    @property
    def parts(self):
        if self._root:
            return (self._root,) + tuple(self._parts)
        return tuple(self._parts)

    @property
    def name(self):
        return self._parts[-1] if self._parts else ""

    @property
    def suffix(self):
        name = self.name
        i = name.rfind(".")
        if 0 < i < len(name) - 1:
            return name[i:]
        return ""

    @property
    def suffixes(self):
        name = self.name
        if name.endswith("."):
            return []
        name = name.lstrip(".")
        return ["." + s for s in name.split(".")[1:]]

    @property
    def stem(self):
        name = self.name
        i = name.rfind(".")
        if 0 < i < len(name) - 1:
            return name[:i]
        return name

    @property
    def parent(self):
        if not self._parts:
            return self
        return self._make(self._root, self._parts[:-1])

    @property
    def parents(self):
        out = []
        p = self
        while p._parts:
            p = p.parent
            out.append(p)
        return tuple(out)

    def with_name(self, name):
        """The path with its last component replaced."""
        if not self.name:
            raise ValueError("%r has an empty name" % (self,))
        if not name or "/" in name or name == ".":
            raise ValueError("Invalid name %r" % (name,))
        return self._make(self._root, self._parts[:-1] + [name])

    def with_stem(self, stem):
        """The path with its stem replaced."""
        return self.with_name(stem + self.suffix)

    def with_suffix(self, suffix):
        """The path with its suffix replaced (or removed, with '')."""
        if "/" in suffix or suffix and (not suffix.startswith(".") or suffix == "."):
            raise ValueError("Invalid suffix %r" % (suffix,))
        name = self.name
        if not name:
            raise ValueError("%r has an empty name" % (self,))
        old = self.suffix
        name = (name[:-len(old)] if old else name) + suffix
        return self._make(self._root, self._parts[:-1] + [name])

    def relative_to(self, *other):
        """The path relative to other (ValueError when it is not inside it)."""
        if not other:
            raise TypeError("need at least one argument")
        base = type(self)._from_parts(other)
        n = len(base._parts)
        if base._root != self._root or self._parts[:n] != base._parts:
            formatted = str(base)
            raise ValueError("%r is not in the subpath of %r OR one path is relative and the "
                             "other is absolute." % (str(self), formatted))
        return self._make("", self._parts[n:])

    def is_relative_to(self, *other):
        """Whether the path is inside other."""
        try:
            self.relative_to(*other)
            return True
        except ValueError:
            return False

    def is_absolute(self):
        return bool(self._root)

    def is_reserved(self):
        return False

    def match(self, path_pattern):
        """Whether the path matches the glob-style pattern (from the right, or whole when
        the pattern is absolute)."""
        pat = PurePosixPath(path_pattern)
        if not pat._parts and not pat._root:
            raise ValueError("empty pattern")
        if pat._root:
            if len(pat._parts) != len(self._parts) or pat._root != self._root:
                return False
        elif len(pat._parts) > len(self._parts):
            return False
        for part, p in zip(reversed(self._parts), reversed(pat._parts)):
            if not _fnmatch(part, p):
                return False
        return True


class PurePosixPath(PurePath):
    """A pure POSIX path."""
    __slots__ = ()


class PureWindowsPath(PurePath):
    """Windows paths are not supported by krait."""

    def __new__(cls, *args):
        raise NotImplementedError("krait: PureWindowsPath is not supported")


class Path(PurePath):
    """A path on the file system (POSIX)."""

    __slots__ = ()

    def __new__(cls, *args, **kwargs):
        if cls is Path:
            cls = PosixPath
        return cls._from_parts(args)

    @classmethod
    def cwd(cls):
        """The current directory."""
        import os
        return cls(os.getcwd())

    @classmethod
    def home(cls):
        """The user's home directory."""
        import os
        return cls(os.path.expanduser("~"))

    def absolute(self):
        """The path made absolute (without resolving symlinks)."""
        if self.is_absolute():
            return self
        return type(self).cwd() / self

    def resolve(self, strict=False):
        """The absolute path with symlinks and '..' resolved."""
        import os
        s = os.path.realpath(str(self))
        if strict and not os.path.exists(s):
            raise FileNotFoundError(2, "No such file or directory", str(self))
        return type(self)(s)

    def expanduser(self):
        import os
        if self._parts and self._parts[0].startswith("~") and not self._root:
            return type(self)(os.path.expanduser(str(self)))
        return self

    def stat(self, *, follow_symlinks=True):
        import os
        return os.stat(str(self))

    def exists(self):
        import os
        return os.path.exists(str(self))

    def is_dir(self):
        import os
        return os.path.isdir(str(self))

    def is_file(self):
        import os
        return os.path.isfile(str(self))

    def is_symlink(self):
        import os
        return os.path.islink(str(self))

    def samefile(self, other_path):
        import os
        a = os.stat(str(self))
        b = os.stat(str(other_path))
        return (a.st_ino, a.st_dev) == (b.st_ino, b.st_dev)

    def iterdir(self):
        """The entries of the directory (in the order the system lists them)."""
        import os
        for name in os.listdir(str(self)):
            yield self._make(self._root, self._parts + [name])

    def _child(self, name):
        return self._make(self._root, self._parts + [name])

    def glob(self, pattern):
        """The entries matching the relative glob pattern (** for any depth)."""
        import os
        if not pattern:
            raise ValueError("Unacceptable pattern: %r" % (pattern,))
        pat = PurePosixPath(pattern)
        if pat._root:
            raise NotImplementedError("Non-relative patterns are unsupported")
        yield from self._glob(pat._parts, os)

    def _glob(self, parts, os):
        if not parts:
            yield self
            return
        head, rest = parts[0], parts[1:]
        if head == "**":
            seen = set()
            for d in self._walk_dirs(os):
                for p in d._glob(rest, os):
                    if str(p) not in seen:
                        seen.add(str(p))
                        yield p
            return
        if not any(c in head for c in "*?["):
            child = self._child(head)
            if rest:
                if os.path.isdir(str(child)):
                    yield from child._glob(rest, os)
            elif os.path.exists(str(child)):
                yield child
            return
        try:
            names = sorted(os.listdir(str(self)))
        except OSError:
            return
        for name in names:
            if name.startswith(".") and not head.startswith("."):
                continue
            if _fnmatch(name, head):
                child = self._child(name)
                if rest:
                    if os.path.isdir(str(child)):
                        yield from child._glob(rest, os)
                else:
                    yield child

    def _walk_dirs(self, os):
        yield self
        try:
            names = sorted(os.listdir(str(self)))
        except OSError:
            return
        for name in names:
            if name.startswith("."):
                continue
            child = self._child(name)
            if os.path.isdir(str(child)) and not os.path.islink(str(child)):
                yield from child._walk_dirs(os)

    def rglob(self, pattern):
        """glob('**/' + pattern)."""
        return self.glob("**/" + pattern)

    def open(self, mode="r", buffering=-1, encoding=None, errors=None, newline=None):
        import os  # the sandbox has neither os nor open: ImportError, as os gives
        return open(str(self), mode, buffering, encoding, errors, newline)

    def read_text(self, encoding=None, errors=None):
        """The file's contents as a str."""
        import os  # the sandbox has neither os nor open: ImportError, as os gives
        with open(str(self), "r", encoding=encoding, errors=errors) as f:
            return f.read()

    def read_bytes(self):
        """The file's contents as bytes."""
        import os  # the sandbox has neither os nor open: ImportError, as os gives
        with open(str(self), "rb") as f:
            return f.read()

    def write_text(self, data, encoding=None, errors=None, newline=None):
        """Write a str to the file (replacing it); returns the number of characters."""
        import os  # the sandbox has neither os nor open: ImportError, as os gives
        if not isinstance(data, str):
            raise TypeError("data must be str, not %s" % data.__class__.__name__)
        with open(str(self), "w", encoding=encoding, errors=errors) as f:
            return f.write(data)

    def write_bytes(self, data):
        """Write bytes to the file (replacing it); returns the number of bytes."""
        import os  # the sandbox has neither os nor open: ImportError, as os gives
        with open(str(self), "wb") as f:
            return f.write(bytes(data))

    def touch(self, mode=0o666, exist_ok=True):
        """Create the file if it does not exist."""
        import os
        if os.path.exists(str(self)):
            if not exist_ok:
                raise FileExistsError(17, "File exists", str(self))
            return
        with open(str(self), "a"):
            pass

    def mkdir(self, mode=0o777, parents=False, exist_ok=False):
        """Create the directory (and its parents with parents=True)."""
        import os
        try:
            os.mkdir(str(self))
        except FileNotFoundError:
            if not parents or self.parent == self:
                raise
            self.parent.mkdir(parents=True, exist_ok=True)
            self.mkdir(mode, parents=False, exist_ok=exist_ok)
        except OSError:
            if not exist_ok or not self.is_dir():
                raise

    def unlink(self, missing_ok=False):
        """Remove the file."""
        import os
        try:
            os.unlink(str(self))
        except FileNotFoundError:
            if not missing_ok:
                raise

    def rmdir(self):
        """Remove the (empty) directory."""
        import os
        os.rmdir(str(self))

    def rename(self, target):
        """Rename to target; returns the new Path."""
        import os
        os.rename(str(self), str(target))
        return type(self)(target)

    def replace(self, target):
        """Rename to target, replacing it; returns the new Path."""
        import os
        os.replace(str(self), str(target))
        return type(self)(target)


class PosixPath(Path, PurePosixPath):
    """A POSIX path on the file system."""
    __slots__ = ()


class WindowsPath(Path, PureWindowsPath):
    """Windows paths are not supported by krait."""

    def __new__(cls, *args, **kwargs):
        raise NotImplementedError("krait: WindowsPath is not supported")
