/* api_repl.c: the public C API's REPL section (include/krait.h): running one interactive
 * statement in __main__ with its value echoed, telling whether typed source needs more
 * lines, clearing a stale interrupt, and listing completion candidates. The command line's
 * REPL (repl/repl.c) is built only on these, so any host can offer the same prompt.
 *
 * Completion never runs Python code: a dotted prefix "a.b.c" is resolved by looking each
 * name up in dicts (module globals, instance dicts, class mros), so pressing Tab cannot
 * trigger a property, __getattr__ or any other side effect. */
#include <string.h>

#include "../vm/dict.h"
#include "../vm/frame.h"
#include "../vm/error.h"
#include "../vm/gc.h"
#include "../vm/seq.h"
#include "../vm/str.h"
#include "../vm/vm.h"
#include "../frontend/ast.h"
#include "api_internal.h"

Value api_repl_await(Interp *I, Value v) {
    if (is_null(v) || !is_obj(v) || as_obj(v)->type != I->types[TY_COROUTINE]) return v;
    if (!gc_temp_push(I, v)) return V_NULL;
    Str *name = str_intern_cstr(I, "asyncio"), *fn = str_intern_cstr(I, "_repl_await");
    Value mod = name && fn ? vm_import(I, name, V_NULL, V_NULL, 0) : V_NULL;
    Value run = is_null(mod) ? V_NULL : obj_getattr(I, mod, fn);
    if (is_null(run)) {
        /* without asyncio (a build without libuv) the coroutine is closed, not left pending */
        Obj *exc = err_fetch(I);
        Str *close = str_intern_cstr(I, "close");
        Value m = close ? obj_getattr(I, v, close) : V_NULL;
        if (!is_null(m)) obj_call(I, m, 0, NULL, NULL);
        err_clear(I);
        if (exc) err_set_value(I, v_obj(exc));
        return V_NULL;
    }
    Value r = obj_call(I, run, 1, &v, NULL);
    if (!is_null(r)) return r;
    /* the traceback starts at the statement, as a plain statement's does: asyncio's own
     * frames above it (_repl_await, run_until_complete, result) are dropped */
    Obj *exc = err_fetch(I);
    if (exc && type_is_subtype(exc->type, I->types[TY_BASE_EXCEPTION])) {
        ExcObj *e = (ExcObj *)exc;
        Traceback *tb = (Traceback *)e->traceback;
        while (tb && tb->next && strcmp(tb->code->filename->data, "<frozen asyncio>") == 0)
            tb = tb->next;
        e->traceback = (Obj *)tb;
    }
    if (exc) err_set_value(I, v_obj(exc));
    return V_NULL;
}

int kr_run_single(kr_interp *I, const char *source, const char *filename) {
    if (!I || !source) return KR_ERROR;
    /* api_exec gives the run what kr_run_string's get (limits, the stack guard, SystemExit
     * as KR_EXIT); in EXEC_SINGLE mode it leaves __main__.__file__ alone. A statement that
     * awaits at the top level runs on asyncio's loop (api_repl_await), as in `python -m
     * asyncio`. An interrupt that arrived after the VM's last check (Ctrl-C ending a
     * time.sleep in the statement's final call) is the statement's: api_run_end raises it
     * rather than let it hit the next statement. */
    return api_exec(I, source, strlen(source), filename ? filename : "<stdin>",
                    EXEC_SINGLE | PARSE_TOP_AWAIT, NULL, NULL);
}

int kr_source_incomplete(const char *source) {
    if (!source) return 0;
    return parse_is_incomplete(source, strlen(source)) ? 1 : 0;
}

void kr_interrupt_clear(kr_interp *I) {
    if (!I) return;
    atomic_store(&I->interrupt_pending, 0);
    atomic_store(&I->api->terminate, 0);
}

/* ---- completion ------------------------------------------------------------------ */

/* Python 3.11's keyword.kwlist with the suffix rlcompleter adds to each. */
static const struct {
    const char *word;
    const char *suffix;
} repl_keywords[] = {
    {"False", ""},     {"None", ""},     {"True", ""},   {"and", " "},  {"as", " "},
    {"assert", " "},   {"async", " "},   {"await", " "}, {"break", ""}, {"class", " "},
    {"continue", ""},  {"def", " "},     {"del", " "},   {"elif", " "}, {"else", ""},
    {"except", " "},   {"finally", ":"}, {"for", " "},   {"from", " "}, {"global", " "},
    {"if", " "},       {"import", " "},  {"in", " "},    {"is", " "},   {"lambda", " "},
    {"nonlocal", " "}, {"not", " "},     {"or", " "},    {"pass", ""},  {"raise", " "},
    {"return", " "},   {"try", ":"},     {"while", " "}, {"with", " "}, {"yield", " "},
};

