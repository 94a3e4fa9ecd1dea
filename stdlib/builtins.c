/* builtins.c: the builtins module: its functions that are not types (print, len, repr,
 * getattr, isinstance, ...), and the assembly of the module from the builtin types and
 * exceptions. Functions over iterables (min, max, sum, sorted, any, all) are in
 * builtins_iter.c; numeric ones (abs, round, divmod, pow, hex, ...) in builtins_num.c. */
#include <stdio.h>
#include <string.h>

#include "builtins.h"
#include "io.h"
#include "../vm/buffer.h"
#include "../vm/frame.h"

/* print() to a file object other than the default streams: one write() per argument,
 * separator and end, as CPython (a class's write sees each piece), then flush(). */
static Value print_to(Interp *I, int argc, Value *argv, Str *sep, Str *end, Value file,
                      Value flush) {
    Str *space = sep ? sep : str_intern_cstr(I, " ");
    Str *nl = end ? end : str_intern_cstr(I, "\n");
    if (!space || !nl) return V_NULL;
    for (int i = 0; i < argc; i++) {
        Value piece = v_obj(space);
        if (i && is_null(obj_call_method(I, file, I->names.write, 1, &piece))) return V_NULL;
        piece = obj_str(I, argv[i]); /* a str subclass may define __str__ */
        if (is_null(piece) || is_null(obj_call_method(I, file, I->names.write, 1, &piece)))
            return V_NULL;
    }
    Value e = v_obj(nl);
    if (is_null(obj_call_method(I, file, I->names.write, 1, &e))) return V_NULL;
    if (!is_null(flush)) {
        int fl = obj_truthy(I, flush);
        if (fl < 0) return V_NULL;
        if (fl && is_null(obj_call_method(I, file, I->names.flush, 0, NULL))) return V_NULL;
    }
    return V_NONE;
}

static Value bi_print(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    static const char *const names[] = {"sep", "end", "file", "flush"};
    Value kw[4] = {V_NULL, V_NULL, V_NULL, V_NULL};
    int nkw = kwnames ? (int)kwnames->len : 0;
    for (int i = 0; i < nkw; i++) {
        Str *k = as_str(kwnames->items[i]);
        int j = 0;
        while (j < 4 && strcmp(k->data, names[j]) != 0)
            j++;
        if (j == 4)
            return err_format(I, TY_TYPE_ERROR, "'%s' is an invalid keyword argument for print()",
                              k->data);
        kw[j] = argv[argc + i];
    }
    for (int j = 0; j < 2; j++) {
        if (!is_null(kw[j]) && !is_none(kw[j]) && !is_str(I, kw[j]))
            return err_format(I, TY_TYPE_ERROR, "%s must be None or a string, not %s", names[j],
                              type_name(I, kw[j]));
    }
    Str *sep = (is_null(kw[0]) || is_none(kw[0])) ? NULL : as_str(kw[0]);
    Str *end = (is_null(kw[1]) || is_none(kw[1])) ? NULL : as_str(kw[1]);
    Value file = kw[2];
    if (is_null(file) || is_none(file)) {
        /* print() writes to whatever sys.stdout is now, as CPython does. */
        Str *key = str_intern_cstr(I, "stdout");
        file = key ? module_lazy_get(I, I->sys->dict, key) : V_NULL;
        if (is_null(file) || is_none(file)) return V_NONE;
    }
    bool direct = v_is(file, I->sys_stdout);
    bool to_err = v_is(file, I->sys_stderr);
    if (!direct && !to_err) return print_to(I, argc, argv, sep, end, file, kw[3]);

    StrBuf b;
    sb_init(&b);
    for (int i = 0; i < argc; i++) {
        if (i) {
            if (sep)
                sb_append_str(I, &b, sep);
            else
                sb_append_char(I, &b, ' ');
        }
        Value s = obj_str(I, argv[i]); /* a str subclass may define __str__ */
        if (is_null(s)) {
            sb_free(I, &b);
            return V_NULL;
        }
        sb_append_str(I, &b, as_str(s));
    }
    if (end)
        sb_append_str(I, &b, end);
    else
        sb_append_char(I, &b, '\n');
    if (b.failed) {
        sb_free(I, &b);
        return V_NULL;
    }
    if (to_err)
        io_write_err(I, b.data, b.len);
    else
        io_write_out(I, b.data, b.len);
    sb_free(I, &b);
    return V_NONE;
}

