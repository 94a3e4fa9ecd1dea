/* traceback.c: traceback objects and the text CPython's default excepthook prints.
 *
 * As an exception unwinds, the VM prepends one Traceback entry (code, line) per frame it
 * leaves, so the list runs from the outermost frame to the one that raised: the order
 * "most recent call last" prints. vm_format_exception reproduces CPython 3.11's
 * PyErr_Display with PYTHONNODEBUGRANGES=1: the cause/context chain oldest first, at most
 * 1000 entries per traceback (sys.tracebacklimit's default), runs of more than three
 * identical entries collapsed into "[Previous line repeated N more times]", source lines
 * with their indentation removed, SyntaxError's file/line/caret block, and the final
 * "Type: message" line where the type is qualified by its module unless that is
 * builtins or __main__. */
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dict.h"
#include "error.h"
#include "frame.h"
#include "number.h"
#include "seq.h"
#include "str.h"
#include "vm.h"

#define TB_LIMIT            1000
#define TB_RECURSIVE_CUTOFF 3

bool traceback_add(Interp *I, Obj *exc, Frame *f) {
    /* An allocation failure here must not replace the exception being unwound. */
    Obj *saved = exc;
    Traceback *tb = gc_new(I, I->types[TY_TRACEBACK], sizeof(Traceback));
    if (!tb) {
        err_restore(I, saved);
        return false;
    }
    ExcObj *e = (ExcObj *)exc;
    tb->next = (Traceback *)e->traceback;
    tb->code = f->code;
    tb->line = frame_line(f);
    tb->globals = f->globals;
    e->traceback = (Obj *)tb;
    return true;
}

static void traceback_trace(Interp *I, Obj *o) {
    Traceback *tb = (Traceback *)o;
    gc_mark_obj(I, (Obj *)tb->next);
    gc_mark_obj(I, (Obj *)tb->code);
    gc_mark_obj(I, (Obj *)tb->globals);
}

/* ---- frame objects (tb_frame) ------------------------------------------------------ */

/* A snapshot of a frame for tb.tb_frame: the VM's frames are not objects, so this only
 * carries what a traceback knows. */
typedef struct FrameObj {
    Obj hdr;
    Code *code;
    Dict *globals;
    int line;
    struct FrameObj *back; /* the caller's snapshot (sys._getframe chains them) */
} FrameObj;

static void frameobj_trace(Interp *I, Obj *o) {
    gc_mark_obj(I, (Obj *)((FrameObj *)o)->code);
    gc_mark_obj(I, (Obj *)((FrameObj *)o)->globals);
    gc_mark_obj(I, (Obj *)((FrameObj *)o)->back);
}

/* sys._getframe(depth): a snapshot of the depth-th running frame and, linked by f_back, of
 * every frame below it (taken now, as the VM's frames are not objects). */
Value frameobj_getframe(Interp *I, int64_t depth) {
    Frame *f = I->vm ? I->vm->top : NULL;
    for (int64_t i = 0; f && i < depth; i++)
        f = f->back;
    if (!f) return err_format(I, TY_VALUE_ERROR, "call stack is not deep enough");
    FrameObj *first = NULL, *prev = NULL;
    for (; f; f = f->back) {
        FrameObj *fo = gc_new(I, I->types[TY_FRAME], sizeof(FrameObj));
        if (!fo) return V_NULL;
        fo->code = f->code;
        fo->globals = f->globals;
        fo->line = frame_line(f);
        if (prev)
            prev->back = fo;
        else
            first = fo;
        prev = fo;
    }
    return v_obj(first);
}

static Value frameobj_repr(Interp *I, Value self) {
    FrameObj *fo = (FrameObj *)as_obj(self);
    Str *s = str_printf(I, "<frame at %p, file '%s', line %d, code %s>", (void *)fo,
                        fo->code->filename ? fo->code->filename->data : "?", fo->line,
                        fo->code->name ? fo->code->name->data : "?");
    return s ? v_obj(s) : V_NULL;
}

