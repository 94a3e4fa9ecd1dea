/* hook.c: the debug hook's events (Lua's lua_sethook; the host sets it with kr_set_hook).
 * The dispatch loop calls vm_hook_step before every instruction while a hook is set, and
 * this file decides which events that instruction makes: "call" at a frame's first
 * instruction, "line" when the instruction starts a new line of its frame or jumps back
 * (a loop's next iteration, even on the same line), "return" before a return or a yield,
 * "count" every hook_count instructions. A frame the VM returns to keeps its last line, so
 * coming back from a call makes no line event, as in Lua. The hook runs with the frame's
 * pc and stack saved; a hook that asks for an interrupt (kr_interrupt, kr_terminate) stops
 * the script before the instruction runs. */
#include "frame.h"
#include "interp.h"
#include "code.h"
#include "opcodes.h"

static void emit(Interp *I, int event, Frame *f) {
    if (!(I->hook_mask & event) || !I->hook_fn) return;
    I->in_hook = true;
    I->hook_fn(I, event, f);
    I->in_hook = false;
}

bool vm_hook_step(Interp *I, Frame *f, unsigned op) {
    if (I->in_hook) return true;
    uint32_t pc = f->pc ? f->pc - 1 : 0; /* the instruction about to run */
    if (pc == 0) {
        f->hook_line = -1; /* a fresh frame: nothing seen yet */
        f->hook_pc = 0;
        emit(I, VM_HOOK_CALL, f);
    }
    /* A backward JUMP is a loop's plumbing, not a line of its own (CPython gives it none):
     * its target makes the iteration's line event. */
    bool back_jump = op == OP_JUMP && pc < f->code->ninstrs &&
                     INSTR_ARG(f->code->instrs[pc]) <= pc;
    /* nor is a generator's GEN_START prologue, which carries the def line */
    if ((I->hook_mask & VM_HOOK_LINE) && !back_jump && op != OP_GEN_START) {
        int32_t line = f->code->lines && pc < f->code->ninstrs ? f->code->lines[pc] : -1;
        if (line > 0 && (line != f->hook_line || pc < f->hook_pc)) {
            f->hook_line = line;
            emit(I, VM_HOOK_LINE, f);
        }
        f->hook_pc = pc;
    }
    if (op == OP_RETURN_VALUE || op == OP_YIELD_VALUE) emit(I, VM_HOOK_RETURN, f);
    if ((I->hook_mask & VM_HOOK_COUNT) && I->hook_count > 0 && --I->hook_countdown <= 0) {
        I->hook_countdown = I->hook_count;
        emit(I, VM_HOOK_COUNT, f);
    }
    if (atomic_load_explicit(&I->interrupt_pending, memory_order_relaxed))
        return interp_check_host(I);
    return true;
}