typedef struct Completion {
    Interp *I;
    void (*cb)(void *ud, const char *candidate);
    void *ud;
    const char *head; /* "a.b." before the completed word, copied into every candidate */
    size_t headlen;
    const char *word; /* the prefix of the last name */
    size_t wordlen;
    int count;
} Completion;

/* Hand one candidate head + name + suffix to the host; false on OOM. */
static bool complete_emit(Completion *c, const char *name, size_t len, const char *suffix) {
    StrBuf b;
    sb_init(&b);
    bool ok = sb_append(c->I, &b, c->head, c->headlen) && sb_append(c->I, &b, name, len) &&
              sb_append_cstr(c->I, &b, suffix) && sb_append_char(c->I, &b, '\0');
    if (ok) {
        c->cb(c->ud, b.data);
        c->count++;
    }
    sb_free(c->I, &b);
    err_clear(c->I);
    return ok;
}

static bool complete_matches(Completion *c, const char *name, size_t len) {
    if (len < c->wordlen || memcmp(name, c->word, c->wordlen) != 0) return false;
    /* rlcompleter hides private names until the user types the underscore(s). */
    if (c->wordlen == 0 && len > 0 && name[0] == '_' && c->headlen > 0) return false;
    if (c->wordlen == 1 && c->word[0] == '_' && c->headlen > 0 && len > 1 && name[1] == '_')
        return false;
    return true;
}

/* callable values complete with "(" as rlcompleter does. */
static const char *complete_suffix(Interp *I, Value v) {
    if (is_null(v)) return "";
    bool callable = callable_check(I, v);
    err_clear(I);
    return callable ? "(" : "";
}

static bool complete_dict(Completion *c, Dict *d, Dict *skip) {
    size_t pos = 0;
    Value k, v;
    while (dict_next(d, &pos, &k, &v)) {
        if (!is_str(c->I, k)) continue;
        Str *name = as_str(k);
        if (!complete_matches(c, name->data, name->len)) continue;
        if (skip && !is_null(dict_get_str(skip, name))) continue;
        if (!complete_emit(c, name->data, name->len, complete_suffix(c->I, v))) return false;
    }
    return true;
}

static bool is_type_object(Interp *I, Value v) {
    return is_obj(v) && type_is_subtype(as_obj(v)->type, I->types[TY_TYPE]);
}

/* The attribute `name` of v found by dict lookups only, or V_NULL. Builtin getset
 * descriptors (int.real, ...) are native getters and safe to call; properties and
 * __getattr__ would run Python code, so they end the chain. */
static Value complete_lookup_attr(Interp *I, Value v, Str *name) {
    if (is_obj(v) && as_obj(v)->type == I->types[TY_MODULE])
        return dict_get_str(((Module *)as_obj(v))->dict, name);
    if (is_type_object(I, v)) {
        Value r = type_lookup(I, (Type *)as_obj(v), name);
        if (is_null(r)) r = type_lookup(I, type_of(I, v), name);
        return r;
    }
    Dict **dp = obj_dict_ptr(I, v);
    if (dp && *dp) {
        Value r = dict_get_str(*dp, name);
        if (!is_null(r)) return r;
    }
    Value r = type_lookup(I, type_of(I, v), name);
    if (is_obj(r) && as_obj(r)->type == I->types[TY_GETSET]) {
        GetSet *gs = (GetSet *)as_obj(r);
        if (!gs->def->get) return V_NULL;
        r = gs->def->get(I, v);
        if (is_null(r)) err_clear(I);
        return r;
    }
    if (is_obj(r) && as_obj(r)->type == I->types[TY_PROPERTY]) return V_NULL;
    return r;
}

