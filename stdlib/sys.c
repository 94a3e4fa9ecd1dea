/* sys.c: the sys module (argv, path, modules, the standard streams, exit, recursion limit,
 * version) and the stream objects behind sys.stdout/stderr/stdin, which write through the
 * host's output callbacks so an embedding application captures script output. */
#include <float.h>
#include <stdio.h>
#include <string.h>

#include "../vm/frame.h"
#include "builtins.h"
#include "modules.h"
#include "classes.h"
#include "io.h"

static Value stream_write(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    if (!arg_no_kw(I, "write", kwnames) || !arg_count(I, "write", argc, 2, 2)) return V_NULL;
    if (!is_str(I, argv[1]))
        return err_format(I, TY_TYPE_ERROR, "write() argument must be str, not %s",
                          type_name(I, argv[1]));
    Str *s = as_str(argv[1]);
    if (v_is(argv[0], I->sys_stderr))
        io_write_err(I, s->data, s->len);
    else if (v_is(argv[0], I->sys_stdout))
        io_write_out(I, s->data, s->len);
    else
        return err_format(I, TY_OS_ERROR, "not writable");
    return v_int((int64_t)s->nchars);
}

static Value stream_flush(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    if (v_is(argv[0], I->sys_stdout) && I->write_out) fflush(stdout);
    return V_NONE;
}

static Value stream_readline(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    StrBuf b;
    sb_init(&b);
    int c;
    if (!io_has_stdin(I))
        return err_format(I, TY_OS_ERROR, "stdin is not available in the sandbox");
    while ((c = io_read_byte(I)) >= 0) {
        sb_append_char(I, &b, (char)c);
        if (c == '\n') break;
    }
    if (c == IO_ERROR) {
        sb_free(I, &b);
        return V_NULL;
    }
    if (utf8_validate(b.data ? b.data : "", b.len) >= 0) {
        sb_free(I, &b);
        return err_format(I, TY_UNICODE_DECODE_ERROR, "'utf-8' codec can't decode input");
    }
    if (b.len == 0) {
        sb_free(I, &b);
        return v_obj(I->empty_str);
    }
    Str *s = sb_finish(I, &b);
    return s ? v_obj(s) : V_NULL;
}

static Value stream_read(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    StrBuf b;
    sb_init(&b);
    int c;
    if (!io_has_stdin(I))
        return err_format(I, TY_OS_ERROR, "stdin is not available in the sandbox");
    while ((c = io_read_byte(I)) >= 0)
        sb_append_char(I, &b, (char)c);
    if (c == IO_ERROR) {
        sb_free(I, &b);
        return V_NULL;
    }
    if (b.len == 0) {
        sb_free(I, &b);
        return v_obj(I->empty_str);
    }
    if (utf8_validate(b.data, b.len) >= 0) {
        sb_free(I, &b);
        return err_format(I, TY_UNICODE_DECODE_ERROR, "'utf-8' codec can't decode input");
    }
    Str *s = sb_finish(I, &b);
    return s ? v_obj(s) : V_NULL;
}

static Value stream_isatty(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    return V_FALSE;
}

static const MethodDef stream_methods[] = {
    {"write", stream_write, 0}, {"flush", stream_flush, 0},   {"readline", stream_readline, 0},
    {"read", stream_read, 0},   {"isatty", stream_isatty, 0}, {NULL, NULL, 0},
};