static Value fo_code(Interp *I, Value self) {
    return v_obj(((FrameObj *)as_obj(self))->code);
}
static Value fo_globals(Interp *I, Value self) {
    Dict *d = ((FrameObj *)as_obj(self))->globals;
    return d ? v_obj(d) : V_NONE;
}
static Value fo_lineno(Interp *I, Value self) {
    return v_int(((FrameObj *)as_obj(self))->line);
}
static Value fo_back(Interp *I, Value self) {
    FrameObj *b = ((FrameObj *)as_obj(self))->back;
    return b ? v_obj(b) : V_NONE;
}

static const GetSetDef frameobj_getsets[] = {
    {"f_code", fo_code, NULL},
    {"f_globals", fo_globals, NULL},
    {"f_lineno", fo_lineno, NULL},
    {"f_back", fo_back, NULL},
    {NULL, NULL, NULL},
};

const TypeSpec frame_spec = {
    .name = "frame",
    .base = TY_OBJECT,
    .instance_size = sizeof(FrameObj),
    .slots = {.trace = frameobj_trace, .repr = frameobj_repr},
    .getsets = frameobj_getsets,
};

static Value tb_lineno(Interp *I, Value self) {
    return v_int(((Traceback *)as_obj(self))->line);
}
static Value tb_next(Interp *I, Value self) {
    Traceback *n = ((Traceback *)as_obj(self))->next;
    return n ? v_obj(n) : V_NONE;
}
static Value tb_lasti(Interp *I, Value self) {
    return v_int(-1);
}
static Value tb_frame(Interp *I, Value self) {
    Traceback *tb = (Traceback *)as_obj(self);
    FrameObj *fo = gc_new(I, I->types[TY_FRAME], sizeof(FrameObj));
    if (!fo) return V_NULL;
    fo->code = tb->code;
    fo->globals = tb->globals;
    fo->line = tb->line;
    return v_obj(fo);
}

static const GetSetDef traceback_getsets[] = {
    {"tb_lineno", tb_lineno, NULL}, {"tb_next", tb_next, NULL}, {"tb_lasti", tb_lasti, NULL},
    {"tb_frame", tb_frame, NULL},   {NULL, NULL, NULL},
};

const TypeSpec traceback_spec = {
    .name = "traceback",
    .base = TY_OBJECT,
    .instance_size = sizeof(Traceback),
    .slots = {.trace = traceback_trace},
    .getsets = traceback_getsets,
};

/* ---- formatting ---------------------------------------------------------------------- */

/* The 1-based line `line` of src (without its newline), or false. */
static bool source_line(Str *src, int line, const char **start, size_t *len) {
    if (!src || line < 1) return false;
    const char *p = src->data, *end = src->data + src->len;
    for (int l = 1; l < line; l++) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        if (!nl) return false;
        p = nl + 1;
    }
    if (p >= end) return false;
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
    if (n > 0 && p[n - 1] == '\r') n--;
    *start = p;
    *len = n;
    return true;
}

static void format_entry(Interp *I, StrBuf *b, Traceback *tb) {
    Code *co = tb->code;
    sb_appendf(I, b, "  File \"%s\", line %d, in %s\n", co->filename ? co->filename->data : "?",
               tb->line, co->name ? co->name->data : "?");
    const char *p;
    size_t n;
    if (source_line(co->source, tb->line, &p, &n)) {
        while (n > 0 && (*p == ' ' || *p == '\t' || *p == '\f')) {
            p++;
            n--;
        }
        if (n > 0) {
            sb_append_cstr(I, b, "    ");
            sb_append(I, b, p, n);
            sb_append_char(I, b, '\n');
        }
    }
}

static void format_repeated(Interp *I, StrBuf *b, long cnt) {
    cnt -= TB_RECURSIVE_CUTOFF;
    sb_appendf(I, b, "  [Previous line repeated %ld more time%s]\n", cnt, cnt > 1 ? "s" : "");
}

