/* re_pcre2.c: _re, the native half of the re module: compiling a pattern with PCRE2 and
 * running one match. The Python half (stdlib/py/re.py) translates Python's syntax,
 * builds Pattern and Match objects and does findall/sub/split on top of _re.match.
 *
 * A compiled pattern is kept as a ReCode object holding a copy of the pcre2_code block
 * (what pcre2_code_copy does: the block is position independent), so the collector owns
 * it and no finalizer is needed. Positions cross this boundary as code-point indices;
 * PCRE2 works on the UTF-8 bytes, and the conversion is free for ASCII strings.
 *
 * Limits: PCRE2 has no hook of its own for the interpreter's run limits, so a match runs
 * first with a small match limit (RE_QUICK_LIMIT: a few milliseconds at most, and enough
 * for nearly every match); one that needs more runs again on the same pattern compiled with
 * PCRE2_AUTO_CALLOUT (made the first time it is needed), whose callout counts a step (and
 * sees an interrupt) every RE_STEP_ITEMS pattern items and reads the clock every
 * RE_CLOCK_ITEMS, up to PCRE2's own match limit. So catastrophic backtracking stops at a
 * time limit, a step limit or Ctrl-C (kr_interrupt) within milliseconds, and ordinary
 * matches pay nothing for it. Under a memory limit, PCRE2's heap (its backtracking frames,
 * outside the interpreter's allocator) is capped at what the limit leaves
 * (RE_HEAP_FLOOR_KIB at least), and running out is a MemoryError.
 *
 * Built only with KRAIT_WITH_PCRE2 (CMake finds libpcre2-8); without it _re does not
 * exist and `import re` raises ImportError saying why. */
#include <stddef.h>
#include <string.h>

#include "builtins.h"
#include "modules.h"

/* A compiled pattern: the pcre2_code block copied into an object of its own type, which a
 * script can hold and pass back but not make or change (a bytes object could be forged:
 * PCRE2 would run whatever a script wrote). object.__new__ on the type gives a zeroed one,
 * size 0, which re_code_of refuses. Defined with or without PCRE2 (the type table lists
 * it). */
typedef struct ReCode {
    Obj hdr;
    size_t size;           /* bytes of code in data; 0: not made by _re.compile */
    Str *pattern;          /* the PCRE2 pattern and options it was compiled from */
    uint32_t options;      /* (the polled copy's include PCRE2_AUTO_CALLOUT) */
    struct ReCode *polled; /* the same with callouts for long matches, made on first need */
    _Alignas(16) unsigned char data[];
} ReCode;

static void re_code_trace(Interp *I, Obj *o) {
    ReCode *c = (ReCode *)o;
    gc_mark_obj(I, (Obj *)c->pattern);
    gc_mark_obj(I, (Obj *)c->polled);
}

const TypeSpec re_code_spec = {
    .name = "_re.code",
    .base = TY_OBJECT,
    .instance_size = sizeof(ReCode),
    .slots = {.trace = re_code_trace},
};

#ifdef KRAIT_HAVE_PCRE2

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#define RE_QUICK_LIMIT    200000 /* PCRE2 match-limit units (backtracking points) before polling */
#define RE_STEP_ITEMS     256    /* callouts (pattern items) per step counted (interp_poll) */
#define RE_CLOCK_ITEMS    4096   /* callouts between two full checks (the clock) */
#define RE_HEAP_FLOOR_KIB 256    /* PCRE2 heap a match may always use under a memory limit */

/* The byte offset of code point `ch` in s (ch <= s->nchars). */
static size_t re_byte_of(Str *s, size_t ch) {
    if (s->ascii) return ch;
    size_t b = 0;
    for (size_t c = 0; c < ch && b < s->len; c++) {
        b++;
        while (b < s->len && ((unsigned char)s->data[b] & 0xC0) == 0x80)
            b++;
    }
    return b;
}

/* The code-point index of byte offset b (at a character boundary). */
static size_t re_char_of(Str *s, size_t b) {
    if (s->ascii) return b;
    size_t c = 0;
    for (size_t i = 0; i < b && i < s->len; i++)
        if (((unsigned char)s->data[i] & 0xC0) != 0x80) c++;
    return c;
}

static bool re_int_arg(Interp *I, Value v, const char *what, int64_t *out) {
    if (!is_smallint(v)) {
        err_format(I, TY_TYPE_ERROR, "_re: %s must be an int", what);
        return false;
    }
    *out = v.as.i;
    return true;
}