static bool exactly_one(Interp *I, const char *name, int argc, Tuple *kwnames) {
    if (kwnames && kwnames->len)
        return err_format(I, TY_TYPE_ERROR, "%s() takes no keyword arguments", name), false;
    if (argc != 1)
        return err_format(I, TY_TYPE_ERROR, "%s() takes exactly one argument (%d given)", name,
                          argc),
               false;
    return true;
}

static Value bi_len(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    if (!exactly_one(I, "len", argc, kwnames)) return V_NULL;
    int64_t n = obj_len(I, argv[0]);
    return n < 0 ? V_NULL : v_int(n);
}

static Value bi_repr(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    if (!exactly_one(I, "repr", argc, kwnames)) return V_NULL;
    return obj_repr(I, argv[0]);
}

static Value bi_ascii(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    if (!exactly_one(I, "ascii", argc, kwnames)) return V_NULL;
    return obj_ascii(I, argv[0]);
}

static Value bi_id(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    if (!exactly_one(I, "id", argc, kwnames)) return V_NULL;
    Value v = argv[0];
    if (is_obj(v)) return int_from_u64(I, (uint64_t)(uintptr_t)as_obj(v));
    /* Immediates have no address; a stable stand-in derived from tag and payload keeps
     * `id(a) == id(b)` consistent with `a is b`. */
    return int_from_u64(I, ((uint64_t)v.as.i * 2654435761u) ^ ((uint64_t)v.tag << 56));
}

static Value bi_hash(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    if (!exactly_one(I, "hash", argc, kwnames)) return V_NULL;
    int64_t h;
    if (obj_hash(I, argv[0], &h) < 0) return V_NULL;
    return v_int(h);
}

static Value bi_callable(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    if (!exactly_one(I, "callable", argc, kwnames)) return V_NULL;
    return v_bool(callable_check(I, argv[0]));
}

static Value bi_chr(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    if (!exactly_one(I, "chr", argc, kwnames)) return V_NULL;
    int64_t c;
    if (is_float(argv[0]))
        return err_format(I, TY_TYPE_ERROR, "'float' object cannot be interpreted as an integer");
    if (obj_index(I, argv[0], &c) < 0) {
        if (err_matches(I, TY_OVERFLOW_ERROR)) {
            err_clear(I);
            return err_format(I, TY_OVERFLOW_ERROR, "Python int too large to convert to C int");
        }
        return V_NULL;
    }
    if (c < 0 || c > 0x10ffff)
        return err_format(I, TY_VALUE_ERROR, "chr() arg not in range(0x110000)");
    if (c >= 0xd800 && c <= 0xdfff)
        return err_format(I, TY_VALUE_ERROR, "krait: lone surrogates are not supported in str");
    Str *s = str_from_codepoint(I, (uint32_t)c);
    return s ? v_obj(s) : V_NULL;
}

static Value bi_ord(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    if (!exactly_one(I, "ord", argc, kwnames)) return V_NULL;
    Value v = argv[0];
    if (is_str(I, v)) {
        Str *s = as_str(v);
        if (s->nchars != 1)
            return err_format(I, TY_TYPE_ERROR,
                              "ord() expected a character, but string of length %zu found",
                              s->nchars);
        size_t pos = 0;
        return v_int(utf8_decode(s->data, &pos));
    }
    if (is_bytes(I, v) || (is_obj(v) && as_obj(v)->type == I->types[TY_BYTEARRAY])) {
        size_t len = is_bytes(I, v) ? ((Bytes *)as_obj(v))->len : ((ByteArray *)as_obj(v))->len;
        const unsigned char *d =
            is_bytes(I, v) ? ((Bytes *)as_obj(v))->data : ((ByteArray *)as_obj(v))->data;
        if (len != 1)
            return err_format(I, TY_TYPE_ERROR,
                              "ord() expected a character, but string of length %zu found", len);
        return v_int(d[0]);
    }
    return err_format(I, TY_TYPE_ERROR, "ord() expected string of length 1, but %s found",
                      type_name(I, v));
}

