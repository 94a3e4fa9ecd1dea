/* json.c: the json module. dumps/loads and their options are native (json_encode.c,
 * json_decode.c); JSONDecodeError and the thin file wrappers dump/load are Python source
 * run at module creation. loads is bound to the module (NativeFunc.self) so it can find
 * the module's own JSONDecodeError without any static state. */
#include <string.h>

#include "json_codec.h"

static const char json_frozen_src[] =
    "class JSONDecodeError(ValueError):\n"
    "    __module__ = 'json.decoder'\n"
    "    def __init__(self, msg, doc, pos):\n"
    "        lineno = doc.count('\\n', 0, pos) + 1\n"
    "        colno = pos - doc.rfind('\\n', 0, pos)\n"
    "        errmsg = '%s: line %d column %d (char %d)' % (msg, lineno, colno, pos)\n"
    "        ValueError.__init__(self, errmsg)\n"
    "        self.msg = msg\n"
    "        self.doc = doc\n"
    "        self.pos = pos\n"
    "        self.lineno = lineno\n"
    "        self.colno = colno\n"
    "    def __reduce__(self):\n"
    "        return self.__class__, (self.msg, self.doc, self.pos)\n"
    "\n"
    "def dump(obj, fp, **kw):\n"
    "    fp.write(dumps(obj, **kw))\n"
    "\n"
    "def load(fp, **kw):\n"
    "    return loads(fp.read(), **kw)\n";

static const char *const dumps_params[] = {
    "obj", "skipkeys", "ensure_ascii", "check_circular", "allow_nan",
    "cls", "indent",   "separators",   "default",        "sort_keys",
};

static bool truth_or(Interp *I, Value v, bool dflt, bool *out) {
    if (is_null(v)) {
        *out = dflt;
        return true;
    }
    int r = obj_truthy(I, v);
    *out = r > 0;
    return r >= 0;
}

static Value json_dumps(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    Value a[10];
    if (!arg_parse(I, "dumps", argc, argv, kwnames, dumps_params, 10, 1, 1, a)) return V_NULL;
    JsonEncoder e = {0};
    if (!truth_or(I, a[1], false, &e.skipkeys) || !truth_or(I, a[2], true, &e.ensure_ascii) ||
        !truth_or(I, a[3], true, &e.check_circular) || !truth_or(I, a[4], true, &e.allow_nan) ||
        !truth_or(I, a[9], false, &e.sort_keys))
        return V_NULL;
    if (!is_null(a[5]) && !is_none(a[5]))
        return err_format(I, TY_NOT_IMPLEMENTED_ERROR, "json.dumps(cls=...) is not supported");
    Value indent = is_null(a[6]) ? V_NONE : a[6];
    if (is_str(I, indent)) {
        e.indent = as_str(indent);
    } else if (!is_none(indent)) {
        int64_t n;
        if (obj_index(I, indent, &n) < 0) return V_NULL;
        if (n < 0) n = 0;
        StrBuf sb;
        sb_init(&sb);
        /* at once: a huge indent is MemoryError now, not 2**62 failing appends (fuzz_exec_py) */
        if (n > 0 && !sb_append_repeat(I, &sb, " ", 1, (size_t)n)) {
            sb_free(I, &sb);
            return V_NULL;
        }
        e.indent = sb.len ? sb_finish(I, &sb) : I->empty_str;
        if (!e.indent) return V_NULL;
    }
    Value seps = is_null(a[7]) ? V_NONE : a[7];
    if (!is_none(seps)) {
        Tuple *t = tuple_from_iter(I, seps);
        if (!t) return V_NULL;
        if (t->len != 2)
            return err_format(I, TY_VALUE_ERROR, "too many values to unpack (expected 2)");
        if (!is_str(I, t->items[0]) || !is_str(I, t->items[1]))
            return err_format(I, TY_TYPE_ERROR, "make_encoder() argument 6 must be str, not %s",
                              type_name(I, is_str(I, t->items[0]) ? t->items[1] : t->items[0]));
        e.item_sep = as_str(t->items[0]);
        e.key_sep = as_str(t->items[1]);
    } else {
        e.item_sep = str_intern_cstr(I, e.indent ? "," : ", ");
        e.key_sep = str_intern_cstr(I, ": ");
        if (!e.item_sep || !e.key_sep) return V_NULL;
    }
    e.default_fn = is_null(a[8]) ? V_NONE : a[8];
    e.markers = list_new(I, 8);
    if (!e.markers) return V_NULL;
    StrBuf b;
    sb_init(&b);
    if (!json_encode_value(I, &e, &b, a[0], 0)) {
        sb_free(I, &b);
        return V_NULL;
    }
    Str *s = sb_finish(I, &b);
    return s ? v_obj(s) : V_NULL;
}

