"""warnings for krait: warn, warn_explicit, the filter list (simplefilter,
filterwarnings, resetwarnings), catch_warnings, showwarning/formatwarning, written from the
documented behaviour of CPython 3.11 (docs.python.org/3.11/library/warnings.html). The
default filters are CPython's for a release build: DeprecationWarning shown only when
triggered by __main__, PendingDeprecationWarning, ImportWarning and ResourceWarning
ignored, everything else shown once per location."""

import sys

__all__ = ["warn", "warn_explicit", "showwarning", "formatwarning", "filterwarnings",
           "simplefilter", "resetwarnings", "catch_warnings"]

_ACTIONS = ("error", "ignore", "always", "default", "module", "once")

filters = []
defaultaction = "default"
onceregistry = {}
_filters_version = [1]


def _add_filter(*item, append):
    if not append:
        try:
            filters.remove(item)
        except ValueError:
            pass
        filters.insert(0, item)
    elif item not in filters:
        filters.append(item)
    _filters_version[0] += 1


class _Regex:
    """A compiled message/module pattern: re when the pattern needs it."""

    def __init__(self, pattern, flags):
        self.pattern = pattern
        self.flags = flags
        self._re = None

    def match(self, text):
        if self._re is None:
            import re
            self._re = re.compile(self.pattern, self.flags)
        return self._re.match(text)

    def __eq__(self, other):
        return isinstance(other, _Regex) and (self.pattern, self.flags) == \
            (other.pattern, other.flags)

    def __hash__(self):
        return hash((self.pattern, self.flags))

    def __repr__(self):
        return "re.compile(%r%s)" % (self.pattern, ", re.IGNORECASE" if self.flags else "")


def filterwarnings(action, message="", category=Warning, module="", lineno=0, append=False):
    """Insert an entry into the list of warnings filters (at the front)."""
    # CPython checks these with assert statements: AssertionError
    if action not in _ACTIONS:
        raise AssertionError("invalid action: %r" % (action,))
    if not isinstance(message, str):
        raise AssertionError("message must be a string")
    if not isinstance(category, type) or not issubclass(category, Warning):
        raise AssertionError("category must be a Warning subclass")
    if not isinstance(module, str):
        raise AssertionError("module must be a string")
    if not isinstance(lineno, int) or lineno < 0:
        raise AssertionError("lineno must be an int >= 0")
    msg = _Regex(message, 2) if message else None
    mod = _Regex(module, 0) if module else None
    _add_filter(action, msg, category, mod, lineno, append=append)


def simplefilter(action, category=Warning, lineno=0, append=False):
    """Insert a simple entry into the list of warnings filters (at the front)."""
    if action not in _ACTIONS:
        raise AssertionError("invalid action: %r" % (action,))
    if not isinstance(lineno, int) or lineno < 0:
        raise AssertionError("lineno must be an int >= 0")
    _add_filter(action, None, category, None, lineno, append=append)


def resetwarnings():
    """Clear the list of warning filters, so that no filters are active."""
    filters[:] = []
    _filters_version[0] += 1


def _default_filters():
    filters[:] = []
    filters.append(("default", None, DeprecationWarning, _Regex("__main__", 0), 0))
    filters.append(("ignore", None, DeprecationWarning, None, 0))
    filters.append(("ignore", None, PendingDeprecationWarning, None, 0))
    filters.append(("ignore", None, ImportWarning, None, 0))
    filters.append(("ignore", None, ResourceWarning, None, 0))
    for opt in getattr(sys, "warnoptions", []):
        _apply_option(opt)


def _apply_option(arg):
    parts = arg.split(":")
    if len(parts) > 5:
        return
    while len(parts) < 5:
        parts.append("")
    action, message, category, module, lineno = [s.strip() for s in parts]
    for a in _ACTIONS:
        if a.startswith(action) and action:
            action = a
            break
    else:
        if not action:
            action = "default"
    cat = Warning
    if category:
        cat = getattr(__builtins__, category, None) if not isinstance(__builtins__, dict) \
            else __builtins__.get(category)
        if cat is None:
            return
    lineno = int(lineno) if lineno.isdigit() else 0
    filterwarnings(action, message, cat, module, lineno)


class WarningMessage:
    """A recorded warning (what catch_warnings(record=True) collects)."""

    _WARNING_DETAILS = ("message", "category", "filename", "lineno", "file", "line",
                        "source")

    def __init__(self, message, category, filename, lineno, file=None, line=None,
                 source=None):
        self.message = message
        self.category = category
        self.filename = filename
        self.lineno = lineno
        self.file = file
        self.line = line
        self.source = source
        self._category_name = category.__name__ if category else None

    def __str__(self):
        return ("{message : %r, category : %r, filename : %r, lineno : %s, line : %r}" %
                (self.message, self._category_name, self.filename, self.lineno, self.line))


def _getline(filename, lineno):
    try:
        import traceback
        return traceback._getline(filename, lineno)
    except ImportError:
        return ""


def formatwarning(message, category, filename, lineno, line=None):
    """The standard warning text: 'file:line: Category: message' and the source line."""
    s = "%s:%s: %s: %s\n" % (filename, lineno, category.__name__, message)
    if line is None:
        line = _getline(filename, lineno)
    if line:
        line = line.strip()
        s += "  %s\n" % line
    return s