static Value make_stream_type(Interp *I) {
    Dict *ns = dict_new(I);
    if (!ns) return V_NULL;
    Str *tname = str_intern_cstr(I, "TextIOWrapper");
    Str *modname = str_intern_cstr(I, "io");
    if (!tname || !modname || dict_set_str(I, ns, I->names.module, v_obj(modname)) < 0)
        return V_NULL;
    /* io.TextIOBase: isinstance(sys.stdout, io.TextIOBase), and IOBase's methods */
    Type *base = io_make_text_base(I);
    Tuple *bases = base ? tuple_pack(I, 1, v_obj(base)) : NULL;
    if (!bases) return V_NULL;
    Type *t = type_new_heap(I, tname, bases, ns);
    if (!t) return V_NULL;
    for (const MethodDef *m = stream_methods; m->name; m++) {
        Value f = native_func_new(I, m->name, m->fn, 0, NULL);
        if (is_null(f)) return V_NULL;
        ((NativeFunc *)as_obj(f))->owner = t;
        Str *name = str_intern_cstr(I, m->name);
        if (!name || dict_set_str(I, t->tdict, name, f) < 0) return V_NULL;
    }
    return v_obj(t);
}

static Value sys_exit(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    if (!arg_no_kw(I, "exit", kwnames) || !arg_count(I, "exit", argc, 0, 1)) return V_NULL;
    if (I->sandbox)
        return err_format(I, TY_NOT_IMPLEMENTED_ERROR, "sys.exit is disabled in the sandbox");
    Value e = exc_new(I, I->types[TY_SYSTEM_EXIT], argc, argv);
    if (is_null(e)) return V_NULL;
    return err_set_value(I, e);
}

static Value sys_getrecursionlimit(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    if (!arg_no_kw(I, "getrecursionlimit", kwnames) ||
        !arg_count(I, "getrecursionlimit", argc, 0, 0))
        return V_NULL;
    return v_int(I->recursion_limit);
}

static Value sys_setrecursionlimit(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    if (!arg_no_kw(I, "setrecursionlimit", kwnames) ||
        !arg_count(I, "setrecursionlimit", argc, 1, 1))
        return V_NULL;
    if (is_float(argv[0]))
        return err_format(I, TY_TYPE_ERROR, "'float' object cannot be interpreted as an integer");
    int64_t n;
    if (obj_index(I, argv[0], &n) < 0) return V_NULL;
    if (n < 1)
        return err_format(I, TY_VALUE_ERROR, "recursion limit must be greater or equal than 1");
    if (n > 1000000) n = 1000000;
    /* a sandboxed script may lower the host's limit, not raise it */
    int host = I->config.recursion_limit > 0 ? I->config.recursion_limit : 1000;
    if (I->sandbox && n > host)
        return err_format(I, TY_VALUE_ERROR,
                          "the sandbox does not allow a recursion limit above the host's (%d)",
                          host);
    if (n <= I->recursion_depth)
        return err_format(I, TY_RECURSION_ERROR,
                          "cannot set the recursion limit to %lld at the recursion depth %d: "
                          "the limit is too low",
                          (long long)n, I->recursion_depth);
    I->recursion_limit = (int)n;
    return V_NONE;
}

static Value sys_exc_info(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    Obj *e = vm_handled_exception(I);
    Tuple *t;
    if (!e) {
        t = tuple_pack(I, 3, V_NONE, V_NONE, V_NONE);
    } else {
        ExcObj *x = (ExcObj *)e;
        t = tuple_pack(I, 3, v_obj(e->type), v_obj(e), x->traceback ? v_obj(x->traceback) : V_NONE);
    }
    return t ? v_obj(t) : V_NULL;
}

static Value sys_exception(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    Obj *e = vm_handled_exception(I);
    return e ? v_obj(e) : V_NONE;
}

static Value sys_intern(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    if (!arg_count(I, "intern", argc, 1, 1)) return V_NULL;
    if (!is_str(I, argv[0]))
        return err_format(I, TY_TYPE_ERROR, "intern() argument must be str, not %s",
                          type_name(I, argv[0]));
    Str *s = str_intern_str(I, as_str(argv[0]));
    return s ? v_obj(s) : V_NULL;
}

static Value sys_get_int_max_str_digits(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    return v_int(4300);
}

/* sys._getframe([depth]): frame snapshots (vm/traceback.c), for warnings' stacklevel and
 * traceback.extract_stack. */