static Value bi_getattr(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    if (!arg_no_kw(I, "getattr", kwnames)) return V_NULL;
    if (argc < 2 || argc > 3) {
        if (argc < 2)
            return err_format(I, TY_TYPE_ERROR, "getattr expected at least 2 arguments, got %d",
                              argc);
        return err_format(I, TY_TYPE_ERROR, "getattr expected at most 3 arguments, got %d", argc);
    }
    if (!is_str(I, argv[1]))
        return err_format(I, TY_TYPE_ERROR, "attribute name must be string, not '%s'",
                          type_name(I, argv[1]));
    Str *name = str_intern_str(I, as_str(argv[1]));
    if (!name) return V_NULL;
    Value r = obj_getattr(I, argv[0], name);
    if (is_null(r) && argc == 3 && err_matches(I, TY_ATTRIBUTE_ERROR)) {
        err_clear(I);
        return argv[2];
    }
    return r;
}

static Value bi_setattr(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    if (!arg_no_kw(I, "setattr", kwnames)) return V_NULL;
    if (argc != 3)
        return err_format(I, TY_TYPE_ERROR, "setattr expected 3 arguments, got %d", argc);
    if (!is_str(I, argv[1]))
        return err_format(I, TY_TYPE_ERROR, "attribute name must be string, not '%s'",
                          type_name(I, argv[1]));
    Str *name = str_intern_str(I, as_str(argv[1]));
    if (!name || obj_setattr(I, argv[0], name, argv[2]) < 0) return V_NULL;
    return V_NONE;
}

static Value bi_delattr(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    if (!arg_no_kw(I, "delattr", kwnames)) return V_NULL;
    if (argc != 2)
        return err_format(I, TY_TYPE_ERROR, "delattr expected 2 arguments, got %d", argc);
    if (!is_str(I, argv[1]))
        return err_format(I, TY_TYPE_ERROR, "attribute name must be string, not '%s'",
                          type_name(I, argv[1]));
    Str *name = str_intern_str(I, as_str(argv[1]));
    if (!name || obj_delattr(I, argv[0], name) < 0) return V_NULL;
    return V_NONE;
}

static Value bi_hasattr(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    if (!arg_no_kw(I, "hasattr", kwnames)) return V_NULL;
    if (argc != 2)
        return err_format(I, TY_TYPE_ERROR, "hasattr expected 2 arguments, got %d", argc);
    if (!is_str(I, argv[1]))
        return err_format(I, TY_TYPE_ERROR, "attribute name must be string, not '%s'",
                          type_name(I, argv[1]));
    Str *name = str_intern_str(I, as_str(argv[1]));
    if (!name) return V_NULL;
    Value r = obj_getattr(I, argv[0], name);
    if (is_null(r)) {
        if (!err_matches(I, TY_ATTRIBUTE_ERROR)) return V_NULL;
        err_clear(I);
        return V_FALSE;
    }
    return V_TRUE;
}

/* isinstance/issubclass accept a class or a (nested) tuple of classes. */
static int class_check(Interp *I, Value cls, Value target, bool instance, const char *fname) {
    if (is_obj(target) && as_obj(target)->type == I->types[TY_TUPLE]) {
        if (!c_recursion_enter(I, " in __instancecheck__")) return -1;
        Tuple *t = as_tuple(target);
        int r = 0;
        for (size_t i = 0; i < t->len && r == 0; i++)
            r = class_check(I, cls, t->items[i], instance, fname);
        c_recursion_leave(I);
        return r;
    }
    /* the metaclass's __instancecheck__/__subclasscheck__ apply (protocol.c) */
    return instance ? obj_isinstance(I, cls, target) : obj_issubclass(I, cls, target);
}

