/* api_loader.c: the host's module loader (kr_set_module_loader). import asks it, through
 * I->hooks.load_source, for a name that no native or frozen module has and before sys.path,
 * so a host can serve modules from an archive, a database or memory, sandboxed scripts
 * included (the host decides what it serves). The loader gives source text, which is copied
 * before it returns, or registers a native module itself with kr_register_module. */
#include <string.h>

#include "api_internal.h"
#include "../vm/error.h"
#include "../vm/gc.h"
#include "../vm/str.h"

void kr_set_module_loader(kr_interp *I, kr_module_loader fn, void *ud) {
    if (!I || !I->api) return;
    I->api->loader = fn;
    I->api->loader_ud = ud;
}

Value api_load_source(Interp *I, Str *fullname, Str **filename) {
    ApiState *a = I->api;
    *filename = NULL;
    if (!a || !a->loader) return V_NONE;
    const char *src = NULL, *fname = NULL;
    size_t len = 0;
    size_t mark = kr_scope_push(I);
    Obj *saved = I->last_error;
    I->last_error = NULL;
    int rc = a->loader(I, fullname->data, a->loader_ud, &src, &len, &fname);
    Value out = V_NONE;
    if (rc != KR_OK) {
        /* The loader raised (kr_raise) or an API call it made failed: that error. */
        Obj *e = I->last_error ? I->last_error : saved;
        I->last_error = saved;
        kr_scope_pop(I, mark);
        if (e && rc == KR_ERROR) {
            err_restore(I, e);
            return V_NULL;
        }
        return err_format(I, TY_IMPORT_ERROR, "the host's module loader failed for '%s'",
                          fullname->data);
    }
    I->last_error = saved;
    if (src) {
        /* The host's buffers may go away after the loader returns: copy them now. The
         * caller roots both results. */
        if (utf8_validate(src, len) >= 0 || (fname && utf8_validate(fname, strlen(fname)) >= 0)) {
            kr_scope_pop(I, mark);
            return err_format(I, TY_IMPORT_ERROR,
                              "the host's module loader gave '%s' source that is not UTF-8",
                              fullname->data);
        }
        size_t tmark = gc_temp_mark(I);
        Str *s = str_new(I, src, len);
        if (s && gc_temp_push(I, v_obj(s))) {
            *filename =
                fname ? str_from_cstr(I, fname) : str_printf(I, "<host %s>", fullname->data);
            out = *filename ? v_obj(s) : V_NULL;
        } else {
            out = V_NULL;
        }
        gc_temp_reset(I, tmark);
    }
    kr_scope_pop(I, mark);
    return out;
}