static Value sys_getframe(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    if (!arg_no_kw(I, "_getframe", kwnames) || !arg_count(I, "_getframe", argc, 0, 1))
        return V_NULL;
    int64_t depth = 0;
    if (argc == 1) {
        if (!is_smallint(argv[0])) return err_format(I, TY_TYPE_ERROR, "an integer is required");
        depth = argv[0].as.i;
    }
    return frameobj_getframe(I, depth < 0 ? 0 : depth);
}

/* sys.implementation's class: attributes in the instance dict, CPython's
 * "namespace(name=..., ...)" repr. */
static Value ns_repr(Interp *I, int argc, Value *argv, Tuple *kw) {
    (void)argc, (void)kw;
    Dict **dp = obj_dict_ptr(I, argv[0]);
    StrBuf b;
    sb_init(&b);
    sb_append_cstr(I, &b, "namespace(");
    size_t pos = 0;
    Value k, v;
    bool first = true;
    while (dp && *dp && dict_next(*dp, &pos, &k, &v)) {
        if (!first) sb_append_cstr(I, &b, ", ");
        first = false;
        sb_append_str(I, &b, as_str(k));
        sb_append_char(I, &b, '=');
        if (!sb_append_repr(I, &b, v)) {
            sb_free(I, &b);
            return V_NULL;
        }
    }
    sb_append_char(I, &b, ')');
    Str *s = sb_finish(I, &b);
    return s ? v_obj(s) : V_NULL;
}

static const MethodDef namespace_methods[] = {
    {"__repr__", ns_repr, 0},
    {NULL, NULL, 0},
};

static bool ns_set(Interp *I, Value ns, const char *name, Value v) {
    Str *n = str_intern_cstr(I, name);
    return n && obj_setattr(I, ns, n, v) == 0;
}

/* sys.getsizeof: CPython 3.11's sizes (x86-64) for the core types, so scripts that print
 * them agree; __sizeof__ for classes defining it (plus CPython's 32 header bytes);
 * krait's own allocation size for the rest. */
static int64_t str_size(Str *s) {
    uint32_t maxcp = 0;
    const unsigned char *p = (const unsigned char *)s->data, *e = p + s->len;
    while (p < e) {
        unsigned char c = *p;
        uint32_t cp = c;
        int k = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
        if (k == 2) cp = ((c & 0x1Fu) << 6) | (p[1] & 0x3Fu);
        if (k == 3) cp = ((c & 0x0Fu) << 12) | ((p[1] & 0x3Fu) << 6) | (p[2] & 0x3Fu);
        if (k == 4) cp = 0x10000;
        if (cp > maxcp) maxcp = cp;
        p += k;
    }
    int64_t n = (int64_t)s->nchars;
    if (maxcp < 0x80) return 49 + n;
    if (maxcp < 0x100) return 73 + n;
    if (maxcp < 0x10000) return 74 + 2 * n;
    return 76 + 4 * n;
}