def _showwarnmsg_impl(msg):
    file = msg.file
    if file is None:
        file = sys.stderr
        if file is None:
            return
    text = formatwarning(msg.message, msg.category, msg.filename, msg.lineno, msg.line)
    try:
        file.write(text)
    except OSError:
        pass


def showwarning(message, category, filename, lineno, file=None, line=None):
    """Write a warning to a file (sys.stderr by default)."""
    msg = WarningMessage(message, category, filename, lineno, file, line)
    _showwarnmsg_impl(msg)


_showwarning_orig = showwarning


def _showwarnmsg(msg):
    sw = globals()["showwarning"]
    if sw is not _showwarning_orig:
        if not callable(sw):
            raise TypeError("warnings.showwarning() must be set to a function or method")
        sw(msg.message, msg.category, msg.filename, msg.lineno, msg.file, msg.line)
        return
    _showwarnmsg_impl(msg)


def _is_internal_frame(frame):
    return frame.f_code.co_filename.startswith("<frozen")


def warn(message, category=None, stacklevel=1, source=None):
    """Issue a warning, or maybe ignore it or raise an exception."""
    if isinstance(message, Warning):
        category = message.__class__
    if category is None:
        category = UserWarning
    if not (isinstance(category, type) and issubclass(category, Warning)):
        raise TypeError("category must be a Warning subclass, not '%s'" %
                        type(category).__name__)
    try:
        frame = sys._getframe(1)
        for _ in range(stacklevel - 1):
            frame = frame.f_back
            if frame is None:
                break
    except (AttributeError, ValueError):
        frame = None
    if frame is None:
        globals_ = sys.__dict__
        filename = "sys"
        lineno = 1
    else:
        globals_ = frame.f_globals
        filename = frame.f_code.co_filename
        lineno = frame.f_lineno
    module = globals_.get("__name__", "<string>")
    registry = globals_.setdefault("__warningregistry__", {})
    warn_explicit(message, category, filename, lineno, module, registry, globals_, source)


def warn_explicit(message, category, filename, lineno, module=None, registry=None,
                  module_globals=None, source=None):
    """Low-level interface to issue warnings, with the location given."""
    lineno = int(lineno)
    if module is None:
        module = filename or "<unknown>"
        if module[-3:].lower() == ".py":
            module = module[:-3]
    if registry is None:
        registry = {}
    if registry.get("version", 0) != _filters_version[0]:
        registry.clear()
        registry["version"] = _filters_version[0]
    if isinstance(message, Warning):
        text = str(message)
        category = message.__class__
    else:
        text = message
        message = category(message)
    key = (text, category, lineno)
    if registry.get(key):
        return
    for item in filters:
        action, msg, cat, mod, ln = item
        if ((msg is None or msg.match(text)) and issubclass(category, cat) and
                (mod is None or mod.match(module)) and (ln == 0 or lineno == ln)):
            break
    else:
        action = defaultaction
    if action == "ignore":
        return
    if action == "error":
        raise message
    if action == "once":
        registry[key] = 1
        oncekey = (text, category)
        if onceregistry.get(oncekey):
            return
        onceregistry[oncekey] = 1
    elif action == "always":
        pass
    elif action == "module":
        registry[key] = 1
        altkey = (text, category, 0)
        if registry.get(altkey):
            return
        registry[altkey] = 1
    elif action == "default":
        registry[key] = 1
    else:
        raise RuntimeError("Unrecognized action (%r) in warnings.filters:\n %s" %
                           (action, item))
    msg = WarningMessage(message, category, filename, lineno, source=source)
    _showwarnmsg(msg)


class catch_warnings:
    """A context manager that saves the warnings filters and showwarning() on entry and
    restores them on exit; record=True collects the warnings in a list."""

    def __init__(self, *, record=False, module=None, action=None, category=Warning,
                 lineno=0, append=False):
        self._record = record
        self._module = sys.modules["warnings"] if module is None else module
        self._entered = False
        if action is None:
            self._filter = None
        else:
            self._filter = (action, category, lineno, append)

    def __repr__(self):
        args = []
        if self._record:
            args.append("record=True")
        name = type(self).__name__
        return "%s(%s)" % (name, ", ".join(args))

    def __enter__(self):
        if self._entered:
            raise RuntimeError("Cannot enter %r twice" % self)
        self._entered = True
        self._filters = self._module.filters
        self._module.filters = self._filters[:]
        globals()["filters"] = self._module.filters
        _filters_version[0] += 1
        self._showwarning = self._module.showwarning
        if self._filter is not None:
            simplefilter(*self._filter)
        if self._record:
            log = []

            def record(message, category, filename, lineno, file=None, line=None):
                log.append(WarningMessage(message, category, filename, lineno, file, line))
            self._module.showwarning = record
            return log
        return None

    def __exit__(self, *exc_info):
        if not self._entered:
            raise RuntimeError("Cannot exit %r without entering first" % self)
        self._module.filters = self._filters
        globals()["filters"] = self._filters
        _filters_version[0] += 1
        self._module.showwarning = self._showwarning


_default_filters()
