/* api_ref.c: what a host keeps past one call. Persistent references (Lua's luaL_ref): a
 * native stores a script callback or object under an integer without putting it anywhere
 * a script can reach, and the value lives until kr_unref; the table is a root of the
 * collector (api_trace_roots). Also kr_check_interrupt, the check long natives make so that
 * limits, kr_terminate and Ctrl-C reach them as they reach the VM. */
#include <string.h>

#include "api_internal.h"
#include "../vm/error.h"
#include "../vm/gc.h"

/* A free slot holds V_NULL and the index of the next free one in next_free (0: none). */
int kr_ref(kr_interp *I, kr_value *v) {
    Value x;
    if (!api_handle_get(I, v, &x)) return 0;
    ApiState *a = I->api;
    size_t idx;
    if (a->ref_free) {
        idx = a->ref_free - 1;
        a->ref_free = a->refs[idx].next_free;
    } else {
        if (a->nrefs == a->caprefs) {
            size_t ncap = a->caprefs ? a->caprefs * 2 : 16;
            if (ncap > (size_t)0x3fffffff) return 0;
            /* x is rooted by the host's handle v during the allocation */
            struct ApiRef *nr = mem_realloc(I, a->refs, a->caprefs * sizeof *nr, ncap * sizeof *nr);
            if (!nr) {
                api_take_error(I);
                return 0;
            }
            a->refs = nr;
            a->caprefs = ncap;
        }
        idx = a->nrefs++;
    }
    a->refs[idx].v = x;
    a->refs[idx].next_free = 0;
    return (int)idx + 1;
}

static struct ApiRef *ref_slot(kr_interp *I, int ref) {
    if (!I || !I->api || ref <= 0 || (size_t)ref > I->api->nrefs) return NULL;
    struct ApiRef *r = &I->api->refs[ref - 1];
    return is_null(r->v) ? NULL : r;
}

kr_value *kr_ref_get(kr_interp *I, int ref) {
    struct ApiRef *r = ref_slot(I, ref);
    return r ? api_give(I, r->v) : NULL;
}

void kr_unref(kr_interp *I, int ref) {
    struct ApiRef *r = ref_slot(I, ref);
    if (!r) return;
    r->v = V_NULL;
    r->next_free = I->api->ref_free;
    I->api->ref_free = (size_t)ref;
}

size_t kr_ref_count(kr_interp *I) {
    if (!I || !I->api) return 0;
    size_t n = 0;
    for (size_t i = 0; i < I->api->nrefs; i++)
        n += !is_null(I->api->refs[i].v);
    return n;
}

void api_refs_trace(Interp *I) {
    ApiState *a = I->api;
    for (size_t i = 0; i < a->nrefs; i++)
        gc_mark_value(I, a->refs[i].v);
}

void api_refs_free(Interp *I) {
    ApiState *a = I->api;
    mem_free(I, a->refs, a->caprefs * sizeof *a->refs);
    a->refs = NULL;
    a->nrefs = a->caprefs = 0;
    a->ref_free = 0;
}

/* Outside a run there is nothing to stop. Inside one, the check the VM makes at a backward
 * jump (interp_poll): it counts one step, sees a pending interrupt or kr_terminate at once,
 * and reads the clock when the step budget between checks runs out. */
int kr_check_interrupt(kr_interp *I) {
    if (!I || !I->api) return KR_BADARG;
    if (I->api->run_depth == 0) return KR_OK;
    if (interp_poll(I)) return KR_OK;
    return api_take_error(I);
}