static Value bi_isinstance(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    if (!arg_no_kw(I, "isinstance", kwnames)) return V_NULL;
    if (argc != 2)
        return err_format(I, TY_TYPE_ERROR, "isinstance expected 2 arguments, got %d", argc);
    int r = class_check(I, argv[0], argv[1], true, "isinstance");
    return r < 0 ? V_NULL : v_bool(r);
}

static Value bi_issubclass(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    if (!arg_no_kw(I, "issubclass", kwnames)) return V_NULL;
    if (argc != 2)
        return err_format(I, TY_TYPE_ERROR, "issubclass expected 2 arguments, got %d", argc);
    int r = class_check(I, argv[0], argv[1], false, "issubclass");
    return r < 0 ? V_NULL : v_bool(r);
}

static Value bi_iter(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    if (!arg_no_kw(I, "iter", kwnames)) return V_NULL;
    if (argc == 1) return obj_iter(I, argv[0]);
    if (argc == 2) {
        if (!callable_check(I, argv[0]))
            return err_format(I, TY_TYPE_ERROR, "iter(v, w): v must be callable");
        return callable_iter_new(I, argv[0], argv[1]);
    }
    if (argc < 1) return err_format(I, TY_TYPE_ERROR, "iter expected at least 1 argument, got 0");
    return err_format(I, TY_TYPE_ERROR, "iter expected at most 2 arguments, got %d", argc);
}

static Value bi_next(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    if (!arg_no_kw(I, "next", kwnames)) return V_NULL;
    if (argc < 1 || argc > 2) {
        if (argc < 1)
            return err_format(I, TY_TYPE_ERROR, "next expected at least 1 argument, got 0");
        return err_format(I, TY_TYPE_ERROR, "next expected at most 2 arguments, got %d", argc);
    }
    Type *t = type_of(I, argv[0]);
    if (!t->slots.next)
        return err_format(I, TY_TYPE_ERROR, "'%s' object is not an iterator", t->name->data);
    I->last_stop = NULL;
    Value r = vm_next_with_value(I, argv[0]);
    if (is_null(r)) {
        if (err_occurred(I)) {
            if (argc == 2 && err_matches(I, TY_STOP_ITERATION)) {
                err_clear(I);
                return argv[1];
            }
            return V_NULL;
        }
        if (argc == 2) return argv[1];
        if (I->last_stop) { /* a class's __next__ raised it: keep its args */
            Obj *e = I->last_stop;
            I->last_stop = NULL;
            err_restore(I, e);
            return V_NULL;
        }
        return err_stopiteration(I, V_NULL);
    }
    return r;
}

static Value bi_format(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    if (!arg_no_kw(I, "format", kwnames)) return V_NULL;
    if (argc < 1 || argc > 2) {
        if (argc < 1)
            return err_format(I, TY_TYPE_ERROR, "format expected at least 1 argument, got 0");
        return err_format(I, TY_TYPE_ERROR, "format expected at most 2 arguments, got %d", argc);
    }
    Str *spec = I->empty_str;
    if (argc == 2) {
        if (!is_str(I, argv[1]))
            return err_format(I, TY_TYPE_ERROR, "format() argument 2 must be str, not %s",
                              type_name(I, argv[1]));
        spec = as_str(argv[1]);
    }
    return obj_format(I, argv[0], spec);
}

/* help(...): the frozen pydoc module's Helper, imported at the first call (start-up and
 * scripts that never ask for help pay nothing). */
static Value bi_help(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    Str *mod = str_intern_cstr(I, "pydoc"), *name = str_intern_cstr(I, "help");
    Value m = mod && name ? vm_import(I, mod, V_NONE, V_NONE, 0) : V_NULL;
    Value h = is_null(m) ? V_NULL : obj_getattr(I, m, name);
    return is_null(h) ? V_NULL : obj_call(I, h, argc, argv, kwnames);
}

