/* module_lazy.c: module entries made at their first lookup (issue 15: a fresh interpreter
 * held ~80 KB of them, and a script uses a few): the builtins module's functions and
 * exception classes (here), and sys's streams, version_info, float_info and implementation
 * (stdlib/sys.c, through hooks.sys_fill, in the same way).
 *
 * The module's dict starts with the builtin types, the constants and what the host
 * registers. Every lookup that misses it (the VM's global and name lookups, the module's
 * getattr, module_lazy_get for C callers) ask module_lazy_fill, which makes that one entry from
 * the static tables (the MethodDef tables stdlib/builtins.c hands over, BUILTIN_EXCEPTIONS
 * and two aliases), stores it unless the dict has the name already, and marks it made: a
 * name a script deleted stays deleted, a host's own function of that name stays. Whatever
 * lists the dict (its __dict__, dir(), `from builtins import *`, the sandbox's copy, name
 * suggestions, the REPL's completion) makes the rest first (module_lazy_complete); after
 * that I->lazy_builtins (I->lazy_sys) is NULL and the dict is an ordinary one. */
#include <string.h>

#include "dict.h"
#include "error.h"
#include "str.h"
#include "vm.h"

/* The entries, in index order: the functions of each table, then every exception class
 * (its TypeId less TY_BASE_EXCEPTION), then the aliases of OSError. */
static const char *const os_error_aliases[] = {"EnvironmentError", "IOError"};
#define NALIASES    (sizeof os_error_aliases / sizeof os_error_aliases[0])
#define NEXCEPTIONS (TY__COUNT - TY_BASE_EXCEPTION)

typedef struct LazyEntry {
    const MethodDef *def; /* a function, or NULL */
    int type_id;          /* an exception class, or -1 */
    const char *name;
} LazyEntry;

static bool made(Interp *I, size_t i) {
    return I->lazy_builtins_made[i / 64] >> (i % 64) & 1;
}

static void mark_made(Interp *I, size_t i) {
    I->lazy_builtins_made[i / 64] |= (uint64_t)1 << (i % 64);
}

/* Entry i into the dict, and marked made; a failure leaves it absent and not made, for a
 * later lookup to try again. */
static bool make_entry(Interp *I, size_t i, const LazyEntry *e) {
    Dict *d = I->lazy_builtins;
    Str *name = str_intern_cstr(I, e->name);
    if (!name) return false;
    Value v = dict_get_str(d, name); /* the host's or a script's stays */
    if (is_null(v) && e->def) {
        v = native_func_new(I, e->def->name, e->def->fn, e->def->flags, I->builtins);
        if (is_null(v) || dict_set_str(I, d, name, v) < 0) return false;
    } else if (is_null(v)) {
        Type *t = exc_type(I, e->type_id);
        if (!t || dict_set_str(I, d, name, v_obj(t)) < 0) return false;
    }
    mark_made(I, i);
    return true;
}

typedef struct FillCtx {
    Str *name; /* NULL: every entry */
    bool found;
} FillCtx;

/* Entry i when it is wanted (the one named, or any) and not made yet: 1 made (or failed:
 * -1), 0 passed over. */
static int visit(Interp *I, FillCtx *c, size_t i, const LazyEntry *e) {
    if (made(I, i) || (c->name && strcmp(c->name->data, e->name) != 0)) return 0;
    c->found = true;
    return make_entry(I, i, e) ? 1 : -1;
}

/* Every entry in index order; stops at the named one. */
static bool fill(Interp *I, void *ctx) {
    FillCtx *c = ctx;
    size_t i = 0;
    int r;
    for (const MethodDef *const *t = I->lazy_builtin_funcs; t && *t; t++)
        for (const MethodDef *d = *t; d->name; d++, i++) {
            LazyEntry e = {d, -1, d->name};
            if ((r = visit(I, c, i, &e)) < 0) return false;
            if (r && c->name) return true;
        }
    for (int id = TY_BASE_EXCEPTION; id < TY__COUNT; id++, i++) {
        LazyEntry e = {NULL, id, exc_type_name(id)};
        if ((r = visit(I, c, i, &e)) < 0) return false;
        if (r && c->name) return true;
    }
    for (size_t k = 0; k < NALIASES; k++, i++) {
        LazyEntry e = {NULL, TY_OS_ERROR, os_error_aliases[k]};
        if ((r = visit(I, c, i, &e)) < 0) return false;
        if (r && c->name) return true;
    }
    return true;
}

static bool sys_fill(Interp *I, void *ctx) {
    FillCtx *c = ctx;
    int r = I->hooks.sys_fill(I, c->name);
    c->found = r != 0;
    return r >= 0;
}

/* One entry (name) or all (NULL) of d: 1 made, 0 none to make, -1 after raising
 * MemoryError (the host's allocator failed). */
static int lazy_fill(Interp *I, Dict *d, Str *name) {
    FillCtx c = {name, false};
    bool ok;
    if (d == I->lazy_builtins)
        ok = interp_quiet_build(I, fill, &c);
    else if (d == I->lazy_sys && I->hooks.sys_fill)
        ok = interp_quiet_build(I, sys_fill, &c);
    else
        return 0;
    if (!ok) {
        err_nomem(I);
        return -1;
    }
    return c.found;
}

int module_lazy_fill(Interp *I, Dict *d, Str *name) {
    return module_lazy(I, d) ? lazy_fill(I, d, name) : 0;
}

Value module_lazy_get(Interp *I, Dict *d, Str *name) {
    Value v = dict_get_str(d, name);
    if (is_null(v) && module_lazy(I, d) && lazy_fill(I, d, name) > 0) v = dict_get_str(d, name);
    return v;
}

bool module_lazy_complete(Interp *I, Dict *d) {
    if (!module_lazy(I, d)) return true;
    if (lazy_fill(I, d, NULL) < 0) return false;
    if (d == I->lazy_builtins) I->lazy_builtins = NULL;
    if (d == I->lazy_sys) I->lazy_sys = NULL;
    return true;
}

bool builtins_lazy_init(Interp *I, Module *m, const MethodDef *const *funcs) {
    size_t n = NEXCEPTIONS + NALIASES;
    for (const MethodDef *const *t = funcs; *t; t++)
        for (const MethodDef *d = *t; d->name; d++)
            n++;
    if (n > 64 * sizeof I->lazy_builtins_made / sizeof I->lazy_builtins_made[0]) return false;
    I->lazy_builtin_funcs = funcs;
    I->lazy_builtins = m->dict;
    return true;
}
