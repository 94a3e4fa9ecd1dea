/* api_args.c: kr_parse_args, a host function's argument parsing from a signature written as
 * Python writes one ("move(x: f, y: f = ?, /, *, label: s = ?)"), as pocketpy's py_bind or
 * Lua's luaL_check* do it: positional and keyword arguments matched to parameters, defaults
 * left alone, and CPython's messages for what goes wrong (too many, missing, unexpected or
 * duplicated keywords, wrong types naming the argument). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "api_internal.h"
#include "../vm/dict.h"
#include "../vm/error.h"
#include "../vm/gc.h"
#include "../vm/number.h"
#include "../vm/str.h"

#define MAX_PARAMS 32

typedef struct Param {
    const char *name;
    size_t len;
    char type;     /* i f b s o */
    bool optional; /* "= ?" */
    bool kwonly;   /* after "*" */
    bool posonly;  /* before "/" */
} Param;

typedef struct Sig {
    char fname[64];
    Param p[MAX_PARAMS];
    int n, npos, nreq_pos;
} Sig;

static bool is_ident(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

static const char *skip_ws(const char *s) {
    while (*s == ' ')
        s++;
    return s;
}

/* False for a malformed signature (the host's bug: KR_BADARG). */
static bool sig_parse(const char *s, Sig *g) {
    memset(g, 0, sizeof *g);
    const char *open = strchr(s, '(');
    if (!open || (size_t)(open - s) >= sizeof g->fname || !strchr(open, ')')) return false;
    memcpy(g->fname, s, (size_t)(open - s));
    bool kwonly = false;
    s = skip_ws(open + 1);
    while (*s != ')') {
        if (*s == '*' || *s == '/') {
            if (*s == '*') kwonly = true;
            if (*s == '/')
                for (int i = 0; i < g->n; i++)
                    g->p[i].posonly = true;
            s = skip_ws(s + 1);
        } else {
            if (g->n == MAX_PARAMS || !is_ident(*s)) return false;
            Param *p = &g->p[g->n++];
            p->name = s;
            while (is_ident(*s))
                s++;
            p->len = (size_t)(s - p->name);
            s = skip_ws(s);
            if (*s++ != ':') return false;
            s = skip_ws(s);
            p->type = *s++;
            if (!strchr("ifbso", p->type) || !p->type) return false;
            s = skip_ws(s);
            if (*s == '=') {
                s = skip_ws(s + 1);
                if (*s++ != '?') return false;
                p->optional = true;
                s = skip_ws(s);
            }
            p->kwonly = kwonly;
            if (!kwonly) {
                g->npos++;
                if (!p->optional) g->nreq_pos = g->npos;
            }
        }
        if (*s == ',')
            s = skip_ws(s + 1);
        else if (*s != ')')
            return false;
    }
    return true;
}

static int raise_missing(Interp *I, const Sig *g, const bool *have, bool kwonly) {
    int idx[MAX_PARAMS], n = 0;
    for (int i = 0; i < g->n; i++)
        if (!have[i] && !g->p[i].optional && g->p[i].kwonly == kwonly) idx[n++] = i;
    if (!n) return KR_OK;
    char list[512] = "";
    size_t len = 0;
    for (int k = 0; k < n && len < sizeof list - 80; k++) {
        const char *sep = k == 0 ? "" : (k == n - 1 ? (n > 2 ? ", and " : " and ") : ", ");
        len += (size_t)snprintf(list + len, sizeof list - len, "%s'%.*s'", sep,
                                (int)g->p[idx[k]].len, g->p[idx[k]].name);
    }
    err_format(I, TY_TYPE_ERROR, "%s() missing %d required %s argument%s: %s", g->fname, n,
               kwonly ? "keyword-only" : "positional", n == 1 ? "" : "s", list);
    return api_take_error(I);
}

static int convert(Interp *I, const Sig *g, const Param *p, Value v, void *out) {
    const char *want = NULL;
    switch (p->type) {
    case 'i': {
        if (!is_int(I, v)) {
            want = "int";
            break;
        }
        int64_t x;
        if (!int_to_i64(I, v, &x)) return api_take_error(I);
        *(long long *)out = x;
        return KR_OK;
    }
    case 'f':
        if (!is_int(I, v) && !is_float_value(I, v)) {
            want = "float";
            break;
        }
        if (!num_to_double(I, v, (double *)out)) return api_take_error(I);
        return KR_OK;
    case 'b': {
        int t = obj_truthy(I, v);
        if (t < 0) return api_take_error(I);
        *(int *)out = t;
        return KR_OK;
    }
    case 's':
        if (!is_str(I, v)) {
            want = "str";
            break;
        }
        *(const char **)out = as_str(v)->data; /* lives as long as the argument */
        return KR_OK;
    default: {
        kr_value *h = api_give(I, v);
        if (!h) return KR_ERROR;
        *(kr_value **)out = h;
        return KR_OK;
    }
    }
    err_format(I, TY_TYPE_ERROR, "%s() argument '%.*s' must be %s, not %s", g->fname, (int)p->len,
               p->name, want, type_name(I, v));
    return api_take_error(I);
}

/* The parameter named by the keyword k, or -1. */
static int param_index(Interp *I, const Sig *g, Value k) {
    if (!is_str(I, k)) return -1;
    Str *ks = as_str(k);
    for (int i = 0; i < g->n; i++)
        if (g->p[i].len == ks->len && memcmp(g->p[i].name, ks->data, ks->len) == 0) return i;
    return -1;
}

/* CPython's too_many_positional: the keyword-only arguments given are counted too. */
static int too_many(Interp *I, const Sig *g, int argc, kr_value *kwargs) {
    int kwonly = 0;
    Value kd;
    if (kwargs && api_handle_get(I, kwargs, &kd) && is_obj(kd) &&
        kd.as.o->type == I->types[TY_DICT]) {
        size_t pos = 0;
        Value k, v;
        while (dict_next((Dict *)kd.as.o, &pos, &k, &v)) {
            int i = param_index(I, g, k);
            kwonly += i >= 0 && g->p[i].kwonly;
        }
    }
    char takes[48], extra[96] = "";
    if (g->nreq_pos == g->npos)
        snprintf(takes, sizeof takes, "%d positional argument%s", g->npos, g->npos == 1 ? "" : "s");
    else
        snprintf(takes, sizeof takes, "from %d to %d positional arguments", g->nreq_pos, g->npos);
    if (kwonly)
        snprintf(extra, sizeof extra, " positional argument%s (and %d keyword-only argument%s)",
                 argc != 1 ? "s" : "", kwonly, kwonly != 1 ? "s" : "");
    err_format(I, TY_TYPE_ERROR, "%s() takes %s but %d%s %s given", g->fname, takes, argc, extra,
               argc == 1 && !kwonly ? "was" : "were");
    return api_take_error(I);
}

int kr_parse_args(kr_interp *I, int argc, kr_value *const *argv, kr_value *kwargs, const char *sig,
                  ...) {
    Sig g;
    if (!I || argc < 0 || (argc && !argv) || !sig || !sig_parse(sig, &g)) return KR_BADARG;
    Value vals[MAX_PARAMS];
    bool have[MAX_PARAMS] = {false};
    if (argc > g.npos) return too_many(I, &g, argc, kwargs);
    for (int i = 0; i < argc; i++) {
        if (!api_handle_get(I, argv[i], &vals[i])) return KR_BADARG;
        have[i] = true;
    }
    if (kwargs) {
        Value kd;
        if (!api_handle_get(I, kwargs, &kd) || !is_obj(kd) || kd.as.o->type != I->types[TY_DICT])
            return KR_BADARG;
        size_t pos = 0;
        Value k, v;
        while (dict_next((Dict *)kd.as.o, &pos, &k, &v)) {
            if (!is_str(I, k)) continue;
            Str *ks = as_str(k);
            int hit = param_index(I, &g, k);
            if (hit < 0 || g.p[hit].posonly) {
                if (hit >= 0)
                    err_format(I, TY_TYPE_ERROR,
                               "%s() got some positional-only arguments passed as keyword "
                               "arguments: '%s'",
                               g.fname, ks->data);
                else
                    err_format(I, TY_TYPE_ERROR, "%s() got an unexpected keyword argument '%s'",
                               g.fname, ks->data);
                return api_take_error(I);
            }
            if (have[hit]) {
                err_format(I, TY_TYPE_ERROR, "%s() got multiple values for argument '%s'", g.fname,
                           ks->data);
                return api_take_error(I);
            }
            vals[hit] = v;
            have[hit] = true;
        }
    }
    int rc = raise_missing(I, &g, have, false);
    if (rc == KR_OK) rc = raise_missing(I, &g, have, true);
    if (rc != KR_OK) return rc;
    va_list ap;
    va_start(ap, sig);
    for (int i = 0; i < g.n && rc == KR_OK; i++) {
        void *out = va_arg(ap, void *);
        if (have[i]) rc = convert(I, &g, &g.p[i], vals[i], out);
    }
    va_end(ap);
    return rc;
}