/* sys.tracebacklimit when it is an int (CPython ignores other values), else 1000. */
static long traceback_limit(Interp *I) {
    Str *name = str_intern_cstr(I, "sys");
    Value sys = name ? dict_get_str(I->modules, name) : V_NULL;
    Str *attr = str_intern_cstr(I, "tracebacklimit");
    Value v = !is_null(sys) && attr ? obj_getattr_opt(I, sys, attr) : V_NULL;
    if (is_smallint(v) || is_bool(v)) return (long)v.as.i;
    if (!is_null(v) && is_int(I, v)) return int_sign(I, v) > 0 ? LONG_MAX : 0; /* a big one */
    return TB_LIMIT;
}

static void format_traceback(Interp *I, StrBuf *b, Traceback *tb, long limit) {
    long depth = 0;
    for (Traceback *t = tb; t; t = t->next)
        depth++;
    while (tb && depth > limit) {
        depth--;
        tb = tb->next;
    }
    Code *last_code = NULL;
    int last_line = -1;
    long cnt = 0;
    for (; tb; tb = tb->next) {
        Code *co = tb->code;
        bool same =
            last_code && last_line == tb->line &&
            (co == last_code ||
             (co->filename && last_code->filename && co->name && last_code->name &&
              str_eq(co->filename, last_code->filename) && str_eq(co->name, last_code->name)));
        if (!same) {
            if (cnt > TB_RECURSIVE_CUTOFF) format_repeated(I, b, cnt);
            last_code = co;
            last_line = tb->line;
            cnt = 0;
        }
        cnt++;
        if (cnt <= TB_RECURSIVE_CUTOFF) format_entry(I, b, tb);
    }
    if (cnt > TB_RECURSIVE_CUTOFF) format_repeated(I, b, cnt);
}

/* CPython's print_error_text: the line without its indentation, then the carets. */
static void format_error_text(Interp *I, StrBuf *b, long offset, long end_offset,
                              const char *text) {
    size_t caret_reps = (end_offset > 0 && end_offset > offset) ? (size_t)(end_offset - offset) : 1;
    offset--;
    while (*text == ' ' || *text == '\t' || *text == '\f') {
        text++;
        offset--;
    }
    long len = (long)strlen(text);
    if (len > 0 && text[len - 1] == '\n') len--;
    if (offset > len) offset = len;
    for (;;) {
        const char *nl = strchr(text, '\n');
        if (!nl) break;
        long inl = (long)(nl - text);
        if (inl >= offset) break;
        inl += 1;
        text += inl;
        len -= inl;
        offset -= inl;
    }
    sb_append_cstr(I, b, "    ");
    sb_append_cstr(I, b, text);
    if (text[len] != '\n') sb_append_char(I, b, '\n');
    if (offset < 0) return;
    sb_append_cstr(I, b, "    ");
    while (--offset >= 0)
        sb_append_char(I, b, ' ');
    for (size_t i = 0; i < caret_reps; i++)
        sb_append_char(I, b, '^');
    sb_append_char(I, b, '\n');
}

static bool value_to_long(Value v, long *out) {
    if (v.tag == KR_TINT || v.tag == KR_TBOOL) {
        *out = (long)v.as.i;
        return true;
    }
    return false;
}

