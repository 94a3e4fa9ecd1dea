/* functools.c: the functools module. reduce and the lookup path of lru_cache (the
 * wrapper's __call__) are native; partial, wraps/update_wrapper, total_ordering,
 * cmp_to_key, cached_property and the lru_cache decorator's set-up are Python source run
 * at module creation.
 *
 * An lru_cache wrapper keeps its state in its instance dict as the list
 * [func, cache, hits, misses, maxsize, typed]. The cache is a dict used in insertion order
 * as the recency list: a hit moves its key to the end, and a full cache evicts the first
 * key, so no separate linked list is needed. */
#include <string.h>

#include "collections_deque.h"
#include "classes.h"

static const char functools_frozen_src[] =
    "from collections import namedtuple as _namedtuple\n"
    "\n"
    "_CacheInfo = _namedtuple('CacheInfo', ['hits', 'misses', 'maxsize', 'currsize'],\n"
    "                         module='functools')\n"
    "\n"
    "WRAPPER_ASSIGNMENTS = ('__module__', '__name__', '__qualname__', '__doc__',\n"
    "                       '__annotations__')\n"
    "WRAPPER_UPDATES = ('__dict__',)\n"
    "\n"
    "\n"
    "def update_wrapper(wrapper, wrapped, assigned=WRAPPER_ASSIGNMENTS, updated=WRAPPER_UPDATES):\n"
    "    for attr in assigned:\n"
    "        try:\n"
    "            value = getattr(wrapped, attr)\n"
    "        except AttributeError:\n"
    "            pass\n"
    "        else:\n"
    "            setattr(wrapper, attr, value)\n"
    "    for attr in updated:\n"
    "        try:\n"
    "            getattr(wrapper, attr).update(getattr(wrapped, attr, {}))\n"
    "        except AttributeError:\n"
    "            pass\n"
    "    wrapper.__wrapped__ = wrapped\n"
    "    return wrapper\n"
    "\n"
    "\n"
    "def wraps(wrapped, assigned=WRAPPER_ASSIGNMENTS, updated=WRAPPER_UPDATES):\n"
    "    return partial(update_wrapper, wrapped=wrapped, assigned=assigned, updated=updated)\n"
    "\n"
    "\n"
    "class partial:\n"
    "    __module__ = 'functools'\n"
    "\n"
    "    def __init__(self, func, *args, **keywords):\n"
    "        if not callable(func):\n"
    "            raise TypeError('the first argument must be callable')\n"
    "        if isinstance(func, partial):\n"
    "            args = func.args + args\n"
    "            keywords = {**func.keywords, **keywords}\n"
    "            func = func.func\n"
    "        self.func = func\n"
    "        self.args = args\n"
    "        self.keywords = keywords\n"
    "\n"
    "    def __call__(self, *args, **keywords):\n"
    "        keywords = {**self.keywords, **keywords}\n"
    "        return self.func(*self.args, *args, **keywords)\n"
    "\n"
    "    def __repr__(self):\n"
    "        args = [repr(self.func)]\n"
    "        args.extend(repr(x) for x in self.args)\n"
    "        args.extend('%s=%r' % (k, v) for (k, v) in self.keywords.items())\n"
    "        return '%s.%s(%s)' % (type(self).__module__, type(self).__qualname__, ', "
    "'.join(args))\n"
    "\n"
    "    def __get__(self, obj, objtype=None):\n"
    "        return self\n"
    "\n"
    "\n"
    "def cmp_to_key(mycmp):\n"
    "    class K(object):\n"
    "        __slots__ = ['obj']\n"
    "\n"
    "        def __init__(self, obj):\n"
    "            self.obj = obj\n"
    "\n"
    "        def __lt__(self, other):\n"
    "            return mycmp(self.obj, other.obj) < 0\n"
    "\n"
    "        def __gt__(self, other):\n"
    "            return mycmp(self.obj, other.obj) > 0\n"
    "\n"
    "        def __eq__(self, other):\n"
    "            return mycmp(self.obj, other.obj) == 0\n"
    "\n"
    "        def __le__(self, other):\n"
    "            return mycmp(self.obj, other.obj) <= 0\n"
    "\n"
    "        def __ge__(self, other):\n"
    "            return mycmp(self.obj, other.obj) >= 0\n"
    "\n"
    "        __hash__ = None\n"
    "    return K\n"
    "\n"
    "\n"
    "def _gt_from_lt(self, other):\n"
    "    op_result = type(self).__lt__(self, other)\n"
    "    if op_result is NotImplemented:\n"
    "        return op_result\n"
    "    return not op_result and self != other\n"
    "\n"
    "\n"
    "def _le_from_lt(self, other):\n"
    "    op_result = type(self).__lt__(self, other)\n"
    "    if op_result is NotImplemented:\n"
    "        return op_result\n"
    "    return op_result or self == other\n"
    "\n"
    "\n"
    "def _ge_from_lt(self, other):\n"
    "    op_result = type(self).__lt__(self, other)\n"
    "    if op_result is NotImplemented:\n"
    "        return op_result\n"
    "    return not op_result\n"
    "\n"
    "\n"
    "def _ge_from_le(self, other):\n"
    "    op_result = type(self).__le__(self, other)\n"
    "    if op_result is NotImplemented:\n"
    "        return op_result\n"
    "    return not op_result or self == other\n"
    "\n"
    "\n"
    "def _lt_from_le(self, other):\n"
    "    op_result = type(self).__le__(self, other)\n"
    "    if op_result is NotImplemented:\n"
    "        return op_result\n"
    "    return op_result and self != other\n"
    "\n"
    "\n"
    "def _gt_from_le(self, other):\n"
    "    op_result = type(self).__le__(self, other)\n"
    "    if op_result is NotImplemented:\n"
    "        return op_result\n"
    "    return not op_result\n"
    "\n"
    "\n"
    "def _lt_from_gt(self, other):\n"
    "    op_result = type(self).__gt__(self, other)\n"
    "    if op_result is NotImplemented:\n"
    "        return op_result\n"
    "    return not op_result and self != other\n"
    "\n"
    "\n"
    "def _ge_from_gt(self, other):\n"
    "    op_result = type(self).__gt__(self, other)\n"
    "    if op_result is NotImplemented:\n"
    "        return op_result\n"
    "    return op_result or self == other\n"
    "\n"
    "\n"
    "def _le_from_gt(self, other):\n"
    "    op_result = type(self).__gt__(self, other)\n"
    "    if op_result is NotImplemented:\n"
    "        return op_result\n"
    "    return not op_result\n"
    "\n"
    "\n"
    "def _le_from_ge(self, other):\n"
    "    op_result = type(self).__ge__(self, other)\n"
    "    if op_result is NotImplemented:\n"
    "        return op_result\n"
    "    return not op_result or self == other\n"
    "\n"
    "\n"
    "def _gt_from_ge(self, other):\n"
    "    op_result = type(self).__ge__(self, other)\n"
    "    if op_result is NotImplemented:\n"
    "        return op_result\n"
    "    return op_result and self != other\n"
    "\n"
    "\n"
    "def _lt_from_ge(self, other):\n"
    "    op_result = type(self).__ge__(self, other)\n"
    "    if op_result is NotImplemented:\n"
    "        return op_result\n"
    "    return not op_result\n"
    "\n"
    "\n"
    "_convert = {\n"
    "    '__lt__': [('__gt__', _gt_from_lt), ('__le__', _le_from_lt), ('__ge__', _ge_from_lt)],\n"
    "    '__le__': [('__ge__', _ge_from_le), ('__lt__', _lt_from_le), ('__gt__', _gt_from_le)],\n"
    "    '__gt__': [('__lt__', _lt_from_gt), ('__ge__', _ge_from_gt), ('__le__', _le_from_gt)],\n"
    "    '__ge__': [('__le__', _le_from_ge), ('__gt__', _gt_from_ge), ('__lt__', _lt_from_ge)],\n"
    "}\n"
    "\n"
    "\n"
    "def total_ordering(cls):\n"
    "    roots = [op for op in ('__lt__', '__le__', '__gt__', '__ge__')\n"
    "             if getattr(cls, op, None) is not getattr(object, op, None)]\n"
    "    if not roots:\n"
    "        raise ValueError('must define at least one ordering operation: < > <= >=')\n"
    "    root = max(roots)\n"
    "    for opname, opfunc in _convert[root]:\n"
    "        if opname not in roots:\n"
    "            opfunc.__name__ = opname\n"
    "            setattr(cls, opname, opfunc)\n"
    "    return cls\n"
    "\n"
    "\n"
    "class _lru_cache_wrapper:\n"
    "    # __call__ is native (functools.c); _state is [func, cache, hits, misses, maxsize, "
    "typed]\n"
    "    __module__ = 'functools'\n"
    "\n"
    "    def cache_info(self):\n"
    "        s = self._state\n"
    "        return _CacheInfo(s[2], s[3], s[4], len(s[1]))\n"
    "\n"
    "    def cache_clear(self):\n"
    "        s = self._state\n"
    "        s[1].clear()\n"
    "        s[2] = 0\n"
    "        s[3] = 0\n"
    "\n"
    "    def cache_parameters(self):\n"
    "        return {'maxsize': self._state[4], 'typed': self._state[5]}\n"
    "\n"
    "    def __get__(self, obj, objtype=None):\n"
    "        if obj is None:\n"
    "            return self\n"
    "        return partial(self, obj)\n"
    "\n"
    "\n"
    "def _make_lru_wrapper(user_function, maxsize, typed):\n"
    "    wrapper = _lru_cache_wrapper()\n"
    "    wrapper._state = [user_function, {}, 0, 0, maxsize, typed]\n"
    "    return update_wrapper(wrapper, user_function)\n"
    "\n"
    "\n"
    "def lru_cache(maxsize=128, typed=False):\n"
    "    if isinstance(maxsize, int):\n"
    "        if maxsize < 0:\n"
    "            maxsize = 0\n"
    "    elif callable(maxsize) and isinstance(typed, bool):\n"
    "        return _make_lru_wrapper(maxsize, 128, typed)\n"
    "    elif maxsize is not None:\n"
    "        raise TypeError('Expected first argument to be an integer, a callable, or None')\n"
    "\n"
    "    def decorating_function(user_function):\n"
    "        return _make_lru_wrapper(user_function, maxsize, typed)\n"
    "    return decorating_function\n"
    "\n"
    "\n"
    "def cache(user_function):\n"
    "    return lru_cache(maxsize=None)(user_function)\n"
    "\n"
    "\n"
    "class cached_property:\n"
    "    __module__ = 'functools'\n"
    "\n"
    "    def __init__(self, func):\n"
    "        self.func = func\n"
    "        self.attrname = None\n"
    "        self.__doc__ = func.__doc__\n"
    "\n"
    "    def __set_name__(self, owner, name):\n"
    "        if self.attrname is None:\n"
    "            self.attrname = name\n"
    "        elif name != self.attrname:\n"
    "            raise TypeError('Cannot assign the same cached_property to two different names '\n"
    "                            '(%r and %r).' % (self.attrname, name))\n"
    "\n"
    "    def __get__(self, instance, owner=None):\n"
    "        if instance is None:\n"
    "            return self\n"
    "        if self.attrname is None:\n"
    "            raise TypeError('Cannot use cached_property instance without calling '\n"
    "                            '__set_name__ on it.')\n"
    "        cache = instance.__dict__\n"
    "        if self.attrname in cache:\n"
    "            return cache[self.attrname]\n"
    "        val = self.func(instance)\n"
    "        cache[self.attrname] = val\n"
    "        return val\n"
    "\n";

