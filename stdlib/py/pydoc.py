"""pydoc: the text documentation help() prints, in the layout of CPython 3.11's pydoc.

help(object) documents modules, classes, functions, methods, builtins (their docstrings
and text signatures are CPython's, compiled into krait: stdlib/builtin_docs_data.c),
properties and data; help('name') looks a dotted name up, importing modules; help()
starts the interactive help> prompt. Output goes to sys.stdout without a pager (CPython's
plain pager: the text of a non-interactive run). The builtin help() imports this module at
its first call. There is no HTML output, no topics from the language reference and no
server (pydoc -b)."""

import builtins
import sys

__all__ = ['help', 'doc', 'render_doc', 'getdoc', 'describe', 'locate', 'plain', 'Helper',
           'TextDoc']

_FuncType = type(lambda: 0)
_NativeType = type(len)

# wrapper_descriptor in CPython: methods that fill a type slot (the rest are
# method_descriptor)
_SLOT_NAMES = frozenset('''__repr__ __hash__ __call__ __str__ __getattribute__ __setattr__
__delattr__ __lt__ __le__ __eq__ __ne__ __gt__ __ge__ __iter__ __next__ __get__ __set__
__delete__ __init__ __del__ __await__ __aiter__ __anext__ __add__ __radd__ __sub__ __rsub__
__mul__ __rmul__ __mod__ __rmod__ __divmod__ __rdivmod__ __pow__ __rpow__ __neg__ __pos__
__abs__ __bool__ __invert__ __lshift__ __rlshift__ __rshift__ __rrshift__ __and__ __rand__
__xor__ __rxor__ __or__ __ror__ __int__ __float__ __iadd__ __isub__ __imul__ __imod__
__ipow__ __ilshift__ __irshift__ __iand__ __ixor__ __ior__ __floordiv__ __rfloordiv__
__truediv__ __rtruediv__ __ifloordiv__ __itruediv__ __index__ __matmul__ __rmatmul__
__imatmul__ __len__ __getitem__ __setitem__ __delitem__ __contains__'''.split())


# ---- what an object is ---------------------------------------------------------------

def _ismodule(o):
    return isinstance(o, type(sys))


def _isclass(o):
    return isinstance(o, type)


def _isfunction(o):
    return isinstance(o, _FuncType)


def _ismethod(o):
    return type(o).__name__ == 'method'


def _isnative(o):
    return isinstance(o, _NativeType)


def _isbuiltin(o):
    """A builtin function or a bound builtin method (not an unbound method descriptor)."""
    if not _isnative(o):
        return False
    s = getattr(o, '__self__', None)
    if s is not None or '.' not in o.__qualname__:
        return True
    # a builtin type's static method (str.maketrans) is a plain builtin function
    owner, _, name = o.__qualname__.rpartition('.')
    cls = getattr(builtins, owner, None)
    return isinstance(cls, type) and isinstance(cls.__dict__.get(name), staticmethod)


def _ismethoddescriptor(o):
    return _isnative(o) and not _isbuiltin(o)


def _isroutine(o):
    return _isfunction(o) or _ismethod(o) or _isnative(o)


def _isdatadescriptor(o):
    if _isclass(o) or _ismethod(o) or _isfunction(o) or _isnative(o):
        return False
    t = type(o)
    if t.__name__ in ('getset_descriptor', 'member_descriptor', 'property'):
        return True
    return hasattr(t, '__set__') or hasattr(t, '__delete__')


def _isdata(o):
    return not (_ismodule(o) or _isclass(o) or _isroutine(o) or
                type(o).__name__ in ('frame', 'traceback', 'code'))


def _getmodule(o):
    if _ismodule(o):
        return o
    name = getattr(o, '__module__', None)
    return sys.modules.get(name) if isinstance(name, str) else None


def _getmembers(o, pred):
    out = []
    for k in dir(o):
        try:
            v = getattr(o, k)
        except AttributeError:
            continue
        if pred(v):
            out.append((k, v))
    out.sort(key=lambda kv: kv[0])
    return out


# ---- docstrings ----------------------------------------------------------------------

def _cleandoc(doc):
    lines = doc.expandtabs().split('\n')
    margin = None
    for line in lines[1:]:
        content = len(line.lstrip())
        if content:
            ind = len(line) - content
            margin = ind if margin is None else min(margin, ind)
    if lines:
        lines[0] = lines[0].lstrip()
    if margin is not None:
        for i in range(1, len(lines)):
            lines[i] = lines[i][margin:]
    while lines and not lines[-1]:
        lines.pop()
    while lines and not lines[0]:
        lines.pop(0)
    return '\n'.join(lines)