static Value bi_input(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    if (!arg_no_kw(I, "input", kwnames)) return V_NULL;
    if (argc > 1)
        return err_format(I, TY_TYPE_ERROR, "input expected at most 1 argument, got %d", argc);
    if (!io_has_stdin(I)) /* the host's stdin is not the script's */
        return err_format(I, TY_NOT_IMPLEMENTED_ERROR, "input() is disabled in the sandbox");
    if (argc == 1) {
        Value s = obj_str(I, argv[0]);
        if (is_null(s)) return V_NULL;
        io_write_out(I, as_str(s)->data, as_str(s)->len);
    }
    fflush(stdout);
    StrBuf b;
    sb_init(&b);
    int c;
    bool any = false;
    while ((c = io_read_byte(I)) >= 0) {
        any = true;
        if (c == '\n') break;
        sb_append_char(I, &b, (char)c);
    }
    if (c == IO_ERROR) {
        sb_free(I, &b);
        return V_NULL;
    }
    if (!any) {
        sb_free(I, &b);
        return err_format(I, TY_EOF_ERROR, "EOF when reading a line");
    }
    if (b.len && b.data[b.len - 1] == '\r') b.len--;
    if (utf8_validate(b.data ? b.data : "", b.len) >= 0) {
        sb_free(I, &b);
        return err_format(I, TY_UNICODE_DECODE_ERROR, "'utf-8' codec can't decode input");
    }
    Str *s = sb_finish(I, &b);
    return s ? v_obj(s) : V_NULL;
}

static Value bi_globals(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    if (!arg_no_kw(I, "globals", kwnames) || !arg_count(I, "globals", argc, 0, 0)) return V_NULL;
    Dict *g = vm_current_globals(I);
    return g ? v_obj(g) : V_NONE;
}

static Value bi_locals(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    if (!arg_no_kw(I, "locals", kwnames) || !arg_count(I, "locals", argc, 0, 0)) return V_NULL;
    return vm_current_locals(I);
}

static Value bi_vars(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    if (!arg_no_kw(I, "vars", kwnames) || !arg_count(I, "vars", argc, 0, 1)) return V_NULL;
    if (argc == 0) return vm_current_locals(I);
    Value d = obj_getattr(I, argv[0], I->names.dict);
    if (is_null(d) && err_matches(I, TY_ATTRIBUTE_ERROR)) {
        err_clear(I);
        return err_format(I, TY_TYPE_ERROR, "vars() argument must have __dict__ attribute");
    }
    return d;
}

static int add_keys(Interp *I, Set *names, Dict *d) {
    size_t pos = 0;
    Value k, v;
    while (dict_next(d, &pos, &k, &v))
        if (set_add(I, names, k) < 0) return -1;
    return 0;
}

static Value bi_dir(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    if (!arg_no_kw(I, "dir", kwnames) || !arg_count(I, "dir", argc, 0, 1)) return V_NULL;
    Set *names = set_new(I, false);
    if (!names) return V_NULL;
    if (argc == 0) {
        Value loc = vm_current_locals(I);
        if (is_null(loc)) return V_NULL;
        if (is_obj(loc) && is_dict(I, loc) && add_keys(I, names, as_dict(loc)) < 0) return V_NULL;
    } else {
        Value o = argv[0];
        /* a class's own __dir__ (or a module's, PEP 562) decides, sorted */
        Type *owner = NULL;
        Value custom = V_NULL;
        if (is_obj(o) && as_obj(o)->type == I->types[TY_MODULE])
            custom = dict_get_str(((Module *)as_obj(o))->dict, str_intern_cstr(I, "__dir__"));
        else if (!(is_obj(o) && type_is_subtype(type_of(I, o), I->types[TY_TYPE]))) {
            Value d = type_lookup_owner(I, type_of(I, o), str_intern_cstr(I, "__dir__"), &owner);
            if (!is_null(d) && owner && (owner->flags & TF_HEAPTYPE)) custom = d;
        }
        if (!is_null(custom)) {
            Value r = owner ? descr_call(I, custom, o, 0, NULL, NULL)
                            : obj_call(I, custom, 0, NULL, NULL);
            List *l = is_null(r) ? NULL : list_from_iter(I, r);
            if (!l || !list_sort(I, l, V_NONE, false)) return V_NULL;
            return v_obj(l);
        }
        Dict **dp = obj_dict_ptr(I, o);
        if (dp && !module_lazy_complete(I, *dp)) return V_NULL;
        if (dp && *dp && add_keys(I, names, *dp) < 0) return V_NULL;
        if (is_obj(o) && as_obj(o)->type == I->types[TY_MODULE]) {
            if (add_keys(I, names, ((Module *)as_obj(o))->dict) < 0) return V_NULL;
        } else {
            Type *t = type_of(I, o);
            bool is_type = is_obj(o) && type_is_subtype(t, I->types[TY_TYPE]);
            Tuple *mro = type_mro_noerr(I, is_type ? (Type *)as_obj(o) : t);
            for (size_t i = 0; mro && i < mro->len; i++) {
                Type *mt = (Type *)as_obj(mro->items[i]);
                Dict *d = type_dict_noerr(I, mt);
                if (d && add_keys(I, names, d) < 0) return V_NULL;
            }
        }
    }
    List *l = list_from_iter(I, v_obj(names));
    if (!l || !list_sort(I, l, V_NONE, false)) return V_NULL;
    return v_obj(l);
}