static Value functools_reduce(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    if (!arg_no_kw(I, "reduce", kwnames) || !arg_count(I, "reduce", argc, 2, 3)) return V_NULL;
    Value it = obj_iter(I, argv[1]);
    if (is_null(it)) {
        if (err_matches(I, TY_TYPE_ERROR)) {
            err_clear(I);
            return err_format(I, TY_TYPE_ERROR, "reduce() arg 2 must support iteration");
        }
        return V_NULL;
    }
    if (!gc_temp_push(I, it)) return V_NULL;
    Value acc = argc == 3 ? argv[2] : V_NULL;
    for (;;) {
        Value x;
        int got = obj_next_item(I, it, &x);
        if (got < 0) return V_NULL;
        if (got == 0) break;
        if (is_null(acc)) {
            acc = x;
            continue;
        }
        Value args[2] = {acc, x};
        acc = obj_call(I, argv[0], 2, args, NULL);
        if (is_null(acc) || !gc_temp_push(I, acc)) return V_NULL;
    }
    if (is_null(acc))
        return err_format(I, TY_TYPE_ERROR, "reduce() of empty iterable with no initial value");
    return acc;
}

enum { LRU_FUNC, LRU_CACHE, LRU_HITS, LRU_MISSES, LRU_MAXSIZE, LRU_TYPED, LRU__COUNT };