/* The "  File ..., line N" block of a SyntaxError; returns its msg for the last line. */
static Value format_syntax_error(Interp *I, StrBuf *b, ExcObj *e) {
    Value msg = (e->args && e->args->len > 0) ? e->args->items[0] : V_NULL;
    if (!is_obj(e->extra) || as_obj(e->extra)->type->id != TY_TUPLE) return msg;
    Tuple *info = as_tuple(e->extra);
    if (info->len < 4) return msg;
    Value fn = info->items[0], text = info->items[3];
    long lineno = 0, offset = 0, end_lineno = 0, end_offset = 0;
    if (!value_to_long(info->items[1], &lineno)) return msg;
    value_to_long(info->items[2], &offset);
    if (info->len >= 6) {
        value_to_long(info->items[4], &end_lineno);
        value_to_long(info->items[5], &end_offset);
    }
    sb_appendf(I, b, "  File \"%s\", line %ld\n", is_str(I, fn) ? as_str(fn)->data : "<string>",
               lineno);
    /* CPython 3.11 underlines a range only for SyntaxError itself; its subclasses
     * (IndentationError, TabError, user classes) get a single caret. */
    if (e->hdr.type != I->types[TY_SYNTAX_ERROR]) end_offset = -1;
    if (is_str(I, text)) {
        /* CPython's text keeps the line's newline; ours may not, so count it. */
        long line_size = (long)as_str(text)->len;
        if (line_size == 0 || as_str(text)->data[line_size - 1] != '\n') line_size++;
        if (end_lineno > lineno && end_offset != -1) end_offset = line_size;
        if (end_offset > line_size + 1) end_offset = line_size + 1;
        format_error_text(I, b, offset, end_offset, as_str(text)->data);
    }
    return msg;
}

/* ---- "Did you mean" (CPython 3.11's Python/suggestions.c) ----------------------------- */

#define SUGGEST_MAX_CANDIDATES 750
#define SUGGEST_MAX_STRING     40
#define SUGGEST_MOVE_COST      2
#define SUGGEST_CASE_COST      1

static size_t substitution_cost(char a, char b) {
    if ((a & 31) != (b & 31)) return SUGGEST_MOVE_COST;
    if (a == b) return 0;
    if ('A' <= a && a <= 'Z') a += 'a' - 'A';
    if ('A' <= b && b <= 'Z') b += 'a' - 'A';
    return a == b ? SUGGEST_CASE_COST : SUGGEST_MOVE_COST;
}

static size_t levenshtein(const char *a, size_t na, const char *b, size_t nb, size_t max_cost) {
    size_t buffer[SUGGEST_MAX_STRING];
    if (a == b) return 0;
    while (na && nb && a[0] == b[0]) {
        a++, b++, na--, nb--;
    }
    while (na && nb && a[na - 1] == b[nb - 1]) {
        na--, nb--;
    }
    if (na == 0 || nb == 0) return (na + nb) * SUGGEST_MOVE_COST;
    if (na > SUGGEST_MAX_STRING || nb > SUGGEST_MAX_STRING) return max_cost + 1;
    if (nb < na) {
        const char *t = a;
        a = b, b = t;
        size_t tn = na;
        na = nb, nb = tn;
    }
    if ((nb - na) * SUGGEST_MOVE_COST > max_cost) return max_cost + 1;
    for (size_t i = 0; i < na; i++)
        buffer[i] = (i + 1) * SUGGEST_MOVE_COST;
    size_t result = 0;
    for (size_t bi = 0; bi < nb; bi++) {
        char code = b[bi];
        size_t distance = result = bi * SUGGEST_MOVE_COST;
        size_t minimum = SIZE_MAX;
        for (size_t i = 0; i < na; i++) {
            size_t substitute = distance + substitution_cost(code, a[i]);
            distance = buffer[i];
            size_t insert_delete = (result < distance ? result : distance) + SUGGEST_MOVE_COST;
            result = insert_delete < substitute ? insert_delete : substitute;
            buffer[i] = result;
            if (result < minimum) minimum = result;
        }
        if (minimum > max_cost) return max_cost + 1;
    }
    return result;
}