/* The compiled code copied into a new ReCode; NULL after raising. */
static ReCode *re_code_new(Interp *I, const pcre2_code *code, Str *pat, uint32_t opts) {
    size_t size = 0;
    pcre2_pattern_info(code, PCRE2_INFO_SIZE, &size);
    if (!size) {
        err_format(I, TY_RUNTIME_ERROR, "regular expression: compiled code has no size");
        return NULL;
    }
    ReCode *blob = gc_new(I, I->types[TY_RE_CODE], sizeof(ReCode) + size);
    if (!blob) return NULL;
    blob->size = size;
    blob->pattern = pat;
    blob->options = opts;
    memcpy(blob->data, code, size);
    return blob;
}

/* _re.compile(pattern, options) -> (code bytes, group count, {name: index}). A syntax
 * error raises ValueError(message, offset in code points). */
static Value re_compile(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "compile", kw) || !arg_count(I, "compile", argc, 2, 2)) return V_NULL;
    if (!is_str(I, argv[0]))
        return err_format(I, TY_TYPE_ERROR, "_re.compile: pattern must be str");
    int64_t opts;
    if (!re_int_arg(I, argv[1], "options", &opts)) return V_NULL;
    Str *pat = as_str(argv[0]);
    int errcode;
    PCRE2_SIZE erroff;
    pcre2_code *code =
        pcre2_compile((PCRE2_SPTR)pat->data, pat->len, (uint32_t)opts, &errcode, &erroff, NULL);
    if (!code) {
        PCRE2_UCHAR msg[256];
        pcre2_get_error_message(errcode, msg, sizeof msg);
        Str *m = str_from_cstr(I, (const char *)msg);
        if (!m) return V_NULL;
        Value args[2] = {v_obj(m), v_int((int64_t)re_char_of(pat, erroff))};
        Tuple *t = tuple_from_array(I, args, 2);
        if (!t) return V_NULL;
        Type *ve = exc_type(I, TY_VALUE_ERROR);
        Value exc = ve ? obj_call(I, v_obj(ve), 2, t->items, NULL) : V_NULL;
        if (is_null(exc)) return V_NULL;
        return err_set_value(I, exc);
    }
    uint32_t groups = 0, namecount = 0, entry = 0;
    PCRE2_SPTR table = NULL;
    pcre2_pattern_info(code, PCRE2_INFO_CAPTURECOUNT, &groups);
    pcre2_pattern_info(code, PCRE2_INFO_NAMECOUNT, &namecount);
    pcre2_pattern_info(code, PCRE2_INFO_NAMEENTRYSIZE, &entry);
    pcre2_pattern_info(code, PCRE2_INFO_NAMETABLE, &table);
    ReCode *blob = re_code_new(I, code, pat, (uint32_t)opts);
    Dict *names = blob ? dict_new(I) : NULL;
    bool ok = blob && names;
    for (uint32_t i = 0; ok && i < namecount; i++) {
        PCRE2_SPTR e = table + (size_t)i * entry;
        int idx = (e[0] << 8) | e[1];
        Str *n = str_from_cstr(I, (const char *)e + 2);
        ok = n && dict_set_str(I, names, n, v_int(idx)) == 0;
    }
    pcre2_code_free(code);
    if (!ok) return V_NULL;
    Value items[3] = {v_obj(blob), v_int(groups), v_obj(names)};
    Tuple *r = tuple_from_array(I, items, 3);
    return r ? v_obj(r) : V_NULL;
}

typedef struct RePoll {
    Interp *I;
    unsigned count;
    bool stopped;
} RePoll;

/* The callout of a polled run, before every pattern item: a step (interp_poll) every
 * RE_STEP_ITEMS items, the clock too (interp_check_host) every RE_CLOCK_ITEMS. */
static int re_callout(pcre2_callout_block *block, void *ud) {
    (void)block;
    RePoll *p = ud;
    if (++p->count % RE_STEP_ITEMS) return 0;
    if (interp_poll(p->I) && (p->count % RE_CLOCK_ITEMS || interp_check_host(p->I))) return 0;
    p->stopped = true;
    return PCRE2_ERROR_CALLOUT; /* abandons the match */
}

/* blob's pattern compiled with callouts at every item (kept in blob->polled); NULL after
 * raising. */
