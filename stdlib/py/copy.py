"""copy for krait: shallow and deep copies (copy, deepcopy with a memo, __copy__,
__deepcopy__, __getstate__/__setstate__, __reduce_ex__ where a class defines it), written
from the documented behaviour (docs.python.org/3.11/library/copy.html)."""

__all__ = ["Error", "copy", "deepcopy"]


class Error(Exception):
    pass


error = Error

_atomic = (type(None), int, float, bool, complex if "complex" in dir(__builtins__) else int,
           str, bytes, type, range, type(len), type(Ellipsis), type(NotImplemented),
           type(lambda: None), property)


def _is_atomic(x):
    cls = type(x)
    if cls in _atomic:
        return True
    return isinstance(x, type)


def copy(x):
    """A shallow copy of x."""
    cls = type(x)
    if _is_atomic(x) or cls in (tuple, frozenset):
        return x
    if cls in (list, dict, set, bytearray):
        return cls.copy(x)
    copier = getattr(cls, "__copy__", None)
    if copier is not None:
        return copier(x)
    reductor = getattr(cls, "__reduce_ex__", None)
    if reductor is not None and reductor is not getattr(object, "__reduce_ex__", None):
        return _reconstruct(x, None, *reductor(x, 4))
    return _copy_instance(x, cls, None)


def _get_state(x):
    getstate = getattr(x, "__getstate__", None)
    if getstate is not None:
        return getstate()
    return getattr(x, "__dict__", None)


def _set_state(y, state, memo):
    if state is None:
        return
    if memo is not None:
        state = deepcopy(state, memo)
    setstate = getattr(y, "__setstate__", None)
    if setstate is not None:
        setstate(state)
        return
    slotstate = None
    if isinstance(state, tuple) and len(state) == 2:
        state, slotstate = state
    if state:
        y.__dict__.update(state)
    if slotstate:
        for k, v in slotstate.items():
            setattr(y, k, v)


def _copy_instance(x, cls, memo):
    if isinstance(x, BaseException):
        y = cls.__new__(cls, *x.args)
    elif isinstance(x, (list, dict, set, tuple)):
        # a subclass of a builtin container: copy the items too
        if isinstance(x, dict):
            y = cls.__new__(cls)
            dict.update(y, {k if memo is None else deepcopy(k, memo):
                            v if memo is None else deepcopy(v, memo) for k, v in x.items()})
        elif isinstance(x, tuple):
            items = tuple(x) if memo is None else tuple(deepcopy(v, memo) for v in x)
            y = tuple.__new__(cls, items)
        else:
            y = cls.__new__(cls)
            items = list(x) if memo is None else [deepcopy(v, memo) for v in x]
            if isinstance(x, list):
                list.extend(y, items)
            else:
                set.update(y, items)
    else:
        try:
            y = cls.__new__(cls)
        except TypeError:
            raise Error("un(deep)copyable object of type " + repr(cls)) from None
    if memo is not None:
        memo[id(x)] = y
    _set_state(y, _get_state(x), memo)
    return y


def deepcopy(x, memo=None, _nil=[]):
    """A deep copy of x; memo maps id(original) to its copy (shared and cyclic parts are
    copied once)."""
    if memo is None:
        memo = {}
    d = id(x)
    y = memo.get(d, _nil)
    if y is not _nil:
        return y
    cls = type(x)
    if _is_atomic(x):
        return x
    if cls is list:
        y = []
        memo[d] = y
        for a in x:
            y.append(deepcopy(a, memo))
    elif cls is dict:
        y = {}
        memo[d] = y
        for k, v in x.items():
            y[deepcopy(k, memo)] = deepcopy(v, memo)
    elif cls is tuple:
        items = [deepcopy(a, memo) for a in x]
        # a tuple that contains itself is the copy made inside
        if d in memo:
            return memo[d]
        y = x if all(a is b for a, b in zip(items, x)) else tuple(items)
    elif cls in (set, frozenset):
        y = cls(deepcopy(a, memo) for a in x)
    elif cls is bytearray:
        y = bytearray(x)
    else:
        copier = getattr(x, "__deepcopy__", None)
        if copier is not None:
            y = copier(memo)
        else:
            reductor = getattr(cls, "__reduce_ex__", None)
            if reductor is not None and reductor is not getattr(object, "__reduce_ex__", None):
                y = _reconstruct(x, memo, *reductor(x, 4))
            else:
                y = _copy_instance(x, cls, memo)
    if y is not x:
        memo[d] = y
        _keep_alive(x, memo)
    return y


def _keep_alive(x, memo):
    try:
        memo[id(memo)].append(x)
    except KeyError:
        memo[id(memo)] = [x]


def _reconstruct(x, memo, func, args, state=None, listiter=None, dictiter=None, *rest):
    deep = memo is not None
    if deep and args:
        args = tuple(deepcopy(a, memo) for a in args)
    y = func(*args)
    if deep:
        memo[id(x)] = y
    if state is not None:
        _set_state(y, state, memo)
    if listiter is not None:
        for item in listiter:
            y.append(deepcopy(item, memo) if deep else item)
    if dictiter is not None:
        for key, value in dictiter:
            if deep:
                key, value = deepcopy(key, memo), deepcopy(value, memo)
            y[key] = value
    return y
