/* api_hook.c: kr_set_hook, the host's debug hook (Lua's lua_sethook). The VM reports events
 * through I->hook_fn (vm/hook.c); this file turns a frame into the kr_debug_info the host
 * reads: the event, the script file, the line, the function's qualified name and the call
 * depth. */
#include "api_internal.h"
#include "../vm/code.h"
#include "../vm/frame.h"
#include "../vm/str.h"

_Static_assert((int)KR_HOOK_CALL == (int)VM_HOOK_CALL &&
                   (int)KR_HOOK_RETURN == (int)VM_HOOK_RETURN &&
                   (int)KR_HOOK_LINE == (int)VM_HOOK_LINE &&
                   (int)KR_HOOK_COUNT == (int)VM_HOOK_COUNT,
               "krait.h's hook events are the VM's");

static void api_hook_bridge(Interp *I, int event, Frame *f) {
    ApiState *a = I->api;
    if (!a || !a->hook) return;
    kr_debug_info d;
    d.event = event;
    d.file = f->code->filename ? f->code->filename->data : "?";
    d.function = f->code->qualname ? f->code->qualname->data
                 : f->code->name   ? f->code->name->data
                                   : "?";
    d.line = frame_line(f);
    d.depth = I->recursion_depth;
    a->hook(I, &d, a->hook_ud);
}

void kr_set_hook(kr_interp *I, kr_hook_fn fn, int mask, int count, void *ud) {
    if (!I || !I->api) return;
    mask &= KR_HOOK_CALL | KR_HOOK_RETURN | KR_HOOK_LINE | KR_HOOK_COUNT;
    if (count <= 0) mask &= ~KR_HOOK_COUNT;
    if (!fn) mask = 0;
    I->api->hook = mask ? fn : NULL;
    I->api->hook_ud = ud;
    I->hook_fn = mask ? api_hook_bridge : NULL;
    I->hook_count = count > 0 ? count : 0;
    I->hook_countdown = I->hook_count;
    I->hook_mask = mask;
}