def _getowndoc(o):
    try:
        doc = o.__doc__
    except AttributeError:
        return None
    if doc is None:
        return None
    if o is not type:
        typedoc = type(o).__doc__
        if isinstance(typedoc, str) and typedoc == doc:
            return None
    return doc


def _findclass(func):
    cls = sys.modules.get(getattr(func, '__module__', None))
    if cls is None:
        return None
    for name in func.__qualname__.split('.')[:-1]:
        cls = getattr(cls, name, None)
    return cls if _isclass(cls) else None


def _finddoc(o):
    """An inherited docstring: the same name's in the classes of the method's class's mro."""
    if _ismethod(o):
        name = o.__func__.__name__
        s = o.__self__
        cls = s if _isclass(s) and getattr(getattr(s, name, None), '__func__', None) is \
            o.__func__ else s.__class__
    elif _isfunction(o):
        name = o.__name__
        cls = _findclass(o)
        if cls is None or getattr(cls, name, None) is not o:
            return None
    elif isinstance(o, property):
        name = o.fget.__name__
        cls = _findclass(o.fget)
        if cls is None or getattr(cls, name, None) is not o:
            return None
    else:
        return None
    for base in cls.__mro__:
        try:
            doc = _getowndoc(getattr(base, name))
        except AttributeError:
            continue
        if doc is not None:
            return doc
    return None


def _getdoc(o):
    doc = _getowndoc(o)
    if doc is None:
        try:
            doc = _finddoc(o)
        except (AttributeError, TypeError):
            return None
    if not isinstance(doc, str):
        return None
    return _cleandoc(doc)


def _source_lines(o):
    """The lines of the file o was defined in, and the index of its first line."""
    if _ismodule(o):
        path, first = getattr(o, '__file__', None), 0
    elif _isfunction(o) or _ismethod(o):
        code = getattr(o, '__func__', o).__code__
        path, first = code.co_filename, code.co_firstlineno - 1
    elif _isclass(o):
        mod = sys.modules.get(o.__module__)
        path, first = getattr(mod, '__file__', None), None
    else:
        return None, 0
    if not isinstance(path, str) or path.startswith('<'):
        return None, 0
    try:
        with open(path) as f:
            lines = f.readlines()
    except (OSError, UnicodeError, ImportError):
        return None, 0
    if first is None:  # a class: the first "class Name" line
        import re
        pat = re.compile(r'^(\s*)class\s*' + o.__name__ + r'\b')
        for i, line in enumerate(lines):
            if pat.match(line):
                first = i
                break
        else:
            return None, 0
    return lines, first


def _indentsize(line):
    expline = line.expandtabs()
    return len(expline) - len(expline.lstrip())


def getcomments(o):
    """The comment lines just above the source of a function or class (or at the top of a
    module's file), as CPython's inspect.getcomments."""
    lines, lnum = _source_lines(o)
    if lines is None:
        return None
    if _ismodule(o):
        start = 0
        if lines and lines[0][:2] == '#!':
            start = 1
        while start < len(lines) and lines[start].strip() in ('', '#'):
            start += 1
        if start < len(lines) and lines[start][:1] == '#':
            comments = []
            end = start
            while end < len(lines) and lines[end][:1] == '#':
                comments.append(lines[end].expandtabs())
                end += 1
            return ''.join(comments)
        return None
    if lnum <= 0 or lnum >= len(lines):
        return None
    indent = _indentsize(lines[lnum])
    end = lnum - 1
    if end >= 0 and lines[end].lstrip()[:1] == '#' and _indentsize(lines[end]) == indent:
        comments = [lines[end].expandtabs().lstrip()]
        if end > 0:
            end -= 1
            comment = lines[end].expandtabs().lstrip()
            while comment[:1] == '#' and _indentsize(lines[end]) == indent:
                comments[:0] = [comment]
                end -= 1
                if end < 0:
                    break
                comment = lines[end].expandtabs().lstrip()
        while comments and comments[0].strip() == '#':
            comments[:1] = []
        while comments and comments[-1].strip() == '#':
            comments[-1:] = []
        return ''.join(comments)
    return None


def getdoc(o):
    """The docstring (cleaned of its indentation), else the comments above the source."""
    result = _getdoc(o) or getcomments(o)
    if not result:
        return ''
    result = result.rstrip()
    first, nl, rest = result.partition('\n')
    if nl and not first.strip(' '):
        result = rest
    return result


def splitdoc(doc):
    """The synopsis line and the rest of a docstring."""
    lines = doc.strip().split('\n')
    if len(lines) == 1:
        return lines[0], ''
    elif len(lines) >= 2 and not lines[1].rstrip():
        return lines[0], '\n'.join(lines[2:])
    return '', '\n'.join(lines)


def classname(o, modname):
    name = o.__name__
    if o.__module__ != modname:
        name = o.__module__ + '.' + name
    return name


