/* api_loop.c: the host drives the interpreter's event loop (krait.h's kr_loop_*): each call
 * runs one of asyncio's host functions (_host_step, _host_timeout; stdlib/py/asyncio.py)
 * as a top-level run, with the run limits and error reporting of kr_call, and kr_loop_fd
 * gives libuv's backend fd (stdlib/uvloop.c) for the host's own poll loop. */
#include <string.h>

#include "api_internal.h"
#include "../vm/error.h"
#include "../vm/str.h"
#include "../vm/vm.h"

/* asyncio.NAME(*args) as a top-level run; the int result in *out. */
static int loop_call(Interp *I, const char *module, const char *name, int argc, Value *argv,
                     int64_t *out) {
    ApiRun r;
    api_run_begin(I, &r);
    Str *mn = str_intern_cstr(I, module), *fn = str_intern_cstr(I, name);
    Value mod = mn && fn ? vm_import(I, mn, V_NULL, V_NULL, 0) : V_NULL;
    Value f = is_null(mod) ? V_NULL : obj_getattr(I, mod, fn);
    Value res = is_null(f) ? V_NULL : obj_call(I, f, argc, argv, NULL);
    if (!is_null(res) && !is_smallint(res) && !is_bool(res))
        res = err_format(I, TY_TYPE_ERROR, "%s.%s returned no int", module, name);
    if (!is_null(res)) *out = is_bool(res) ? (int64_t)res.as.i : res.as.i;
    return api_run_end(I, &r, res, NULL);
}

int kr_loop_fd(kr_interp *I) {
    if (!I) return KR_BADARG;
    int64_t fd = -1;
    int rc = loop_call(I, "_uv", "backend_fd", 0, NULL, &fd);
    return rc != KR_OK ? -1 : (int)fd;
}

int kr_loop_timeout(kr_interp *I) {
    if (!I) return KR_BADARG;
    int64_t ms = -1;
    int rc = loop_call(I, "asyncio", "_host_timeout", 0, NULL, &ms);
    return rc != KR_OK ? -1 : ms > 0x7fffffff ? 0x7fffffff : (int)ms;
}

int kr_loop_step(kr_interp *I) {
    if (!I) return KR_BADARG;
    int64_t more = 0;
    Value block = V_FALSE;
    int rc = loop_call(I, "asyncio", "_host_step", 1, &block, &more);
    /* negative on failure: KR_ERROR is 1, which a host reads as "work left" (under a
     * lasting out-of-memory every step failed and test_loop's host polled for ever) */
    return rc != KR_OK ? -rc : (int)more;
}

int kr_loop_run(kr_interp *I) {
    if (!I) return KR_BADARG;
    for (;;) {
        int64_t more = 0;
        Value block = V_TRUE;
        int rc = loop_call(I, "asyncio", "_host_step", 1, &block, &more);
        if (rc != KR_OK) return rc;
        if (!more) return KR_OK;
    }
}

int kr_loop_exists(kr_interp *I) {
    return I && I->loop ? 1 : 0;
}