/* eval/exec of source strings, bytes-like source or code objects from compile(), in the
 * caller's namespaces or the given ones (a separate locals dict included). Without
 * globals, a function's locals are a snapshot, as CPython 3.11's locals(). */
static Value run_code_string(Interp *I, const char *fname, int argc, Value *argv, Tuple *kwnames,
                             int mode) {
    static const char *const names[] = {"source", "globals", "locals"};
    Value a[3];
    if (!arg_parse(I, fname, argc, argv, kwnames, names, 3, 1, 3, a)) return V_NULL;
    bool is_code = is_obj(a[0]) && as_obj(a[0])->type == I->types[TY_CODE];
    if (!is_code && !is_str(I, a[0])) {
        BufView bv; /* bytes, bytearray, memoryview, array.array */
        int rb = buf_get(I, a[0], &bv, false);
        if (rb < 0) return V_NULL;
        if (rb > 0) {
            Value d = bytes_decode(I, bv.data, bv.len, "utf-8", "strict");
            if (is_null(d)) return V_NULL;
            a[0] = d;
        } else {
            return err_format(I, TY_TYPE_ERROR, "%s() arg 1 must be a string, bytes or code object",
                              fname);
        }
    }
    bool no_globals = is_null(a[1]) || is_none(a[1]);
    bool no_locals = is_null(a[2]) || is_none(a[2]);
    Dict *g;
    if (no_globals) {
        g = vm_current_globals(I);
        if (!g) return err_format(I, TY_SYSTEM_ERROR, "%s(): no globals", fname);
    } else if (is_obj(a[1]) && is_dict(I, a[1])) {
        g = as_dict(a[1]);
    } else {
        return err_format(I, TY_TYPE_ERROR, "%s() globals must be a dict, not %s", fname,
                          type_name(I, a[1]));
    }
    Dict *l = g;
    if (!no_locals) {
        if (!(is_obj(a[2]) && is_dict(I, a[2]))) {
            Type *lt = type_of(I, a[2]);
            if (!lt->slots.getitem)
                return err_format(I, TY_TYPE_ERROR, "locals must be a mapping or None, not %s",
                                  type_name(I, a[2]));
            return err_format(I, TY_NOT_IMPLEMENTED_ERROR,
                              "krait: %s() with a locals mapping that is not a dict is not "
                              "supported",
                              fname);
        }
        l = as_dict(a[2]);
    } else if (no_globals) {
        Value cur = vm_current_locals(I);
        if (is_null(cur)) return V_NULL;
        l = as_dict(cur);
    }
    Value r;
    if (is_code) {
        r = vm_exec_code(I, a[0], g, l);
    } else {
        Str *src = as_str(a[0]);
        const char *p = src->data;
        size_t n = src->len;
        if (mode == EXEC_EVAL) { /* eval strips leading spaces and tabs, as CPython */
            while (n && (*p == ' ' || *p == '\t'))
                p++, n--;
        }
        r = vm_exec_source_in(I, p, n, "<string>", g, l, mode);
    }
    if (is_null(r)) return V_NULL;
    return mode == EXEC_EVAL ? r : V_NONE;
}