static Value sys_getsizeof(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"object", "default"};
    Value a[2];
    if (!arg_parse(I, "getsizeof", argc, argv, kw, names, 2, 1, 2, a)) return V_NULL;
    Value v = a[0];
    Type *t = type_of(I, v);
    Value f = type_lookup(I, t, str_intern_cstr(I, "__sizeof__"));
    if (!is_null(f)) {
        Value r = descr_call(I, f, v, 0, NULL, NULL);
        if (is_null(r)) {
            if (!is_null(a[1]) && err_matches(I, TY_TYPE_ERROR)) {
                err_clear(I);
                return a[1];
            }
            return V_NULL;
        }
        int64_t n;
        if (obj_index(I, r, &n) < 0) return V_NULL;
        if (n < 0) return err_format(I, TY_VALUE_ERROR, "__sizeof__() should return >= 0");
        /* CPython adds its GC header, and for classes the dict/weakref pre-header */
        return v_int(n + ((t->flags & TF_HEAPTYPE) ? 32 : 16));
    }
    if (v.tag == KR_TNONE) return v_int(16);
    if (v.tag == KR_TBOOL) return v_int(28);
    if (v.tag == KR_TFLOAT) return v_int(24);
    if (v.tag == KR_TINT) {
        uint64_t m = v.as.i < 0 ? 0 - (uint64_t)v.as.i : (uint64_t)v.as.i;
        int64_t digits = 0;
        while (m) {
            digits++;
            m >>= 30;
        }
        return v_int(24 + 4 * (digits ? digits : 1));
    }
    if (is_bigint(I, v)) return v_int(24 + 4 * (int64_t)((BigInt *)v.as.o)->ndigits);
    if (!is_obj(v)) return v_int(16);
    switch (t->id) {
    case TY_STR: return v_int(str_size(as_str(v)));
    case TY_BYTES: return v_int(33 + (int64_t)as_bytes(v)->len);
    case TY_TUPLE: return v_int(40 + 8 * (int64_t)as_tuple(v)->len);
    case TY_LIST: return v_int(56 + 8 * (int64_t)as_list(v)->cap);
    default: break;
    }
    return v_int((int64_t)t->instance_size + 16);
}

/* sys.set_asyncgen_hooks(firstiter=, finalizer=): vm/asyncgen.c calls firstiter at an async
 * generator's first iteration (asyncio registers it to aclose it at the end of run()). An
 * argument left out keeps its hook; None removes it. */
static Value sys_set_asyncgen_hooks(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    static const char *const names[] = {"firstiter", "finalizer"};
    Value o[2];
    if (!arg_parse(I, "set_asyncgen_hooks", argc, argv, kwnames, names, 2, 0, 2, o)) return V_NULL;
    for (int i = 0; i < 2; i++)
        if (!is_null(o[i]) && !is_none(o[i]) && !callable_check(I, o[i]))
            return err_format(I, TY_TYPE_ERROR, "callable %s expected, got %s", names[i],
                              type_name(I, o[i]));
    if (!is_null(o[0])) I->asyncgen_firstiter = o[0];
    if (!is_null(o[1])) I->asyncgen_finalizer = o[1];
    return V_NONE;
}

/* sys.get_asyncgen_hooks(): (firstiter, finalizer), a plain tuple (CPython's is a struct
 * sequence with those two names). */
static Value sys_get_asyncgen_hooks(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    if (!arg_no_kw(I, "get_asyncgen_hooks", kwnames) ||
        !arg_count(I, "get_asyncgen_hooks", argc, 0, 0))
        return V_NULL;
    Value a = is_null(I->asyncgen_firstiter) ? V_NONE : I->asyncgen_firstiter;
    Value b = is_null(I->asyncgen_finalizer) ? V_NONE : I->asyncgen_finalizer;
    Tuple *t = tuple_pack(I, 2, a, b);
    return t ? v_obj(t) : V_NULL;
}

static const MethodDef sys_functions[] = {
    {"set_asyncgen_hooks", sys_set_asyncgen_hooks, 0},
    {"get_asyncgen_hooks", sys_get_asyncgen_hooks, 0},
    {"getsizeof", sys_getsizeof, 0},
    {"_getframe", sys_getframe, 0},
    {"exit", sys_exit, 0},
    {"getrecursionlimit", sys_getrecursionlimit, 0},
    {"setrecursionlimit", sys_setrecursionlimit, 0},
    {"exc_info", sys_exc_info, 0},
    {"exception", sys_exception, 0},
    {"intern", sys_intern, 0},
    {"get_int_max_str_digits", sys_get_int_max_str_digits, 0},
    {NULL, NULL, 0},
};

/* sys's entries made at their first lookup (hooks.sys_fill, vm/module_lazy.c): the three
 * streams (their class, and io's IOBase and TextIOBase under it), version_info, float_info
 * and implementation were ~60 KB of a fresh interpreter's ~127 KB, and few scripts read
 * them. Each group is made once, as a whole, when one of its names is looked up (print()
 * looks up sys.stdout); a name already in the dict (a script's sys.stdout = ...) stays. */