/* The closest candidate to name, in the candidates' order (first best wins). */
static Str *best_suggestion(Str **cands, size_t n, Str *name) {
    if (n >= SUGGEST_MAX_CANDIDATES) return NULL;
    Str *best = NULL;
    size_t best_dist = SIZE_MAX;
    for (size_t i = 0; i < n; i++) {
        Str *item = cands[i];
        if (str_eq(item, name)) continue;
        size_t max_dist = (name->len + item->len + 3) * SUGGEST_MOVE_COST / 6;
        if (best_dist - 1 < max_dist) max_dist = best_dist - 1;
        size_t d = levenshtein(name->data, name->len, item->data, item->len, max_dist);
        if (d > max_dist) continue;
        if (!best || d < best_dist) {
            best = item;
            best_dist = d;
        }
    }
    return best;
}

typedef struct NameList {
    Str **items;
    size_t len, cap;
} NameList;

static void names_add(Interp *I, NameList *l, Value k) {
    if (!is_obj(k) || as_obj(k)->type->id != TY_STR) return;
    if (l->len == l->cap) {
        size_t ncap = l->cap ? l->cap * 2 : 64;
        Str **n = mem_realloc(I, l->items, l->cap * sizeof(Str *), ncap * sizeof(Str *));
        if (!n) return;
        l->items = n;
        l->cap = ncap;
    }
    l->items[l->len++] = as_str(k);
}

static void names_add_dict(Interp *I, NameList *l, Dict *d) {
    size_t pos = 0;
    Value k, v;
    while (d && dict_next(d, &pos, &k, &v))
        names_add(I, l, k);
}

static int names_cmp(const void *a, const void *b) {
    return str_compare(*(Str *const *)a, *(Str *const *)b);
}

/* dir(obj) as the default __dir__s compute it: sorted, without duplicates. */
static void names_dir(Interp *I, NameList *l, Value obj) {
    Type *t = type_of(I, obj);
    if (t->id == TY_MODULE) {
        names_add_dict(I, l, ((Module *)as_obj(obj))->dict);
    } else {
        Type *mt = t;
        if (is_obj(obj) && type_is_subtype(t, I->types[TY_TYPE])) {
            mt = (Type *)as_obj(obj);
        } else {
            Dict **dp = obj_dict_ptr(I, obj);
            if (dp && *dp) names_add_dict(I, l, *dp);
        }
        Tuple *mro = type_mro_noerr(I, mt);
        for (size_t i = 0; mro && i < mro->len; i++) {
            names_add_dict(I, l, type_dict_noerr(I, (Type *)as_obj(mro->items[i])));
        }
    }
    if (l->len < 2) return;
    qsort(l->items, l->len, sizeof(Str *), names_cmp);
    size_t w = 1;
    for (size_t i = 1; i < l->len; i++) {
        if (!str_eq(l->items[i], l->items[w - 1])) l->items[w++] = l->items[i];
    }
    l->len = w;
}

static Value exc_extra_item(ExcObj *e, size_t i) {
    if (!is_obj(e->extra) || as_obj(e->extra)->type->id != TY_TUPLE) return V_NULL;
    Tuple *t = as_tuple(e->extra);
    return i < t->len ? t->items[i] : V_NULL;
}

/* The name CPython's traceback offers for a NameError or AttributeError, or NULL. */
static Str *offer_suggestion(Interp *I, ExcObj *e) {
    Type *t = e->hdr.type;
    bool name_error = type_is_subtype(t, I->types[TY_NAME_ERROR]);
    bool attr_error = type_is_subtype(t, I->types[TY_ATTRIBUTE_ERROR]);
    if (!name_error && !attr_error) return NULL;
    Value name = exc_extra_item(e, 0);
    if (!is_obj(name) || as_obj(name)->type->id != TY_STR) return NULL;
    NameList l = {NULL, 0, 0};
    Str *best = NULL;
    bool saved_disabled = I->gc_disabled;
    I->gc_disabled = true; /* the candidate array holds unrooted names */
    if (attr_error) {
        Value obj = exc_extra_item(e, 1);
        if (!is_null(obj) && !is_none(obj)) {
            names_dir(I, &l, obj);
            best = best_suggestion(l.items, l.len, as_str(name));
        }
    } else if (e->traceback) {
        Traceback *tb = (Traceback *)e->traceback;
        while (tb->next)
            tb = tb->next;
        Code *co = tb->code;
        for (uint32_t i = 0; i < co->nlocals; i++)
            names_add(I, &l, v_obj(co->varnames[i]));
        best = best_suggestion(l.items, l.len, as_str(name));
        if (!best) {
            l.len = 0;
            names_add_dict(I, &l, tb->globals);
            best = best_suggestion(l.items, l.len, as_str(name));
        }
        if (!best && I->builtins) {
            l.len = 0;
            if (!module_lazy_complete(I, I->builtins->dict)) err_clear(I); /* what there is */
            names_add_dict(I, &l, I->builtins->dict);
            best = best_suggestion(l.items, l.len, as_str(name));
        }
    }
    if (l.items) mem_free(I, l.items, l.cap * sizeof(Str *));
    I->gc_disabled = saved_disabled;
    err_clear(I);
    return best;
}