/* compile(source, filename, mode): a code object for exec/eval. The AST flags
 * (ast.PyCF_ONLY_AST and the like) are not supported; dont_inherit and optimize are
 * accepted and change nothing (there are no __future__ flags to inherit in 3.11's sense). */
static Value bi_compile(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    static const char *const names[] = {
        "source", "filename", "mode", "flags", "dont_inherit", "optimize", "_feature_version"};
    Value a[7];
    if (!arg_parse(I, "compile", argc, argv, kwnames, names, 7, 3, 6, a)) return V_NULL;
    Value src = a[0];
    if (!is_str(I, src)) {
        BufView bv;
        int rb = buf_get(I, src, &bv, false);
        if (rb < 0) return V_NULL;
        if (rb == 0)
            return err_format(I, TY_TYPE_ERROR,
                              "compile() arg 1 must be a string, bytes or AST object");
        src = bytes_decode(I, bv.data, bv.len, "utf-8", "strict");
        if (is_null(src)) return V_NULL;
    }
    if (!is_str(I, a[1]))
        return err_format(I, TY_TYPE_ERROR, "expected str, bytes or os.PathLike object, not %s",
                          type_name(I, a[1]));
    if (!is_str(I, a[2]))
        return err_format(I, TY_TYPE_ERROR, "compile() argument 'mode' must be str, not %s",
                          type_name(I, a[2]));
    const char *m = as_str(a[2])->data;
    int mode = strcmp(m, "exec") == 0     ? EXEC_FILE
               : strcmp(m, "eval") == 0   ? EXEC_EVAL
               : strcmp(m, "single") == 0 ? EXEC_SINGLE
                                          : -1;
    if (mode < 0)
        return err_format(I, TY_VALUE_ERROR, "compile() mode must be 'exec', 'eval' or 'single'");
    if (!is_null(a[3])) {
        int64_t flags;
        if (obj_index(I, a[3], &flags) < 0) return V_NULL;
        if (flags & 0x400) /* ast.PyCF_ONLY_AST */
            return err_format(I, TY_NOT_IMPLEMENTED_ERROR,
                              "krait: compile() to an AST is not supported");
    }
    Str *s = as_str(src); /* unlike eval(), compile() keeps leading blanks: IndentationError */
    Code *co = vm_compile_source(I, s->data, s->len, as_str(a[1])->data, mode);
    return co ? v_obj(co) : V_NULL;
}

static Value bi_eval(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    return run_code_string(I, "eval", argc, argv, kwnames, EXEC_EVAL);
}

static Value bi_exec(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    return run_code_string(I, "exec", argc, argv, kwnames, EXEC_FILE);
}

static Value bi_import(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    static const char *const names[] = {"name", "globals", "locals", "fromlist", "level"};
    Value a[5];
    if (!arg_parse(I, "__import__", argc, argv, kwnames, names, 5, 1, 5, a)) return V_NULL;
    if (!is_str(I, a[0]))
        return err_format(I, TY_TYPE_ERROR, "__import__() argument 1 must be str, not %s",
                          type_name(I, a[0]));
    int64_t level = 0;
    if (!is_null(a[4]) && obj_index(I, a[4], &level) < 0) return V_NULL;
    Str *name = str_intern_str(I, as_str(a[0]));
    if (!name) return V_NULL;
    return vm_import(I, name, is_null(a[1]) ? V_NONE : a[1], is_null(a[3]) ? V_NONE : a[3],
                     (int)level);
}

static Value bi_exit(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    if (!arg_no_kw(I, "exit", kwnames) || !arg_count(I, "exit", argc, 0, 1)) return V_NULL;
    if (I->sandbox)
        return err_format(I, TY_NOT_IMPLEMENTED_ERROR, "exit() is disabled in the sandbox");
    Value e = exc_new(I, I->types[TY_SYSTEM_EXIT], argc, argv);
    if (is_null(e)) return V_NULL;
    return err_set_value(I, e);
}