enum { SYS_STREAMS = 1, SYS_VERSION_INFO = 2, SYS_FLOAT_INFO = 4, SYS_IMPLEMENTATION = 8 };
static const struct {
    const char *name;
    unsigned group;
} sys_lazy_names[] = {
    {"stdout", SYS_STREAMS},
    {"stderr", SYS_STREAMS},
    {"stdin", SYS_STREAMS},
    {"__stdout__", SYS_STREAMS},
    {"__stderr__", SYS_STREAMS},
    {"__stdin__", SYS_STREAMS},
    {"version_info", SYS_VERSION_INFO},
    {"float_info", SYS_FLOAT_INFO},
    {"implementation", SYS_IMPLEMENTATION},
};
static const char *const vinfo_fields[] = {"major",        "minor",  "micro",
                                           "releaselevel", "serial", NULL};

/* sys.NAME = v unless the dict has NAME already. */
static bool sys_set_new(Interp *I, const char *name, Value v) {
    Str *n = str_intern_cstr(I, name);
    if (!n) return false;
    return !is_null(dict_get_str(I->sys->dict, n)) || dict_set_str(I, I->sys->dict, n, v) >= 0;
}

static bool make_streams(Interp *I) {
    Value st = make_stream_type(I);
    if (is_null(st)) return false;
    Type *stream_type = (Type *)as_obj(st);
    Value out = object_alloc(I, stream_type), err = object_alloc(I, stream_type),
          in = object_alloc(I, stream_type);
    if (is_null(out) || is_null(err) || is_null(in)) return false;
    I->sys_stdout = out;
    I->sys_stderr = err;
    I->sys_stdin = in;
    return sys_set_new(I, "stdout", out) && sys_set_new(I, "stderr", err) &&
           sys_set_new(I, "stdin", in) && sys_set_new(I, "__stdout__", out) &&
           sys_set_new(I, "__stderr__", err) && sys_set_new(I, "__stdin__", in);
}

static bool make_version_info(Interp *I) {
    Str *final = str_from_cstr(I, "final");
    Type *vtype = final ? structseq_new_type(I, "version_info", "sys", vinfo_fields) : NULL;
    if (!vtype) return false;
    Value vitems[] = {v_int(3), v_int(11), v_int(0), v_obj(final), v_int(0)};
    Value vinfo = structseq_make(I, vtype, vitems, 5);
    return !is_null(vinfo) && sys_set_new(I, "version_info", vinfo);
}

static bool make_float_info(Interp *I) {
    static const char *const finfo_fields[] = {"max",     "max_exp",    "max_10_exp", "min",
                                               "min_exp", "min_10_exp", "dig",        "mant_dig",
                                               "epsilon", "radix",      "rounds",     NULL};
    Type *ftype = structseq_new_type(I, "float_info", "sys", finfo_fields);
    if (!ftype) return false;
    Value fitems[] = {v_float(DBL_MAX),
                      v_int(DBL_MAX_EXP),
                      v_int(DBL_MAX_10_EXP),
                      v_float(DBL_MIN),
                      v_int(DBL_MIN_EXP),
                      v_int(DBL_MIN_10_EXP),
                      v_int(DBL_DIG),
                      v_int(DBL_MANT_DIG),
                      v_float(DBL_EPSILON),
                      v_int(FLT_RADIX),
                      v_int(1)};
    Value finfo = structseq_make(I, ftype, fitems, 11);
    return !is_null(finfo) && sys_set_new(I, "float_info", finfo);
}