def visiblename(name, all=None, obj=None):
    if name in {'__author__', '__builtins__', '__cached__', '__credits__', '__date__',
                '__doc__', '__file__', '__spec__', '__loader__', '__module__', '__name__',
                '__package__', '__path__', '__qualname__', '__slots__', '__version__'}:
        return 0
    if name.startswith('__') and name.endswith('__'):
        return 1
    if name.startswith('_') and hasattr(obj, '_fields'):
        return True
    if all is not None:
        return name in all
    return not name.startswith('_')


# ---- signatures ------------------------------------------------------------------------

def _formatannotation(a):
    if getattr(a, '__module__', None) == 'typing':
        return repr(a).replace('typing.', '')
    if isinstance(a, type(list[int])):
        return repr(a)
    if isinstance(a, type):
        if a.__module__ == 'builtins':
            return a.__qualname__
        return a.__module__ + '.' + a.__qualname__
    return repr(a)


def _function_signature(f, skip_first):
    code = f.__code__
    names = code.co_varnames
    npos, nposonly, nkw = code.co_argcount, code.co_posonlyargcount, code.co_kwonlyargcount
    defaults = f.__defaults__ or ()
    kwdefaults = f.__kwdefaults__ or {}
    ann = getattr(f, '__annotations__', None) or {}

    def param(name, default=None, has_default=False, prefix=''):
        s = prefix + name
        if name in ann:
            s += ': ' + _formatannotation(ann[name])
            if has_default:
                s += ' = ' + repr(default)
        elif has_default:
            s += '=' + repr(default)
        return s

    parts = []
    first_default = npos - len(defaults)
    for i in range(npos):
        if i == 0 and skip_first:
            continue
        if i < first_default:
            parts.append(param(names[i]))
        else:
            parts.append(param(names[i], defaults[i - first_default], True))
        if i == nposonly - 1:
            parts.append('/')
    if parts and parts[0] == '/':
        parts.pop(0)
    i = npos + nkw
    if code.co_flags & 4:
        parts.append(param(names[i], prefix='*'))
        i += 1
    elif nkw:
        parts.append('*')
    for j in range(npos, npos + nkw):
        n = names[j]
        parts.append(param(n, kwdefaults.get(n), n in kwdefaults))
    if code.co_flags & 8:
        parts.append(param(names[i], prefix='**'))
    s = '(' + ', '.join(parts) + ')'
    if 'return' in ann:
        s += ' -> ' + _formatannotation(ann['return'])
    return s


def _text_signature(o, bound):
    sig = getattr(o, '__text_signature__', None)
    if not sig or not sig.startswith('(') or not sig.endswith(')') or \
            '<unrepresentable>' in sig:
        return None
    sig = sig.replace('sys.maxsize', str(sys.maxsize))
    params = [p.strip() for p in sig[1:-1].split(',')] if sig[1:-1].strip() else []
    if params and params[0].startswith('$'):
        if bound or params[0] in ('$module', '$type'):
            params.pop(0)
            if params and params[0] == '/':
                params.pop(0)
        else:
            params[0] = params[0][1:]
    return '(' + ', '.join(params) + ')'


def signature(o):
    """The parenthesized parameter list help() shows, or None."""
    if _isfunction(o):
        return _function_signature(o, False)
    if _ismethod(o):
        f = o.__func__
        if _isfunction(f):
            return _function_signature(f, True)
        return signature(f)
    if _isnative(o):
        s = getattr(o, '__self__', None)
        return _text_signature(o, s is not None and not _ismodule(s))
    if _isclass(o):
        for base in o.__mro__:
            if base is object:
                break
            if base.__module__ == 'builtins':
                return _text_signature(base, True)
            init = base.__dict__.get('__init__')
            if _isfunction(init):
                return _function_signature(init, True)
            new = base.__dict__.get('__new__')
            if new is not None:
                new = getattr(new, '__func__', new)
                if _isfunction(new):
                    return _function_signature(new, True)
                return None
            if '__init__' in base.__dict__:
                return None
        return '()'
    return None


# ---- repr with limits (CPython's reprlib, as pydoc's TextRepr sets it) ------------------