/* The cache key, as functools._make_key: a lone str or int argument is its own key;
 * otherwise a tuple of the positional arguments, then a marker and the keyword pairs, then
 * (typed) the argument types. The marker is the wrapper class, unique and hashable. */
static Value lru_make_key(Interp *I, Value marker, int argc, Value *argv, Tuple *kwnames,
                          bool typed) {
    size_t nkw = kwnames ? kwnames->len : 0;
    if (nkw == 0 && argc == 1 && !typed &&
        (is_smallint(argv[0]) || (is_obj(argv[0]) && (as_obj(argv[0])->type == I->types[TY_STR] ||
                                                      as_obj(argv[0])->type == I->types[TY_INT]))))
        return argv[0];
    size_t n = (size_t)argc + (nkw ? 1 + 2 * nkw : 0);
    if (typed) n += (size_t)argc + nkw;
    Tuple *t = tuple_new(I, n);
    if (!t) return V_NULL;
    size_t k = 0;
    for (int i = 0; i < argc; i++)
        t->items[k++] = argv[i];
    if (nkw) {
        t->items[k++] = marker;
        for (size_t i = 0; i < nkw; i++) {
            t->items[k++] = kwnames->items[i];
            t->items[k++] = argv[argc + (int)i];
        }
    }
    if (typed) {
        for (int i = 0; i < argc; i++)
            t->items[k++] = v_obj(type_of(I, argv[i]));
        for (size_t i = 0; i < nkw; i++)
            t->items[k++] = v_obj(type_of(I, argv[argc + (int)i]));
    }
    return v_obj(t);
}