/* sys.implementation: a types.SimpleNamespace-like record */
static bool make_implementation(Interp *I) {
    Type *nst = stdlib_make_class(I, "SimpleNamespace", "types", namespace_methods);
    Value impl = nst ? object_alloc(I, nst) : V_NULL;
    Str *final = str_from_cstr(I, "final");
    Type *itype = final ? structseq_new_type(I, "version_info", "sys", vinfo_fields) : NULL;
    Value iitems[] = {v_int(KR_VERSION_MAJOR), v_int(KR_VERSION_MINOR), v_int(KR_VERSION_PATCH),
                      final ? v_obj(final) : V_NONE, v_int(0)};
    Value iver = itype ? structseq_make(I, itype, iitems, 5) : V_NULL;
    Str *kname = str_from_cstr(I, "krait");
    return !is_null(impl) && !is_null(iver) && kname && ns_set(I, impl, "name", v_obj(kname)) &&
           ns_set(I, impl, "cache_tag", V_NONE) && ns_set(I, impl, "version", iver) &&
           ns_set(I, impl, "hexversion",
                  v_int(KR_VERSION_MAJOR << 24 | KR_VERSION_MINOR << 16 | KR_VERSION_PATCH << 8 |
                        0xf0)) &&
           sys_set_new(I, "implementation", impl);
}

/* Group g, marked made; after a failure it is not (a later lookup tries again) unless the
 * streams were published already (I->sys_stdout: print() compares with it). */
static bool make_group(Interp *I, unsigned g) {
    I->lazy_sys_made |= g;
    bool ok;
    switch (g) {
    case SYS_STREAMS: ok = make_streams(I); break;
    case SYS_VERSION_INFO: ok = make_version_info(I); break;
    case SYS_FLOAT_INFO: ok = make_float_info(I); break;
    default: ok = make_implementation(I); break;
    }
    if (!ok && (g != SYS_STREAMS || is_none(I->sys_stdout))) I->lazy_sys_made &= ~g;
    return ok;
}

int sys_lazy_fill(Interp *I, Str *name) {
    for (size_t i = 0; i < sizeof sys_lazy_names / sizeof sys_lazy_names[0]; i++) {
        unsigned g = sys_lazy_names[i].group;
        if (name && strcmp(name->data, sys_lazy_names[i].name) != 0) continue;
        if (I->lazy_sys_made & g) {
            if (name) return 0;
            continue;
        }
        if (!make_group(I, g)) return -1;
        if (name) return 1;
    }
    return name ? 0 : 1;
}

bool sys_streams_ensure(Interp *I) {
    return (I->lazy_sys_made & SYS_STREAMS) || make_group(I, SYS_STREAMS);
}

Module *sys_module_create(Interp *I) {
    Module *m = module_new(I, str_intern_cstr(I, "sys"));
    if (!m || module_add_functions(I, m, sys_functions) < 0) return NULL;
    Str *version = str_from_cstr(I, "3.11.0 (krait " KR_VERSION_STRING ")");
    Str *platform = str_from_cstr(I, "linux");
    Str *byteorder = str_from_cstr(I, "little");
    Str *executable = str_from_cstr(I, "krait");
    if (!version || !platform || !byteorder || !executable) return NULL;
    Tuple *builtin_names = tuple_new(I, 0);
    if (!builtin_names) return NULL;
    struct {
        const char *name;
        Value v;
    } attrs[] = {
        {"argv", v_obj(I->sys_argv)},      {"path", v_obj(I->sys_path)},
        {"modules", v_obj(I->modules)},    {"version", v_obj(version)},
        {"hexversion", v_int(0x030b00f0)}, {"platform", v_obj(platform)},
        {"byteorder", v_obj(byteorder)},   {"executable", v_obj(executable)},
        {"maxsize", v_int(INT64_MAX)},     {"builtin_module_names", v_obj(builtin_names)},
    };
    for (size_t i = 0; i < sizeof attrs / sizeof attrs[0]; i++)
        if (module_set(I, m, attrs[i].name, attrs[i].v) < 0) return NULL;
    I->lazy_sys = m->dict;
    return m;
}