/* The printing context of CPython 3.11's pythonrun.c (print_exception_recursive): exception
 * groups indent their members two columns a level behind a "| " margin; `seen` keeps each
 * exception printed once across chains and groups. */
typedef struct PrintCtx {
    int depth;
    bool need_close;
    Obj **seen;
    size_t nseen, capseen;
} PrintCtx;

enum { GROUP_MAX_WIDTH = 15, GROUP_MAX_DEPTH = 10 };

static void put_indent(Interp *I, StrBuf *b, PrintCtx *ctx) {
    for (int i = 0; i < ctx->depth; i++)
        sb_append_cstr(I, b, "  ");
}

static void put_margin(Interp *I, StrBuf *b, PrintCtx *ctx) {
    put_indent(I, b, ctx);
    if (ctx->depth) sb_append_cstr(I, b, "| ");
}

/* Every line of text, behind the context's margin. */
static void put_lines(Interp *I, StrBuf *b, PrintCtx *ctx, const char *text, size_t n) {
    if (!text) return; /* a buffer an allocation failure left empty */
    const char *p = text, *end = text + n;
    while (p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        const char *stop = nl ? nl + 1 : end;
        put_margin(I, b, ctx);
        sb_append(I, b, p, (size_t)(stop - p));
        p = stop;
    }
}

static bool is_group_exc(Interp *I, Obj *exc) {
    return type_is_subtype(exc->type, I->types[TY_BASE_EXCEPTION_GROUP]);
}

/* __notes__ after the message, as print_exception_notes. */
static void format_notes(Interp *I, StrBuf *b, PrintCtx *ctx, Obj *exc) {
    Str *key = str_intern_cstr(I, "__notes__");
    Value notes;
    int r = key ? obj_lookup_attr(I, v_obj(exc), key, &notes) : -1;
    if (r <= 0) {
        err_clear(I);
        return;
    }
    Type *nt = type_of(I, notes);
    if (!nt->slots.getitem || type_is_subtype(nt, I->types[TY_DICT]) || is_str(I, notes) ||
        is_bytes(I, notes)) {
        put_margin(I, b, ctx);
        Value rep = obj_repr(I, notes);
        if (is_null(rep)) {
            err_clear(I);
            sb_append_cstr(I, b, "<__notes__ repr() failed>");
        } else {
            sb_append_str(I, b, as_str(rep));
        }
        return; /* CPython 3.11 writes no newline after it */
    }
    int64_t n = obj_len(I, notes);
    for (int64_t i = 0; i < n; i++) {
        Value note = obj_getitem(I, notes, v_int(i));
        Value s = is_null(note) ? V_NULL : obj_str(I, note);
        if (is_null(s)) {
            err_clear(I);
            sb_append_cstr(I, b, "<note str() failed>");
        } else {
            put_lines(I, b, ctx, as_str(s)->data, as_str(s)->len);
        }
        sb_append_char(I, b, '\n');
    }
    if (n < 0) err_clear(I);
}