static bool is_identifier_char(unsigned char ch) {
    return ch == '_' || (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
           (ch >= '0' && ch <= '9') || ch >= 0x80;
}

/* Resolve "a.b" (head without its final dot) to a value, or V_NULL. */
static Value complete_resolve(Interp *I, Dict *globals, const char *head, size_t len) {
    Value cur = V_NULL;
    size_t i = 0;
    while (i < len) {
        size_t start = i;
        while (i < len && head[i] != '.')
            i++;
        if (i == start) return V_NULL;
        for (size_t j = start; j < i; j++)
            if (!is_identifier_char((unsigned char)head[j])) return V_NULL;
        if (head[start] >= '0' && head[start] <= '9') return V_NULL;
        if (utf8_validate(head + start, i - start) >= 0) return V_NULL;
        Str *name = str_new(I, head + start, i - start);
        if (!name) return V_NULL;
        if (start == 0) {
            cur = dict_get_str(globals, name);
            if (is_null(cur)) cur = module_lazy_get(I, I->builtins->dict, name);
        } else {
            cur = complete_lookup_attr(I, cur, name);
        }
        if (is_null(cur)) return V_NULL;
        i++; /* the dot */
    }
    return cur;
}

/* Offer the names of one namespace dict, skipping those already offered (seen). */
static bool complete_names(Completion *c, Value obj, Dict *names, Dict *seen) {
    if (!names) return true;
    size_t pos = 0;
    Value k, v;
    while (dict_next(names, &pos, &k, &v)) {
        if (!is_str(c->I, k)) continue;
        Str *name = as_str(k);
        if (!complete_matches(c, name->data, name->len)) continue;
        if (!is_null(dict_get_str(seen, name))) continue;
        if (dict_set_str(c->I, seen, name, V_NONE) < 0) return false;
        Value attr = complete_lookup_attr(c->I, obj, name);
        if (!complete_emit(c, name->data, name->len, complete_suffix(c->I, attr))) return false;
    }
    return true;
}

/* The names dir() would list, unsorted (the host sorts what it shows): a module's dict,
 * else the instance dict and the dicts along the class's mro. */
static bool complete_attributes(Completion *c, Dict *globals) {
    Interp *I = c->I;
    Value obj = complete_resolve(I, globals, c->head, c->headlen - 1);
    if (is_null(obj)) return true;
    if (!gc_temp_push(I, obj)) return false;
    Dict *seen = dict_new(I);
    if (!seen) return false;
    if (is_obj(obj) && as_obj(obj)->type == I->types[TY_MODULE])
        return complete_names(c, obj, ((Module *)as_obj(obj))->dict, seen);
    Type *t;
    if (is_type_object(I, obj)) {
        t = (Type *)as_obj(obj);
    } else {
        Dict **dp = obj_dict_ptr(I, obj);
        if (dp && !complete_names(c, obj, *dp, seen)) return false;
        t = type_of(I, obj);
    }
    Tuple *mro = type_mro_noerr(c->I, t);
    if (!mro) return complete_names(c, obj, type_dict_noerr(c->I, t), seen);
    for (size_t i = 0; i < mro->len; i++)
        if (!complete_names(c, obj, type_dict_noerr(c->I, (Type *)as_obj(mro->items[i])), seen))
            return false;
    return true;
}

int kr_complete(kr_interp *I, const char *text, void (*cb)(void *ud, const char *candidate),
                void *ud) {
    if (!I || !text || !cb) return KR_ERROR;
    size_t mark = gc_temp_mark(I);
    Completion c = {I, cb, ud, text, 0, text, strlen(text), 0};
    const char *dot = strrchr(text, '.');
    bool ok = true;
    Module *m = api_main_module(I);
    if (!m) {
        ok = false;
    } else if (dot) {
        c.headlen = (size_t)(dot - text) + 1;
        c.word = dot + 1;
        c.wordlen = strlen(c.word);
        ok = complete_attributes(&c, m->dict);
    } else {
        for (size_t i = 0; ok && i < sizeof repl_keywords / sizeof repl_keywords[0]; i++) {
            const char *w = repl_keywords[i].word;
            if (complete_matches(&c, w, strlen(w)))
                ok = complete_emit(&c, w, strlen(w), repl_keywords[i].suffix);
        }
        ok = ok && module_lazy_complete(I, I->builtins->dict) && complete_dict(&c, m->dict, NULL) &&
             complete_dict(&c, I->builtins->dict, m->dict);
    }
    err_clear(I);
    gc_temp_reset(I, mark);
    return ok ? KR_OK : KR_NOMEM;
}