static Value lru_call(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    Dict **dp = obj_dict_ptr(I, argv[0]);
    Str *skey = str_intern_cstr(I, "_state");
    Value sv = (dp && *dp && skey) ? dict_get_str(*dp, skey) : V_NULL;
    if (is_null(sv) || !is_instance(I, sv, I->types[TY_LIST]) || as_list(sv)->len != LRU__COUNT ||
        !is_dict(I, as_list(sv)->items[LRU_CACHE]))
        return err_format(I, TY_TYPE_ERROR, "lru_cache wrapper is not initialized");
    List *st = as_list(sv);
    Value func = st->items[LRU_FUNC];
    Value maxsize = st->items[LRU_MAXSIZE];
    if (is_smallint(maxsize) && maxsize.as.i == 0) {
        Value misses = obj_binop(I, st->items[LRU_MISSES], v_int(1), BIN_ADD);
        if (is_null(misses)) return V_NULL;
        st->items[LRU_MISSES] = misses;
        return obj_call(I, func, argc - 1, argv + 1, kwnames);
    }
    int typed = obj_truthy(I, st->items[LRU_TYPED]);
    if (typed < 0) return V_NULL;
    Value key = lru_make_key(I, v_obj(type_of(I, argv[0])), argc - 1, argv + 1, kwnames, typed);
    if (is_null(key) || !gc_temp_push(I, key)) return V_NULL;
    Dict *cache = as_dict(st->items[LRU_CACHE]);
    Value result;
    int r = dict_get(I, cache, key, &result);
    if (r < 0) return V_NULL;
    if (r) {
        Value h = obj_binop(I, st->items[LRU_HITS], v_int(1), BIN_ADD);
        if (is_null(h)) return V_NULL;
        st->items[LRU_HITS] = h;
        if (!is_none(maxsize) &&
            (dict_del(I, cache, key) < 0 || dict_set(I, cache, key, result) < 0))
            return V_NULL;
        return result;
    }
    Value m = obj_binop(I, st->items[LRU_MISSES], v_int(1), BIN_ADD);
    if (is_null(m)) return V_NULL;
    st->items[LRU_MISSES] = m;
    result = obj_call(I, func, argc - 1, argv + 1, kwnames);
    if (is_null(result) || !gc_temp_push(I, result)) return V_NULL;
    if (is_smallint(maxsize) && (int64_t)cache->len >= maxsize.as.i) {
        size_t pos = 0;
        Value oldest, ignored;
        if (dict_next(cache, &pos, &oldest, &ignored) && dict_del(I, cache, oldest) < 0)
            return V_NULL;
    }
    if (dict_set(I, cache, key, result) < 0) return V_NULL;
    return result;
}

static const MethodDef lru_wrapper_methods[] = {
    {"__call__", lru_call, 0},
    {NULL, NULL, 0},
};

static const MethodDef functools_functions[] = {
    {"reduce", functools_reduce, 0},
    {NULL, NULL, 0},
};

Module *functools_module_create(Interp *I) {
    Module *m = module_new(I, str_intern_cstr(I, "functools"));
    if (!m || module_add_functions(I, m, functools_functions) < 0) return NULL;
    Value r = vm_exec_source(I, functools_frozen_src, sizeof functools_frozen_src - 1,
                             "<frozen functools>", m->dict, EXEC_FILE);
    if (is_null(r)) return NULL;
    if (!module_class_add_native_methods(I, m, "_lru_cache_wrapper", lru_wrapper_methods))
        return NULL;
    return m;
}