def cram(text, maxlen):
    if len(text) > maxlen:
        pre = max(0, (maxlen - 3) // 2)
        post = max(0, maxlen - 3 - pre)
        return text[:pre] + '...' + text[len(text) - post:]
    return text


def stripid(text):
    i = text.rfind(' at 0x')
    if i >= 0:
        tail = text[i + 6:]
        j = 0
        while j < len(tail) and tail[j] in '0123456789abcdefABCDEF':
            j += 1
        if 6 <= j <= 16 and tail[j:] and tail[j:] == '>' * len(tail[j:]):
            return text[:i] + tail[j:]
    return text


def _repr(x, level=6):
    t = type(x)
    if t is str:
        test = cram(x, 100)
        r = repr(test)
        if '\\' in test and '\\' not in r.replace('\\\\', ''):
            return 'r' + r[0] + test + r[0]
        return r
    if t is int:
        s = repr(x)
        if len(s) > 40:
            s = s[:18] + '...' + s[len(s) - 19:]
        return s
    if t in (list, tuple, set, frozenset, dict):
        if not x:
            return repr(x)
        if level <= 0:
            return {list: '[...]', tuple: '(...)', dict: '{...}'}.get(t, '...')
        if t is dict:
            items = list(x.items())
            shown = ['%s: %s' % (_repr(k, level - 1), _repr(v, level - 1))
                     for k, v in items[:10]]
            if len(items) > 10:
                shown.append('...')
            return '{' + ', '.join(shown) + '}'
        seq = list(x) if t in (list, tuple) else sorted(x, key=repr)
        limit = 20 if t in (list, tuple) else 6
        shown = [_repr(v, level - 1) for v in seq[:limit]]
        if len(seq) > limit:
            shown.append('...')
        body = ', '.join(shown)
        if t is list:
            return '[' + body + ']'
        if t is tuple:
            return '(' + body + (',)' if len(seq) == 1 else ')')
        if t is set:
            return '{' + body + '}'
        return 'frozenset({' + body + '})'
    try:
        return cram(stripid(repr(x)), 100)
    except Exception:
        return '<%s instance>' % t.__name__


# ---- the text renderer -----------------------------------------------------------------

def _split_list(s, predicate):
    yes, no = [], []
    for x in s:
        (yes if predicate(x) else no).append(x)
    return yes, no


def _is_bound_method(fn):
    if _ismethod(fn):
        return True
    if _isbuiltin(fn):
        s = getattr(fn, '__self__', None)
        return not (_ismodule(s) or s is None)
    return False


def _synthetic_descriptors(cls):
    """The __dict__ and __weakref__ descriptors CPython gives a class statement's class
    whose bases have none (krait's classes keep no such entries)."""
    d = cls.__dict__
    if '__module__' not in d or '__slots__' in d or cls.__module__ == 'builtins':
        return []
    for base in cls.__mro__[1:]:
        if base is not object and ('__module__' not in base.__dict__ or
                                   '__slots__' not in base.__dict__):
            return []
    return [('__dict__', 'dictionary for instance variables'),
            ('__weakref__', 'list of weak references to the object')]


class _DocData:
    def __init__(self, doc):
        self.__doc__ = doc


def classify_class_attrs(cls):
    mro = cls.__mro__
    result = []
    synthetic = {}
    for base in reversed(mro):
        for name, doc in _synthetic_descriptors(base):
            synthetic[name] = (base, doc)
    names = set(dir(cls)) | set(synthetic)
    for name in names:
        if name in synthetic:
            base, doc = synthetic[name]
            result.append((name, 'data descriptor', base, _DocData(doc)))
            continue
        homecls = None
        dict_obj = None
        for base in mro:
            if name in base.__dict__:
                homecls = base
                dict_obj = base.__dict__[name]
                break
        if homecls is None:
            try:
                dict_obj = getattr(cls, name)
            except AttributeError:
                continue
            homecls = getattr(dict_obj, '__objclass__', None) or cls
        try:
            obj = getattr(cls, name)
        except Exception:
            obj = dict_obj
        if isinstance(dict_obj, staticmethod):
            kind, obj = 'static method', dict_obj
        elif isinstance(dict_obj, classmethod):
            kind, obj = 'class method', dict_obj
        elif _isnative(dict_obj) and _isbuiltin(obj) and getattr(obj, '__self__', None) is cls:
            kind, obj = 'class method', dict_obj
        elif isinstance(dict_obj, property):
            kind, obj = 'property', dict_obj
        elif _isroutine(obj):
            kind = 'method'
        else:
            kind = 'data'
        if isinstance(obj, property) or _isdatadescriptor(obj):
            kind = 'data descriptor'
            if isinstance(obj, property) and obj.fset is None:
                kind = 'readonly property'
        result.append((name, kind, homecls, obj))
    return result


def _sort_attributes(attrs, cls):
    fields = getattr(cls, '_fields', [])
    try:
        order = {name: i - len(fields) for i, name in enumerate(fields)}
    except TypeError:
        order = {}
    attrs.sort(key=lambda a: (order.get(a[0], 0), a[0]))


def _getclasstree(classes, unique):
    children = {}
    roots = []
    for c in classes:
        if c.__bases__:
            for parent in c.__bases__:
                if parent not in children:
                    children[parent] = []
                if c not in children[parent]:
                    children[parent].append(c)
                if unique and parent in classes:
                    break
        elif c not in roots:
            roots.append(c)
    for parent in children:
        if parent not in classes:
            roots.append(parent)
    return _walktree(roots, children, None)


def _walktree(classes, children, parent):
    results = []
    classes.sort(key=lambda c: (c.__module__, c.__name__))
    for c in classes:
        results.append((c, c.__bases__))
        if c in children:
            results.append(_walktree(children[c], children, c))
    return results


class TextDoc:
    """Formatter of plain-text documentation."""

    PYTHONDOCS = 'https://docs.python.org/%d.%d/library' % sys.version_info[:2]

    def repr(self, x):
        return _repr(x)

    def bold(self, text):
        """Bold by overstriking (what a terminal pager shows; plain() removes it)."""
        return ''.join(ch + '\b' + ch for ch in text)

    def indent(self, text, prefix='    '):
        if not text:
            return ''
        lines = [prefix + line for line in text.split('\n')]
        if lines:
            lines[-1] = lines[-1].rstrip()
        return '\n'.join(lines)

    def section(self, title, contents):
        return self.bold(title) + '\n' + self.indent(contents).rstrip() + '\n\n'

    def document(self, o, name=None, *args):
        if _ismodule(o):
            return self.docmodule(o, name, *args)
        if _isclass(o):
            return self.docclass(o, name, *args)
        if _isroutine(o):
            return self.docroutine(o, name, *args)
        if isinstance(o, property) or _isdatadescriptor(o):
            return self.docdata(o, name, *args)
        return self.docother(o, name, *args)

    def formattree(self, tree, modname, parent=None, prefix=''):
        result = ''
        c = None
        for entry in tree:
            if type(entry) is tuple:
                c, bases = entry
                result = result + prefix + classname(c, modname)
                if bases and bases != (parent,):
                    result = result + '(%s)' % ', '.join(classname(b, modname) for b in bases)
                result = result + '\n'
            elif type(entry) is list:
                result = result + self.formattree(entry, modname, c, prefix + '    ')
        return result

    def getdocloc(self, o):
        name = o.__name__
        if name in ('errno', 'exceptions', 'gc', 'imp', 'marshal', 'posix', 'signal', 'sys',
                    '_thread', 'zipimport'):
            return None
        f = getattr(o, '__file__', None)
        if f is not None and not f.startswith('<frozen'):
            return None  # a module from a file: the user's, not the library's
        if name.startswith('_') or name in ('gpu', 'numpy', 'tile', 'cuda') or \
                name.startswith(('cuda.', 'gpu.')):
            return None
        return '%s/%s.html' % (self.PYTHONDOCS.rstrip('/'), name.lower())

    def docmodule(self, o, name=None, mod=None, *ignored):
        name = o.__name__
        synop, desc = splitdoc(getdoc(o))
        result = self.section('NAME', name + (synop and ' - ' + synop))
        all = getattr(o, '__all__', None)
        docloc = self.getdocloc(o)
        if docloc is not None:
            result = result + self.section('MODULE REFERENCE', docloc + """

The following documentation is automatically generated from the Python
source files.  It may be incomplete, incorrect or include features that
are considered implementation detail and may vary between Python
implementations.  When in doubt, consult the module reference at the
location listed above.
""")
        if desc:
            result = result + self.section('DESCRIPTION', desc)
        classes = []
        for key, value in _getmembers(o, _isclass):
            if all is not None or (_getmodule(value) or o) is o:
                if visiblename(key, all, o):
                    classes.append((key, value))
        funcs = []
        for key, value in _getmembers(o, _isroutine):
            if all is not None or _isbuiltin(value) or _getmodule(value) is o:
                if visiblename(key, all, o):
                    funcs.append((key, value))
        data = []
        for key, value in _getmembers(o, _isdata):
            if visiblename(key, all, o):
                data.append((key, value))
        modpkgs = []
        if hasattr(o, '__path__'):
            import os
            for p in o.__path__:
                try:
                    entries = sorted(os.listdir(p))
                except OSError:
                    continue
                for e in entries:
                    if e.endswith('.py') and e != '__init__.py':
                        modpkgs.append(e[:-3])
                    elif os.path.isfile(os.path.join(p, e, '__init__.py')):
                        modpkgs.append(e + ' (package)')
            if modpkgs:
                result = result + self.section('PACKAGE CONTENTS', '\n'.join(sorted(modpkgs)))
        submodules = []
        for key, value in _getmembers(o, _ismodule):
            if value.__name__.startswith(name + '.') and key not in modpkgs:
                submodules.append(key)
        if submodules:
            submodules.sort()
            result = result + self.section('SUBMODULES', '\n'.join(submodules))
        if classes:
            classlist = [value for key, value in classes]
            contents = [self.formattree(_getclasstree(classlist, 1), name)]
            for key, value in classes:
                contents.append(self.document(value, key, name))
            result = result + self.section('CLASSES', '\n'.join(contents))
        if funcs:
            contents = [self.document(value, key, name) for key, value in funcs]
            result = result + self.section('FUNCTIONS', '\n'.join(contents))
        if data:
            contents = [self.docother(value, key, name, maxlen=70) for key, value in data]
            result = result + self.section('DATA', '\n'.join(contents))
        if hasattr(o, '__version__'):
            version = str(o.__version__)
            if version[:11] == '$' + 'Revision: ' and version[-1:] == '$':
                version = version[11:-1].strip()
            result = result + self.section('VERSION', version)
        if hasattr(o, '__date__'):
            result = result + self.section('DATE', str(o.__date__))
        if hasattr(o, '__author__'):
            result = result + self.section('AUTHOR', str(o.__author__))
        if hasattr(o, '__credits__'):
            result = result + self.section('CREDITS', str(o.__credits__))
        f = getattr(o, '__file__', None)
        if not isinstance(f, str) or f.startswith('<'):
            f = '(built-in)'
        else:
            import os
            f = os.path.normcase(os.path.abspath(f))
        result = result + self.section('FILE', f)
        return result

    def docclass(self, o, name=None, mod=None, *ignored):
        realname = o.__name__
        name = name or realname
        bases = o.__bases__

        def makename(c, m=o.__module__):
            return classname(c, m)

        if name == realname:
            title = 'class ' + self.bold(realname)
        else:
            title = self.bold(name) + ' = class ' + realname
        if bases:
            title = title + '(%s)' % ', '.join(map(makename, bases))
        contents = []
        push = contents.append
        try:
            argspec = signature(o)
        except Exception:
            argspec = None
        if argspec and argspec != '()':
            push(name + argspec + '\n')
        doc = getdoc(o)
        if doc:
            push(doc + '\n')
        mro = list(o.__mro__)
        if len(mro) > 2:
            push('Method resolution order:')
            for base in mro:
                push('    ' + makename(base))
            push('')
        sub = getattr(type, '__subclasses__', None)
        if sub is not None:
            subclasses = sorted((str(c.__name__) for c in sub(o)
                                 if not c.__name__.startswith('_') and
                                 c.__module__ == 'builtins'), key=str.lower)
            if subclasses:
                push('Built-in subclasses:')
                for s in subclasses[:4]:
                    push('    ' + s)
                if len(subclasses) > 4:
                    push('    ... and ' + str(len(subclasses) - 4) + ' other subclasses')
                push('')

        needone = [False]

        def maybe():
            if needone[0]:
                push('-' * 70)
            needone[0] = True

        def spill(msg, attrs, predicate, render):
            ok, attrs = _split_list(attrs, predicate)
            if ok:
                maybe()
                push(msg)
                for name, kind, homecls, value in ok:
                    push(render(name, homecls, value))
            return attrs

        def routine(name, homecls, value):
            try:
                value = getattr(o, name)
            except Exception:
                return self.docdata(value, name, mod)
            return self.document(value, name, mod, o)

        def descriptor(name, homecls, value):
            return self.docdata(value, name, mod)

        def data(name, homecls, value):
            doc = getdoc(value)
            try:
                obj = getattr(o, name)
            except AttributeError:
                obj = homecls.__dict__[name]
            return self.docother(obj, name, mod, maxlen=70, doc=doc) + '\n'

        attrs = [a for a in classify_class_attrs(o) if visiblename(a[0], obj=o)]
        mro_left = list(mro)
        while attrs:
            thisclass = mro_left.pop(0) if mro_left else attrs[0][2]
            attrs, inherited = _split_list(attrs, lambda t: t[2] is thisclass)
            if o is not builtins.object and thisclass is builtins.object:
                attrs = inherited
                continue
            elif thisclass is o:
                tag = 'defined here'
            else:
                tag = 'inherited from %s' % classname(thisclass, o.__module__)
            _sort_attributes(attrs, o)
            for heading, kinds, render in (
                    ('Methods', ('method',), routine),
                    ('Class methods', ('class method',), routine),
                    ('Static methods', ('static method',), routine),
                    ('Readonly properties', ('readonly property',), descriptor),
                    ('Data descriptors', ('data descriptor', 'property'), descriptor),
                    ('Data and other attributes', ('data',), data)):
                attrs = spill('%s %s:\n' % (heading, tag), attrs, lambda t: t[1] in kinds,
                              render)
            attrs = inherited
        contents = '\n'.join(contents)
        if not contents:
            return title + '\n'
        return title + '\n' + self.indent(contents.rstrip(), ' |  ') + '\n'

    def formatvalue(self, o):
        return '=' + self.repr(o)

    def docroutine(self, o, name=None, mod=None, cl=None):
        realname = o.__name__
        name = name or realname
        note = ''
        skipdocs = 0
        if _is_bound_method(o):
            imclass = o.__self__.__class__
            if cl:
                if imclass is not cl:
                    note = ' from ' + classname(imclass, mod)
            else:
                if o.__self__ is not None:
                    note = ' method of %s instance' % classname(o.__self__.__class__, mod)
                else:
                    note = ' unbound %s method' % classname(imclass, mod)
        code = getattr(getattr(o, '__func__', o), '__code__', None)
        asyncqualifier = 'async ' if code is not None and code.co_flags & 0x280 else ''
        if name == realname:
            title = self.bold(realname)
        else:
            if cl and realname in cl.__dict__ and cl.__dict__[realname] is o:
                skipdocs = 1
            title = self.bold(name) + ' = ' + realname
        argspec = None
        try:
            argspec = signature(o)
        except Exception:
            argspec = None
        if argspec and realname == '<lambda>':
            title = self.bold(name) + ' lambda '
            argspec = argspec[1:-1]
        if not argspec:
            argspec = '(...)'
        decl = asyncqualifier + title + argspec + note
        if skipdocs:
            return decl + '\n'
        doc = getdoc(o) or ''
        return decl + '\n' + (doc and self.indent(doc).rstrip() + '\n')

    def docdata(self, o, name=None, mod=None, cl=None):
        results = []
        if name:
            results.append(self.bold(name))
            results.append('\n')
        doc = getdoc(o) or ''
        if doc:
            results.append(self.indent(doc))
            results.append('\n')
        return ''.join(results)

    docproperty = docdata

    def docother(self, o, name=None, mod=None, parent=None, maxlen=None, doc=None):
        r = self.repr(o)
        if maxlen:
            line = (name and name + ' = ' or '') + r
            chop = maxlen - len(line)
            if chop < 0:
                r = r[:chop] + '...'
        line = (name and self.bold(name) + ' = ' or '') + r
        if not doc:
            doc = getdoc(o)
        if doc:
            line += '\n' + self.indent(str(doc)) + '\n'
        return line


text = TextDoc()
plaintext = text


def plain(s):
    """Text without the overstrikes of bold."""
    out = []
    i = 0
    while i < len(s):
        if i + 1 < len(s) and s[i + 1] == '\b':
            i += 2
            continue
        out.append(s[i])
        i += 1
    return ''.join(out)


def describe(thing):
    """A short description of what thing is."""
    if _ismodule(thing):
        if thing.__name__ in sys.builtin_module_names:
            return 'built-in module ' + thing.__name__
        if hasattr(thing, '__path__'):
            return 'package ' + thing.__name__
        return 'module ' + thing.__name__
    if _isbuiltin(thing):
        return 'built-in function ' + thing.__name__
    if type(thing).__name__ in ('getset_descriptor', 'member_descriptor'):
        cls = getattr(thing, '__objclass__', None)
        if cls is not None:
            return '%s %s.%s.%s' % (type(thing).__name__.replace('_', ' '), cls.__module__,
                                    cls.__name__, thing.__name__)
    if _isclass(thing):
        return 'class ' + thing.__name__
    if _isfunction(thing):
        return 'function ' + thing.__name__
    if _ismethod(thing):
        return 'method ' + thing.__name__
    if _ismethoddescriptor(thing):
        return 'wrapper_descriptor' if thing.__name__ in _SLOT_NAMES else 'method_descriptor'
    return type(thing).__name__


def _safeimport(path):
    try:
        __import__(path)
    except ImportError as e:
        if path in str(e) or 'No module named' in str(e):
            return None
        raise
    m = sys.modules.get(path)
    return m


def locate(path, forceload=0):
    """The object a dotted name names, importing modules as needed; None if none."""
    parts = [p for p in path.split('.') if p]
    module, n = None, 0
    while n < len(parts):
        nextmodule = _safeimport('.'.join(parts[:n + 1]))
        if nextmodule:
            module, n = nextmodule, n + 1
        else:
            break
    o = module if module else builtins
    for part in parts[n:]:
        try:
            o = getattr(o, part)
        except AttributeError:
            return None
    return o


def resolve(thing, forceload=0):
    if isinstance(thing, str):
        o = locate(thing, forceload)
        if o is None:
            raise ImportError('''\
No Python documentation found for %r.
Use help() to get the interactive help utility.
Use help(str) for help on the str class.''' % thing)
        return o, thing
    name = getattr(thing, '__name__', None)
    return thing, name if isinstance(name, str) else None


def render_doc(thing, title='Python Library Documentation: %s', forceload=0, renderer=None):
    if renderer is None:
        renderer = text
    o, name = resolve(thing, forceload)
    desc = describe(o)
    module = _getmodule(o)
    if name and '.' in name:
        desc += ' in ' + name[:name.rfind('.')]
    elif module and module is not o:
        desc += ' in module ' + module.__name__
    if not (_ismodule(o) or _isclass(o) or _isroutine(o) or _isdatadescriptor(o) or
            isinstance(o, property) or _getdoc(o)):
        if hasattr(o, '__origin__'):
            o = o.__origin__
        else:
            o = type(o)
            desc += ' object'
    return title % desc + '\n\n' + renderer.document(o, name)


def doc(thing, title='Python Library Documentation: %s', forceload=0, output=None):
    """Write the documentation of thing (an object or a dotted name)."""
    try:
        s = plain(render_doc(thing, title, forceload))
        if output is None:
            sys.stdout.write(s)
        else:
            output.write(s)
    except ImportError as value:
        print(value)


KEYWORDS = ['False', 'None', 'True', 'and', 'as', 'assert', 'async', 'await', 'break',
            'class', 'continue', 'def', 'del', 'elif', 'else', 'except', 'finally', 'for',
            'from', 'global', 'if', 'import', 'in', 'is', 'lambda', 'nonlocal', 'not', 'or',
            'pass', 'raise', 'return', 'try', 'while', 'with', 'yield']


class Helper:
    """The help() utility: help(object), help('name'), and the help> prompt."""

    def __init__(self, input=None, output=None):
        self._input = input
        self._output = output

    def __repr__(self):
        return ('Type help() for interactive help, or help(object) for help about '
                'object.')

    def __call__(self, request=None):
        if request is not None:
            self.help(request)
        else:
            self.intro()
            self.interact()
            self.write('''
You are now leaving help and returning to the krait interpreter.
If you want to ask for help on a particular object directly from the
interpreter, you can type "help(object)".  Executing "help('string')"
has the same effect as typing a particular string at the help> prompt.
''')

    def write(self, s):
        (self._output or sys.stdout).write(s)

    def intro(self):
        self.write('''
Welcome to krait's help utility (the Python %d.%d language subset)!

Enter the name of any module, keyword, or object to get help on writing
programs and using modules.  To quit this help utility and return to the
interpreter, just type "quit".

To get a list of available modules or keywords, type "modules" or
"keywords".
''' % sys.version_info[:2])

    def interact(self):
        self.write('\n')
        while True:
            try:
                if self._input is None:
                    request = input('help> ')
                else:
                    self.write('help> ')
                    request = self._input.readline()
                    if not request:
                        break
            except (KeyboardInterrupt, EOFError):
                break
            request = request.strip()
            if len(request) > 2 and request[0] == request[-1] in ("'", '"') and \
                    request[0] not in request[1:-1]:
                request = request[1:-1]
            if request.lower() in ('q', 'quit'):
                break
            if request == 'help':
                self.intro()
            else:
                self.help(request)

    def help(self, request):
        if isinstance(request, str):
            request = request.strip()
            if request == 'keywords':
                self.listkeywords()
            elif request == 'modules':
                self.listmodules()
            elif request in ('True', 'False', 'None'):
                doc(eval(request), 'Help on %s:', output=self._output)
            elif request in KEYWORDS:
                self.write('krait has no language reference text for %r; see '
                           'https://docs.python.org/%d.%d/reference/\n' %
                           ((request,) + tuple(sys.version_info[:2])))
            elif request:
                doc(request, 'Help on %s:', output=self._output)
        elif isinstance(request, Helper):
            self()
        else:
            doc(request, 'Help on %s:', output=self._output)
        self.write('\n')

    def _columns(self, items, ncol=4, width=19):
        items = sorted(items)
        rows = (len(items) + ncol - 1) // ncol
        for r in range(rows):
            line = ''
            for c in range(ncol):
                i = c * rows + r
                if i < len(items):
                    line += items[i] + ' ' * (width - len(items[i])) if c < ncol - 1 \
                        else items[i]
            self.write(line.rstrip() + '\n')

    def listkeywords(self):
        self.write('\nHere is a list of the Python keywords.  Enter any keyword to get '
                   'more help.\n\n')
        self._columns(KEYWORDS)

    def listmodules(self):
        self.write('\nThe modules imported so far (krait\'s library: docs/LANGUAGE.md lists '
                   'every module):\n\n')
        self._columns([m for m in sys.modules if not m.startswith('_')])
        self.write('\nEnter any module name to get more help.\n')


help = Helper()