static const char *const loads_params[] = {
    "s", "cls", "object_hook", "parse_float", "parse_int", "parse_constant", "object_pairs_hook",
};

/* argv[0] is the json module (the function is bound to it). */
static Value json_loads(Interp *I, int argc, Value *argv, Tuple *kwnames) {
    Module *m = (Module *)as_obj(argv[0]);
    Value a[7];
    if (!arg_parse(I, "loads", argc - 1, argv + 1, kwnames, loads_params, 7, 1, 1, a))
        return V_NULL;
    Value s = a[0];
    if (is_bytes(I, s) || is_bytearray(I, s)) {
        const unsigned char *p = is_bytes(I, s) ? as_bytes(s)->data : as_bytearray(s)->data;
        size_t n = is_bytes(I, s) ? as_bytes(s)->len : as_bytearray(s)->len;
        if (n >= 3 && p[0] == 0xef && p[1] == 0xbb && p[2] == 0xbf) p += 3, n -= 3;
        s = bytes_decode(I, p, n, "utf-8", "strict");
        if (is_null(s)) return V_NULL;
    } else if (!is_str(I, s)) {
        return err_format(I, TY_TYPE_ERROR,
                          "the JSON object must be str, bytes or bytearray, not %s",
                          type_name(I, s));
    } else if (as_str(s)->len >= 3 && memcmp(as_str(s)->data, "\xef\xbb\xbf", 3) == 0) {
        Value exc = V_NULL;
        Value cls = dict_get_str(m->dict, str_intern_cstr(I, "JSONDecodeError"));
        Str *msg = str_from_cstr(I, "Unexpected UTF-8 BOM (decode using utf-8-sig)");
        if (!is_null(cls) && msg) {
            Value args[3] = {v_obj(msg), s, v_int(0)};
            exc = obj_call(I, cls, 3, args, NULL);
        }
        return is_null(exc) ? V_NULL : err_set_value(I, exc);
    }
    if (!is_null(a[1]) && !is_none(a[1]))
        return err_format(I, TY_NOT_IMPLEMENTED_ERROR, "json.loads(cls=...) is not supported");
    JsonDecoder d;
    d.doc = as_str(s);
    d.error_type = dict_get_str(m->dict, str_intern_cstr(I, "JSONDecodeError"));
    if (is_null(d.error_type)) {
        Type *ve = exc_type(I, TY_VALUE_ERROR);
        if (!ve) return V_NULL;
        d.error_type = v_obj(ve);
    }
    Value *hooks[5] = {&d.object_hook, &d.parse_float, &d.parse_int, &d.parse_constant,
                       &d.object_pairs_hook};
    for (int k = 0; k < 5; k++)
        *hooks[k] = is_null(a[2 + k]) ? V_NONE : a[2 + k];
    return json_decode_document(I, &d);
}

static const MethodDef json_functions[] = {
    {"dumps", json_dumps, 0},
    {NULL, NULL, 0},
};

Module *json_module_create(Interp *I) {
    Module *m = module_new(I, str_intern_cstr(I, "json"));
    if (!m || module_add_functions(I, m, json_functions) < 0) return NULL;
    Value loads = native_func_new(I, "loads", json_loads, 0, m);
    if (is_null(loads)) return NULL;
    ((NativeFunc *)as_obj(loads))->self = v_obj(m);
    if (module_set(I, m, "loads", loads) < 0) return NULL;
    Value r = vm_exec_source(I, json_frozen_src, sizeof json_frozen_src - 1, "<frozen json>",
                             m->dict, EXEC_FILE);
    if (is_null(r)) return NULL;
    return m;
}