/* print_exception: the traceback, the message line and the notes of one exception. */
static void format_one(Interp *I, StrBuf *out, PrintCtx *ctx, Obj *exc) {
    ExcObj *e = (ExcObj *)exc;
    StrBuf b;
    long limit = e->traceback ? traceback_limit(I) : 0;
    if (e->traceback && limit > 0) { /* as CPython: limit <= 0 prints no traceback at all */
        bool group = is_group_exc(I, exc);
        put_indent(I, out, ctx);
        if (group && ctx->depth == 1)
            sb_append_cstr(I, out, "+ ");
        else if (ctx->depth)
            sb_append_cstr(I, out, "| ");
        sb_append_cstr(I, out,
                       group ? "Exception Group Traceback (most recent call last):\n"
                             : "Traceback (most recent call last):\n");
        sb_init(&b);
        format_traceback(I, &b, (Traceback *)e->traceback, limit);
        put_lines(I, out, ctx, b.data, b.len);
        sb_free(I, &b);
    }
    sb_init(&b);
    Value msg = V_NULL;
    bool syntax = is_instance(I, v_obj(exc), I->types[TY_SYNTAX_ERROR]);
    if (syntax) msg = format_syntax_error(I, &b, e);
    Type *t = exc->type;
    if (t->module && strcmp(t->module->data, "builtins") != 0 &&
        strcmp(t->module->data, "__main__") != 0) {
        sb_appendf(I, &b, "%s.", t->module->data);
    }
    sb_append_str(I, &b, t->qualname ? t->qualname : t->name);
    if (!syntax || is_null(msg))
        msg = exc_str(I, v_obj(exc));
    else if (!is_str(I, msg))
        msg = obj_str(I, msg);
    if (is_null(msg)) {
        err_clear(I);
        sb_append_cstr(I, &b, ": <exception str() failed>");
    } else if (as_str(msg)->len > 0) {
        sb_append_cstr(I, &b, ": ");
        sb_append_str(I, &b, as_str(msg));
    }
    Str *suggestion = offer_suggestion(I, e);
    if (suggestion) sb_appendf(I, &b, ". Did you mean: '%s'?", suggestion->data);
    sb_append_char(I, &b, '\n');
    put_lines(I, out, ctx, b.data, b.len);
    sb_free(I, &b);
    format_notes(I, out, ctx, exc);
}

static bool seen_has(PrintCtx *ctx, Obj *o) {
    for (size_t i = 0; i < ctx->nseen; i++)
        if (ctx->seen[i] == o) return true;
    return false;
}

static void seen_add(Interp *I, PrintCtx *ctx, Obj *o) {
    if (ctx->nseen == ctx->capseen) {
        size_t ncap = ctx->capseen ? ctx->capseen * 2 : 16;
        Obj **n = mem_realloc(I, ctx->seen, ctx->capseen * sizeof(Obj *), ncap * sizeof(Obj *));
        if (!n) {
            err_clear(I);
            return;
        }
        ctx->seen = n;
        ctx->capseen = ncap;
    }
    ctx->seen[ctx->nseen++] = o;
}

static void format_recursive(Interp *I, StrBuf *b, PrintCtx *ctx, Obj *exc);

static void format_chained(Interp *I, StrBuf *b, PrintCtx *ctx, Obj *exc, const char *message) {
    bool need_close = ctx->need_close;
    format_recursive(I, b, ctx, exc);
    ctx->need_close = need_close;
    put_margin(I, b, ctx);
    sb_append_char(I, b, '\n');
    put_margin(I, b, ctx);
    sb_append_cstr(I, b, message);
    put_margin(I, b, ctx);
    sb_append_char(I, b, '\n');
}