static ReCode *re_polled(Interp *I, ReCode *blob) {
    if (blob->polled) return blob->polled;
    if (!blob->pattern) {
        err_format(I, TY_RUNTIME_ERROR, "regular expression: no pattern to recompile");
        return NULL;
    }
    uint32_t opts = blob->options | PCRE2_AUTO_CALLOUT;
    int errcode;
    PCRE2_SIZE erroff;
    pcre2_code *code = pcre2_compile((PCRE2_SPTR)blob->pattern->data, blob->pattern->len, opts,
                                     &errcode, &erroff, NULL);
    if (!code) {
        err_format(I, TY_RUNTIME_ERROR, "regular expression: recompiling with callouts failed");
        return NULL;
    }
    ReCode *polled = re_code_new(I, code, blob->pattern, opts);
    pcre2_code_free(code);
    if (polled) blob->polled = polled;
    return polled;
}

/* One pcre2_match under the interpreter's limits (see the top of the file): its result
 * code; *stopped (with the exception set) when a limit, an interrupt or an allocation
 * stopped it. */
static int re_run(Interp *I, ReCode *blob, Str *s, size_t bpos, size_t bend, uint32_t opts,
                  pcre2_match_data *md, bool *stopped) {
    pcre2_match_context *mc = pcre2_match_context_create(NULL);
    if (!mc) {
        *stopped = true;
        err_format(I, TY_MEMORY_ERROR, "out of memory in the regular expression");
        return PCRE2_ERROR_NOMEMORY;
    }
    if (I->mem_limit) {
        /* PCRE2's heap gets what the memory limit leaves (in KiB), and the small start any
         * match needs (PCRE2's default cap is 20 GB) */
        size_t left = I->mem_limit > I->bytes_allocated ? I->mem_limit - I->bytes_allocated : 0;
        size_t kib = left / 1024 < RE_HEAP_FLOOR_KIB ? RE_HEAP_FLOOR_KIB : left / 1024;
        pcre2_set_heap_limit(mc, kib < UINT32_MAX ? (uint32_t)kib : UINT32_MAX);
    }
    uint32_t full = 0;
    pcre2_config(PCRE2_CONFIG_MATCHLIMIT, &full);
    pcre2_set_match_limit(mc, full < RE_QUICK_LIMIT ? full : RE_QUICK_LIMIT);
    const pcre2_code *code = (const pcre2_code *)blob->data;
    int rc = pcre2_match(code, (PCRE2_SPTR)s->data, bend, bpos, opts, md, mc);
    if (rc == PCRE2_ERROR_MATCHLIMIT && full > RE_QUICK_LIMIT) {
        /* a long match: again from the start, where the limits reach it */
        RePoll poll = {I, 0, false};
        ReCode *polled = interp_poll(I) && interp_check_host(I) ? re_polled(I, blob) : NULL;
        if (!polled) {
            poll.stopped = true;
        } else {
            pcre2_set_match_limit(mc, full);
            pcre2_set_callout(mc, re_callout, &poll);
            rc = pcre2_match((const pcre2_code *)polled->data, (PCRE2_SPTR)s->data, bend, bpos,
                             opts, md, mc);
        }
        *stopped = poll.stopped;
    }
    pcre2_match_context_free(mc);
    return rc;
}

/* _re.match(code, string, pos, endpos, options) -> None, or the tuple of 2*(groups+1)
 * code-point offsets (start, end per group; -1 for a group that did not take part). */