static Value bi_open(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    if (I->sandbox)
        return err_format(I, TY_NOT_IMPLEMENTED_ERROR, "open() is disabled in the sandbox");
    return io_open(I, argc, argv, kwnames);
}

static const MethodDef builtin_functions[] = {
    {"open", bi_open, 0},
    {"print", bi_print, 0},
    {"len", bi_len, 0},
    {"repr", bi_repr, 0},
    {"ascii", bi_ascii, 0},
    {"id", bi_id, 0},
    {"hash", bi_hash, 0},
    {"callable", bi_callable, 0},
    {"chr", bi_chr, 0},
    {"ord", bi_ord, 0},
    {"getattr", bi_getattr, 0},
    {"setattr", bi_setattr, 0},
    {"delattr", bi_delattr, 0},
    {"hasattr", bi_hasattr, 0},
    {"isinstance", bi_isinstance, 0},
    {"issubclass", bi_issubclass, 0},
    {"iter", bi_iter, 0},
    {"next", bi_next, 0},
    {"aiter", builtin_aiter, 0},
    {"anext", builtin_anext, 0},
    {"format", bi_format, 0},
    {"input", bi_input, 0},
    {"help", bi_help, 0},
    {"globals", bi_globals, 0},
    {"locals", bi_locals, 0},
    {"vars", bi_vars, 0},
    {"dir", bi_dir, 0},
    {"eval", bi_eval, 0},
    {"exec", bi_exec, 0},
    {"__import__", bi_import, 0},
    {"compile", bi_compile, 0},
    {"exit", bi_exit, 0},
    {"quit", bi_exit, 0},
    {NULL, NULL, 0},
};

/* Builtin types visible by name, in the order CPython's dir(builtins) does not care about. */
static const struct {
    const char *name;
    int id;
} builtin_type_names[] = {
    {"object", TY_OBJECT},
    {"type", TY_TYPE},
    {"int", TY_INT},
    {"bool", TY_BOOL},
    {"float", TY_FLOAT},
    {"str", TY_STR},
    {"bytes", TY_BYTES},
    {"bytearray", TY_BYTEARRAY},
    {"memoryview", TY_MEMORYVIEW},
    {"list", TY_LIST},
    {"tuple", TY_TUPLE},
    {"dict", TY_DICT},
    {"set", TY_SET},
    {"frozenset", TY_FROZENSET},
    {"range", TY_RANGE},
    {"slice", TY_SLICE},
    {"enumerate", TY_ENUMERATE},
    {"zip", TY_ZIP},
    {"map", TY_MAP},
    {"filter", TY_FILTER},
    {"reversed", TY_REVERSED},
    {"property", TY_PROPERTY},
    {"staticmethod", TY_STATICMETHOD},
    {"classmethod", TY_CLASSMETHOD},
    {"super", TY_SUPER},
};

/* The functions and exception classes are made at their first lookup (vm/builtins_lazy.c):
 * a fresh interpreter holds the types and constants only. */
static const MethodDef *const builtin_tables[] = {builtin_functions, builtin_iter_functions,
                                                  builtin_num_functions, NULL};

Module *builtins_module_create(Interp *I) {
    Module *m = module_new(I, str_intern_cstr(I, "builtins"));
    if (!m || !builtins_lazy_init(I, m, builtin_tables)) return NULL;
    for (size_t i = 0; i < sizeof builtin_type_names / sizeof builtin_type_names[0]; i++) {
        Type *t = I->types[builtin_type_names[i].id];
        if (module_set(I, m, builtin_type_names[i].name, v_obj(t)) < 0) return NULL;
    }
    if (module_set(I, m, "None", V_NONE) < 0 || module_set(I, m, "True", V_TRUE) < 0 ||
        module_set(I, m, "False", V_FALSE) < 0)
        return NULL;
    if (module_set(I, m, "NotImplemented", v_obj(I->not_implemented)) < 0) return NULL;
    if (module_set(I, m, "Ellipsis", v_obj(I->ellipsis)) < 0) return NULL;
    if (module_set(I, m, "__debug__", V_TRUE) < 0) return NULL;
    return m;
}