static void format_group(Interp *I, StrBuf *b, PrintCtx *ctx, Obj *exc) {
    if (ctx->depth > GROUP_MAX_DEPTH) {
        put_margin(I, b, ctx);
        sb_appendf(I, b, "... (max_group_depth is %d)\n", GROUP_MAX_DEPTH);
        return;
    }
    if (ctx->depth == 0) ctx->depth = 1;
    format_one(I, b, ctx, exc);
    Value x = ((ExcObj *)exc)->extra;
    Tuple *excs = is_obj(x) && x.as.o && x.as.o->type == I->types[TY_TUPLE] &&
                          ((Tuple *)x.as.o)->len == 2 && is_obj(((Tuple *)x.as.o)->items[1])
                      ? (Tuple *)((Tuple *)x.as.o)->items[1].as.o
                      : I->empty_tuple;
    size_t num = excs->len, n = num <= GROUP_MAX_WIDTH ? num : GROUP_MAX_WIDTH + 1;
    ctx->need_close = false;
    for (size_t i = 0; i < n; i++) {
        bool last = i == n - 1;
        if (last) ctx->need_close = true;
        put_indent(I, b, ctx);
        bool truncated = i >= GROUP_MAX_WIDTH;
        if (truncated)
            sb_appendf(I, b, "%s+---------------- ... ----------------\n", i == 0 ? "+-" : "  ");
        else
            sb_appendf(I, b, "%s+---------------- %zu ----------------\n", i == 0 ? "+-" : "  ",
                       i + 1);
        ctx->depth++;
        if (!truncated) {
            if (c_recursion_enter(I, " in print_exception_group")) {
                format_recursive(I, b, ctx, excs->items[i].as.o);
                c_recursion_leave(I);
            } else {
                err_clear(I);
            }
        } else {
            size_t rem = num - GROUP_MAX_WIDTH;
            put_margin(I, b, ctx);
            sb_appendf(I, b, "and %zu more exception%s\n", rem, rem > 1 ? "s" : "");
        }
        if (last && ctx->need_close) {
            put_indent(I, b, ctx);
            sb_append_cstr(I, b, "+------------------------------------\n");
            ctx->need_close = false;
        }
        ctx->depth--;
    }
    if (ctx->depth == 1) ctx->depth = 0;
}

static void format_recursive(Interp *I, StrBuf *b, PrintCtx *ctx, Obj *exc) {
    if (!c_recursion_enter(I, " in print_exception_recursive")) {
        err_clear(I);
        return;
    }
    ExcObj *e = (ExcObj *)exc;
    seen_add(I, ctx, exc);
    /* (an object value without an object is a link an out-of-memory left half-made) */
    if (is_obj(e->cause) && e->cause.as.o) {
        if (!seen_has(ctx, e->cause.as.o))
            format_chained(I, b, ctx, e->cause.as.o,
                           "The above exception was the direct cause of the following "
                           "exception:\n");
    } else if (!e->suppress_context && is_obj(e->context) && e->context.as.o &&
               !seen_has(ctx, e->context.as.o)) {
        format_chained(I, b, ctx, e->context.as.o,
                       "During handling of the above exception, another exception occurred:\n");
    }
    if (is_group_exc(I, exc))
        format_group(I, b, ctx, exc);
    else
        format_one(I, b, ctx, exc);
    c_recursion_leave(I);
}

Value vm_format_exception(Interp *I, Obj *exc) {
    Obj *saved = I->exc;
    I->exc = NULL;
    /* No collection while the chain is formatted: an allocation that fails in here calls
     * err_nomem, which clears the preallocated MemoryError's links, and when that instance
     * is in the chain, the exceptions after it are then reachable only from chain[]. */
    bool saved_disabled = I->gc_disabled;
    I->gc_disabled = true;
    StrBuf b;
    sb_init(&b);
    PrintCtx ctx = {0};
    format_recursive(I, &b, &ctx, exc);
    mem_free(I, ctx.seen, ctx.capseen * sizeof(Obj *));
    Str *s = sb_finish(I, &b);
    I->gc_disabled = saved_disabled;
    I->exc = saved;
    return s ? v_obj(s) : V_NULL;
}