static Value re_match(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "match", kw) || !arg_count(I, "match", argc, 5, 5)) return V_NULL;
    if (!is_obj(argv[0]) || as_obj(argv[0])->type != I->types[TY_RE_CODE] ||
        ((ReCode *)as_obj(argv[0]))->size == 0)
        return err_format(I, TY_TYPE_ERROR, "_re.match: bad code object");
    if (!is_str(I, argv[1])) return err_format(I, TY_TYPE_ERROR, "_re.match: string must be str");
    int64_t pos, endpos, opts;
    if (!re_int_arg(I, argv[2], "pos", &pos) || !re_int_arg(I, argv[3], "endpos", &endpos) ||
        !re_int_arg(I, argv[4], "options", &opts))
        return V_NULL;
    ReCode *blob = (ReCode *)as_obj(argv[0]);
    Str *s = as_str(argv[1]);
    int64_t n = (int64_t)s->nchars;
    if (endpos > n) endpos = n;
    if (endpos < 0) endpos = 0;
    if (pos < 0) pos = 0;
    if (pos > endpos) return V_NONE;
    const pcre2_code *code = (const pcre2_code *)blob->data;
    size_t bpos = re_byte_of(s, (size_t)pos);
    size_t bend = re_byte_of(s, (size_t)endpos);
    pcre2_match_data *md = pcre2_match_data_create_from_pattern(code, NULL);
    if (!md) return err_format(I, TY_MEMORY_ERROR, "out of memory in the regular expression");
    bool stopped = false;
    int rc = re_run(I, blob, s, bpos, bend, (uint32_t)opts | PCRE2_NO_UTF_CHECK, md, &stopped);
    if (stopped) { /* a run limit or an interrupt: its exception is set */
        pcre2_match_data_free(md);
        return V_NULL;
    }
    Value result = V_NONE;
    if (rc >= 0) {
        uint32_t pairs = pcre2_get_ovector_count(md);
        PCRE2_SIZE *ov = pcre2_get_ovector_pointer(md);
        uint32_t groups = 0;
        pcre2_pattern_info(code, PCRE2_INFO_CAPTURECOUNT, &groups);
        if (pairs > groups + 1) pairs = groups + 1;
        Tuple *t = tuple_new(I, 2 * (size_t)(groups + 1));
        if (!t) {
            pcre2_match_data_free(md);
            return V_NULL;
        }
        for (uint32_t g = 0; g <= groups; g++) {
            int64_t a = -1, b = -1;
            if (g < pairs && (int)g < (rc == 0 ? (int)pairs : rc) && ov[2 * g] != PCRE2_UNSET) {
                a = (int64_t)re_char_of(s, ov[2 * g]);
                b = (int64_t)re_char_of(s, ov[2 * g + 1]);
            }
            t->items[2 * g] = v_int(a);
            t->items[2 * g + 1] = v_int(b);
        }
        result = v_obj(t);
    } else if (rc != PCRE2_ERROR_NOMATCH) {
        PCRE2_UCHAR msg[256];
        pcre2_get_error_message(rc, msg, sizeof msg);
        pcre2_match_data_free(md);
        if ((rc == PCRE2_ERROR_HEAPLIMIT || rc == PCRE2_ERROR_NOMEMORY) && I->mem_limit)
            return err_format(I, TY_MEMORY_ERROR, "regular expression: %s", (char *)msg);
        if (rc == PCRE2_ERROR_MATCHLIMIT || rc == PCRE2_ERROR_DEPTHLIMIT ||
            rc == PCRE2_ERROR_HEAPLIMIT || rc == PCRE2_ERROR_NOMEMORY)
            return err_format(I, TY_RECURSION_ERROR, "regular expression: %s", (char *)msg);
        return err_format(I, TY_RUNTIME_ERROR, "regular expression: %s", (char *)msg);
    }
    pcre2_match_data_free(md);
    return result;
}

static const MethodDef re_functions[] = {
    {"compile", re_compile, 0},
    {"match", re_match, 0},
    {NULL, NULL, 0},
};

Module *re_native_module_create(Interp *I) {
    Str *name = str_intern_cstr(I, "_re");
    Module *m = name ? module_new(I, name) : NULL;
    if (!m || module_add_functions(I, m, re_functions) < 0) return NULL;
    static const struct {
        const char *name;
        uint32_t value;
    } consts[] = {
        {"CASELESS", PCRE2_CASELESS},
        {"MULTILINE", PCRE2_MULTILINE},
        {"DOTALL", PCRE2_DOTALL},
        {"EXTENDED", PCRE2_EXTENDED},
        {"UTF", PCRE2_UTF},
        {"UCP", PCRE2_UCP},
        {"ANCHORED", PCRE2_ANCHORED},
        {"ENDANCHORED", PCRE2_ENDANCHORED},
        {"NOTEMPTY_ATSTART", PCRE2_NOTEMPTY_ATSTART},
        {"ALT_BSUX", PCRE2_ALT_BSUX},
    };
    for (size_t i = 0; i < sizeof consts / sizeof consts[0]; i++)
        if (module_set(I, m, consts[i].name, v_int(consts[i].value)) < 0) return NULL;
    char ver[64];
    pcre2_config(PCRE2_CONFIG_VERSION, ver);
    Str *vs = str_from_cstr(I, ver);
    if (!vs || module_set(I, m, "PCRE2_VERSION", v_obj(vs)) < 0) return NULL;
    return m;
}

#endif
