/* compile_stmt.c: statements, function and class definitions.
 *
 * Exceptions use CPython 3.10's block model (SETUP_FINALLY / POP_BLOCK / POP_EXCEPT with
 * the exception object on the stack while a handler runs). A return, break or continue that
 * leaves a try, with or except block undoes each enclosing compile-time block on its way out
 * (unwind_fblock_stack): pops the block, runs an inline copy of a finally body, calls a
 * context manager's __exit__, restores the handled exception, as CPython 3.9+ does, so the
 * VM needs no special "pending return" state. */
#include <string.h>

#include "../vm/error.h"
#include "../vm/gc.h"
#include "../vm/seq.h"
#include "../vm/str.h"
#include "compile.h"

static int stmt_error(Compiler *c, AstStmt *s, const char *msg) {
    return compile_error(c, s->pos, "%s", msg);
}

static bool is_docstring_stmt(const AstStmtList *body) {
    if (body->len == 0) return false;
    AstStmt *s = body->items[0];
    return s->kind == STMT_EXPR && s->u.value.value->kind == EXPR_CONSTANT &&
           s->u.value.value->u.constant.kind == CONST_STR;
}

int compile_body(Compiler *c, const AstStmtList *body) {
    for (int i = 0; i < body->len; i++)
        if (compile_stmt(c, body->items[i]) < 0) return -1;
    return 0;
}

bool body_has_annotations(const AstStmtList *body) {
    for (int i = 0; i < body->len; i++) {
        AstStmt *s = body->items[i];
        switch (s->kind) {
        case STMT_ANNASSIGN: return true;
        case STMT_FOR:
            if (body_has_annotations(&s->u.for_.body) || body_has_annotations(&s->u.for_.orelse))
                return true;
            break;
        case STMT_WHILE:
        case STMT_IF:
            if (body_has_annotations(&s->u.if_.body) || body_has_annotations(&s->u.if_.orelse))
                return true;
            break;
        case STMT_WITH:
            if (body_has_annotations(&s->u.with.body)) return true;
            break;
        case STMT_MATCH:
            for (int k = 0; k < s->u.match.ncases; k++)
                if (body_has_annotations(&s->u.match.cases[k].body)) return true;
            break;
        case STMT_TRY:
            if (body_has_annotations(&s->u.try_.body) || body_has_annotations(&s->u.try_.orelse) ||
                body_has_annotations(&s->u.try_.finalbody))
                return true;
            for (int h = 0; h < s->u.try_.nhandlers; h++)
                if (body_has_annotations(&s->u.try_.handlers[h].body)) return true;
            break;
        default: break;
        }
    }
    return false;
}

/* ---- leaving blocks early ---- */

static int clear_name(Compiler *c, const char *name) {
    if (emit_none(c) < 0 || compile_nameop(c, name, CTX_STORE) < 0) return -1;
    return compile_nameop(c, name, CTX_DEL);
}

static int call_exit_none(Compiler *c) {
    for (int i = 0; i < 3; i++)
        if (emit_none(c) < 0) return -1;
    if (emit(c, OP_CALL, 3) < 0) return -1;
    return emit(c, OP_POP_TOP, 0);
}

static int emit_await(Compiler *c) {
    if (emit(c, OP_GET_AWAITABLE, 0) < 0 || emit_none(c) < 0) return -1;
    return emit(c, OP_YIELD_FROM, 0);
}

static int unwind_fblock(Compiler *c, FBlock *fb, bool preserve_tos) {
    switch (fb->kind) {
    case FB_WHILE: return 0;
    case FB_FOR:
        if (preserve_tos && emit(c, OP_SWAP, 2) < 0) return -1;
        return emit(c, OP_POP_TOP, 0);
    case FB_TRY_EXCEPT: return emit(c, OP_POP_BLOCK, 0);
    case FB_FINALLY_TRY: {
        if (emit(c, OP_POP_BLOCK, 0) < 0) return -1;
        if (preserve_tos && fblock_push(c, FB_POP_VALUE, -1, -1) < 0) return -1;
        int r = compile_body(c, fb->finalbody);
        if (preserve_tos) fblock_pop(c);
        return r;
    }
    case FB_FINALLY_END:
    case FB_HANDLER:
        if (preserve_tos && emit(c, OP_SWAP, 2) < 0) return -1;
        return emit(c, OP_POP_EXCEPT, 0);
    case FB_HANDLER_NAMED:
        if (emit(c, OP_POP_BLOCK, 0) < 0) return -1;
        if (preserve_tos && emit(c, OP_SWAP, 2) < 0) return -1;
        if (emit(c, OP_POP_EXCEPT, 0) < 0) return -1;
        return clear_name(c, fb->name);
    case FB_WITH:
        if (emit(c, OP_POP_BLOCK, 0) < 0) return -1;
        if (preserve_tos && emit(c, OP_SWAP, 2) < 0) return -1;
        return call_exit_none(c);
    case FB_ASYNC_WITH:
        if (emit(c, OP_POP_BLOCK, 0) < 0) return -1;
        if (preserve_tos && emit(c, OP_SWAP, 2) < 0) return -1;
        for (int i = 0; i < 3; i++)
            if (emit_none(c) < 0) return -1;
        if (emit(c, OP_CALL, 3) < 0 || emit_await(c) < 0) return -1;
        return emit(c, OP_POP_TOP, 0);
    case FB_POP_VALUE:
        if (preserve_tos && emit(c, OP_SWAP, 2) < 0) return -1;
        return emit(c, OP_POP_TOP, 0);
    case FB_EXCEPT_STAR:
        return compile_error(c, compile_line_pos(c->u->line),
                             "'break', 'continue' and 'return' cannot appear in an except* block");
    }
    return 0;
}

/* Undo blocks from the top down to (not including) the innermost loop when loop is
 * non-NULL, or all of them. The blocks are popped while their cleanup compiles (so a
 * return inside an inline finally body does not run that body again) and restored after. */
static int unwind_fblock_stack(Compiler *c, bool preserve_tos, FBlock **loop) {
    Unit *u = c->u;
    if (u->nfblocks == 0) return 0;
    FBlock *top = &u->fblocks[u->nfblocks - 1];
    if (loop && (top->kind == FB_WHILE || top->kind == FB_FOR)) {
        *loop = top;
        return 0;
    }
    FBlock copy = *top;
    u->nfblocks--;
    int r = unwind_fblock(c, &copy, preserve_tos);
    if (r == 0) r = unwind_fblock_stack(c, preserve_tos, loop);
    u->fblocks[u->nfblocks++] = copy;
    return r;
}

/* A break/continue/return leaving an except* block: CPython reports it at the statement
 * (at a return's value, which it has compiled by then). */
static int check_except_star(Compiler *c, AstPos at, bool to_loop) {
    Unit *u = c->u;
    for (int i = u->nfblocks - 1; i >= 0; i--) {
        FBlockKind k = u->fblocks[i].kind;
        if (to_loop && (k == FB_WHILE || k == FB_FOR)) return 0;
        if (k == FB_EXCEPT_STAR)
            return compile_error(c, at,
                                 "'break', 'continue' and 'return' cannot appear in an except* "
                                 "block");
    }
    return 0;
}

static int compile_return(Compiler *c, AstStmt *s) {
    Unit *u = c->u;
    if (u->fast && u->ste->comp_kind == COMP_NONE &&
        check_except_star(c, s->u.value.value ? s->u.value.value->pos : s->pos, false) < 0)
        return -1;
    if (!u->fast || u->ste->comp_kind != COMP_NONE)
        return stmt_error(c, s, "'return' outside function");
    if (s->u.value.value && u->ste->coroutine && u->ste->generator)
        return stmt_error(c, s, "'return' with value in async generator");
    if (s->u.value.value ? compile_expr(c, s->u.value.value) : emit_none(c)) return -1;
    if (unwind_fblock_stack(c, true, NULL) < 0) return -1;
    c->u->line = s->pos.line;
    return emit(c, OP_RETURN_VALUE, 0);
}

static int compile_break_continue(Compiler *c, AstStmt *s, bool is_break) {
    FBlock *loop = NULL;
    if (check_except_star(c, s->pos, true) < 0) return -1;
    if (unwind_fblock_stack(c, false, &loop) < 0) return -1;
    if (!loop)
        return stmt_error(c, s,
                          is_break ? "'break' outside loop" : "'continue' not properly in loop");
    if (is_break) {
        if (unwind_fblock(c, loop, false) < 0) return -1;
        return emit_jump(c, OP_JUMP, loop->label_exit);
    }
    return emit_jump(c, OP_JUMP, loop->label_continue);
}

/* ---- functions and classes ---- */

static int compile_decorators(Compiler *c, const AstExprList *decs) {
    for (int i = 0; i < decs->len; i++)
        if (compile_expr(c, decs->items[i]) < 0) return -1;
    return 0;
}

static int apply_decorators(Compiler *c, const AstExprList *decs) {
    for (int i = decs->len - 1; i >= 0; i--) {
        c->u->line = decs->items[i]->pos.line;
        if (emit(c, OP_CALL, 1) < 0) return -1;
    }
    return 0;
}

static int compile_funcdef(Compiler *c, AstStmt *s) {
    AstArguments *args = s->u.funcdef.args;
    const AstExprList *decs = &s->u.funcdef.decorators;
    if (compile_decorators(c, decs) < 0) return -1;
    int firstline = decs->len ? decs->items[0]->pos.line : s->pos.line;
    c->u->line = s->pos.line;
    int flags = compile_function_prologue(c, args, s->u.funcdef.returns, true);
    if (flags < 0) return -1;
    Scope *ste = symtable_lookup_scope(&c->st, s);
    Str *qual = compile_qualname(c, s->u.funcdef.name, true);
    if (!ste || !qual || unit_enter(c, ste, s->u.funcdef.name, qual, firstline) < 0) return -1;
    const AstStmtList *body = &s->u.funcdef.body;
    int start = 0;
    /* consts[0] is the docstring or None: MAKE_FUNCTION takes __doc__ from it */
    if (is_docstring_stmt(body)) {
        const AstConstant *k = &body->items[0]->u.value.value->u.constant;
        Value doc = compile_str_value(c, k->str, k->len);
        if (is_null(doc) || const_index(c, doc) < 0) return -1;
        start = 1;
    } else if (const_index(c, V_NONE) < 0) {
        return -1;
    }
    if (compile_unit_arguments(c, args) < 0) return -1;
    if (unit_is_generator(c->u) && emit(c, OP_GEN_START, 0) < 0) return -1;
    for (int i = start; i < body->len; i++)
        if (compile_stmt(c, body->items[i]) < 0) return -1;
    if (emit_none(c) < 0 || emit(c, OP_RETURN_VALUE, 0) < 0) return -1;
    Code *co = unit_leave(c);
    if (!co) return -1;
    c->u->line = s->pos.line;
    int cl = compile_closure_and_code(c, co);
    if (cl < 0 || emit(c, OP_MAKE_FUNCTION, (uint32_t)(flags | cl)) < 0) return -1;
    if (apply_decorators(c, decs) < 0) return -1;
    c->u->line = s->pos.line;
    return compile_nameop(c, s->u.funcdef.name, CTX_STORE);
}

static int compile_classdef(Compiler *c, AstStmt *s) {
    const AstExprList *decs = &s->u.classdef.decorators;
    if (compile_decorators(c, decs) < 0) return -1;
    int firstline = decs->len ? decs->items[0]->pos.line : s->pos.line;
    const char *name = s->u.classdef.name;
    Scope *ste = symtable_lookup_scope(&c->st, s);
    Str *qual = compile_qualname(c, name, true);
    if (!ste || !qual || unit_enter(c, ste, name, qual, firstline) < 0) return -1;
    Unit *u = c->u;
    u->code->flags |= CO_CLASSBODY;
    u->line = s->pos.line;
    if (compile_nameop(c, "__name__", CTX_LOAD) < 0 ||
        compile_nameop(c, "__module__", CTX_STORE) < 0 || emit_const(c, v_obj(qual)) < 0 ||
        compile_nameop(c, "__qualname__", CTX_STORE) < 0)
        return -1;
    const AstStmtList *body = &s->u.classdef.body;
    int start = 0;
    if (is_docstring_stmt(body)) {
        AstExpr *d = body->items[0]->u.value.value;
        u->line = d->pos.line;
        if (compile_expr(c, d) < 0 || compile_nameop(c, "__doc__", CTX_STORE) < 0) return -1;
        start = 1;
    }
    if (ste->has_annotations && emit(c, OP_SETUP_ANNOTATIONS, 0) < 0) return -1;
    for (int i = start; i < body->len; i++)
        if (compile_stmt(c, body->items[i]) < 0) return -1;
    if (ste->needs_class_closure) {
        int k = -1;
        for (int i = 0; i < u->ncellvars; i++)
            if (strcmp(u->cellvars[i], "__class__") == 0) k = i;
        if (emit(c, OP_LOAD_CLOSURE, (uint32_t)k) < 0) return -1;
    } else if (emit_none(c) < 0) {
        return -1;
    }
    if (emit(c, OP_RETURN_VALUE, 0) < 0) return -1;
    Code *co = unit_leave(c);
    if (!co) return -1;
    c->u->line = s->pos.line;
    int cl = compile_closure_and_code(c, co);
    if (cl < 0 || emit(c, OP_MAKE_FUNCTION, (uint32_t)cl) < 0 ||
        emit_str_const(c, name, strlen(name)) < 0)
        return -1;
    const AstExprList *bases = &s->u.classdef.bases;
    for (int i = 0; i < bases->len; i++) {
        if (bases->items[i]->kind == EXPR_STARRED)
            return compile_error(c, bases->items[i]->pos, "starred base classes are not supported");
        if (compile_expr(c, bases->items[i]) < 0) return -1;
    }
    int nkw = s->u.classdef.nkeywords;
    if (compile_check_keywords(c, s->u.classdef.keywords, nkw) < 0) return -1;
    if (nkw) {
        AstKeyword *kws = s->u.classdef.keywords;
        Tuple *t = tuple_new(c->I, (size_t)nkw);
        if (!t || !gc_temp_push(c->I, v_obj(t))) return -1;
        for (int i = 0; i < nkw; i++) {
            if (!kws[i].arg)
                return compile_error(c, kws[i].pos,
                                     "**kwargs in a class statement are not supported");
            Value k = compile_str_value(c, kws[i].arg, strlen(kws[i].arg));
            if (is_null(k)) return -1;
            t->items[i] = k;
            if (compile_expr(c, kws[i].value) < 0) return -1;
        }
        int k = const_index(c, v_obj(t));
        if (k < 0 || emit(c, OP_KW_NAMES, (uint32_t)k) < 0) return -1;
    }
    c->u->line = s->pos.line;
    /* like CALL, the arg counts the keyword values too (vm.c reads it so) */
    if (emit(c, OP_BUILD_CLASS, (uint32_t)(bases->len + nkw)) < 0) return -1;
    if (apply_decorators(c, decs) < 0) return -1;
    c->u->line = s->pos.line;
    return compile_nameop(c, name, CTX_STORE);
}

/* ---- loops and conditionals ---- */

static bool in_async_function(Compiler *c) {
    return (c->u->fast || c->u->ste->kind == SCOPE_MODULE) && c->u->ste->coroutine &&
           c->u->ste->comp_kind == COMP_NONE;
}

/* async for: each step awaits __anext__() inside a SETUP_FINALLY whose handler ends the
 * loop on StopAsyncIteration (END_ASYNC_FOR), as CPython 3.10. */
static int compile_async_for(Compiler *c, AstStmt *s) {
    if (!in_async_function(c)) return stmt_error(c, s, "'async for' outside async function");
    int start = label_new(c), except = label_new(c), end = label_new(c);
    if (start < 0 || except < 0 || end < 0) return -1;
    if (compile_expr(c, s->u.for_.iter) < 0 || emit(c, OP_GET_AITER, 0) < 0) return -1;
    label_place(c, start);
    c->u->line = s->pos.line;
    if (emit_jump(c, OP_SETUP_FINALLY, except) < 0 || emit(c, OP_GET_ANEXT, 0) < 0 ||
        emit_none(c) < 0 || emit(c, OP_YIELD_FROM, 0) < 0 || emit(c, OP_POP_BLOCK, 0) < 0)
        return -1;
    if (fblock_push(c, FB_FOR, start, end) < 0) return -1;
    if (compile_store(c, s->u.for_.target) < 0 || compile_body(c, &s->u.for_.body) < 0) return -1;
    fblock_pop(c);
    c->u->line = s->pos.line;
    if (emit_jump(c, OP_JUMP, start) < 0) return -1;
    label_place(c, except);
    if (emit(c, OP_END_ASYNC_FOR, 0) < 0 || compile_body(c, &s->u.for_.orelse) < 0) return -1;
    label_place(c, end);
    return 0;
}

static int compile_for(Compiler *c, AstStmt *s) {
    if (s->u.for_.is_async) return compile_async_for(c, s);
    int start = label_new(c), cleanup = label_new(c), end = label_new(c);
    if (start < 0 || cleanup < 0 || end < 0) return -1;
    if (compile_expr(c, s->u.for_.iter) < 0 || emit(c, OP_GET_ITER, 0) < 0) return -1;
    label_place(c, start);
    if (emit_jump(c, OP_FOR_ITER, cleanup) < 0) return -1;
    if (fblock_push(c, FB_FOR, start, end) < 0) return -1;
    if (compile_store(c, s->u.for_.target) < 0 || compile_body(c, &s->u.for_.body) < 0) return -1;
    fblock_pop(c);
    c->u->line = s->pos.line;
    if (emit_jump(c, OP_JUMP, start) < 0) return -1;
    label_place(c, cleanup);
    if (compile_body(c, &s->u.for_.orelse) < 0) return -1;
    label_place(c, end);
    return 0;
}

static int compile_while(Compiler *c, AstStmt *s) {
    int loop = label_new(c), orelse = label_new(c), end = label_new(c);
    if (loop < 0 || orelse < 0 || end < 0) return -1;
    label_place(c, loop);
    if (compile_jump_if(c, s->u.while_.test, false, orelse) < 0) return -1;
    if (fblock_push(c, FB_WHILE, loop, end) < 0) return -1;
    if (compile_body(c, &s->u.while_.body) < 0) return -1;
    fblock_pop(c);
    c->u->line = s->pos.line;
    if (emit_jump(c, OP_JUMP, loop) < 0) return -1;
    label_place(c, orelse);
    if (compile_body(c, &s->u.while_.orelse) < 0) return -1;
    label_place(c, end);
    return 0;
}

static int compile_if(Compiler *c, AstStmt *s) {
    int next = label_new(c), end = label_new(c);
    if (next < 0 || end < 0) return -1;
    if (compile_jump_if(c, s->u.if_.test, false, next) < 0 || compile_body(c, &s->u.if_.body) < 0)
        return -1;
    if (s->u.if_.orelse.len) {
        if (emit_jump(c, OP_JUMP, end) < 0) return -1;
        label_place(c, next);
        if (compile_body(c, &s->u.if_.orelse) < 0) return -1;
    } else {
        label_place(c, next);
    }
    label_place(c, end);
    return 0;
}

/* ---- with ---- */

static int compile_with(Compiler *c, AstStmt *s, int pos) {
    AstWithItem *item = &s->u.with.items[pos];
    int handler = label_new(c), suppress = label_new(c), end = label_new(c);
    if (handler < 0 || suppress < 0 || end < 0) return -1;
    if (compile_expr(c, item->context_expr) < 0) return -1;
    c->u->line = s->pos.line;
    if (emit_jump(c, OP_SETUP_WITH, handler) < 0 || fblock_push(c, FB_WITH, -1, -1) < 0) return -1;
    if (item->optional_vars ? compile_store(c, item->optional_vars) : emit(c, OP_POP_TOP, 0))
        return -1;
    if (pos + 1 < s->u.with.nitems ? compile_with(c, s, pos + 1) : compile_body(c, &s->u.with.body))
        return -1;
    fblock_pop(c);
    c->u->line = s->pos.line;
    if (emit(c, OP_POP_BLOCK, 0) < 0 || call_exit_none(c) < 0 || emit_jump(c, OP_JUMP, end) < 0)
        return -1;
    /* exceptional exit: stack [__exit__, exc] */
    label_place(c, handler);
    if (emit(c, OP_WITH_EXCEPT_START, 0) < 0 || emit_jump(c, OP_POP_JUMP_IF_TRUE, suppress) < 0 ||
        emit(c, OP_RERAISE, 0) < 0)
        return -1;
    label_place(c, suppress);
    if (emit(c, OP_POP_EXCEPT, 0) < 0 || emit(c, OP_POP_TOP, 0) < 0) return -1;
    label_place(c, end);
    return 0;
}

/* async with: as CPython 3.10, except that the block starts after the __aenter__ result is
 * bound (an exception while binding the target does not reach __aexit__). */
static int compile_async_with(Compiler *c, AstStmt *s, int pos) {
    if (!in_async_function(c)) return stmt_error(c, s, "'async with' outside async function");
    AstWithItem *item = &s->u.with.items[pos];
    int handler = label_new(c), suppress = label_new(c), end = label_new(c);
    if (handler < 0 || suppress < 0 || end < 0) return -1;
    if (compile_expr(c, item->context_expr) < 0) return -1;
    c->u->line = s->pos.line;
    if (emit(c, OP_BEFORE_ASYNC_WITH, 0) < 0 || emit_await(c) < 0) return -1;
    if (item->optional_vars ? compile_store(c, item->optional_vars) : emit(c, OP_POP_TOP, 0))
        return -1;
    c->u->line = s->pos.line;
    if (emit_jump(c, OP_SETUP_FINALLY, handler) < 0 || fblock_push(c, FB_ASYNC_WITH, -1, -1) < 0)
        return -1;
    if (pos + 1 < s->u.with.nitems ? compile_async_with(c, s, pos + 1)
                                   : compile_body(c, &s->u.with.body))
        return -1;
    fblock_pop(c);
    c->u->line = s->pos.line;
    if (emit(c, OP_POP_BLOCK, 0) < 0) return -1;
    for (int i = 0; i < 3; i++)
        if (emit_none(c) < 0) return -1;
    if (emit(c, OP_CALL, 3) < 0 || emit_await(c) < 0 || emit(c, OP_POP_TOP, 0) < 0 ||
        emit_jump(c, OP_JUMP, end) < 0)
        return -1;
    label_place(c, handler); /* stack: __aexit__, exc */
    if (emit(c, OP_WITH_EXCEPT_START, 0) < 0 || emit_await(c) < 0 ||
        emit_jump(c, OP_POP_JUMP_IF_TRUE, suppress) < 0 || emit(c, OP_RERAISE, 0) < 0)
        return -1;
    label_place(c, suppress);
    if (emit(c, OP_POP_EXCEPT, 0) < 0 || emit(c, OP_POP_TOP, 0) < 0) return -1;
    label_place(c, end);
    return 0;
}

/* ---- try ---- */

static int compile_handler_body(Compiler *c, AstHandler *h, int end) {
    if (h->name) {
        int cleanup = label_new(c);
        if (cleanup < 0 || emit(c, OP_COPY, 1) < 0 || compile_nameop(c, h->name, CTX_STORE) < 0)
            return -1;
        if (emit_jump(c, OP_SETUP_FINALLY, cleanup) < 0 ||
            fblock_push(c, FB_HANDLER_NAMED, -1, -1) < 0)
            return -1;
        c->u->fblocks[c->u->nfblocks - 1].name = h->name;
        if (compile_body(c, &h->body) < 0) return -1;
        fblock_pop(c);
        c->u->line = h->pos.line;
        if (emit(c, OP_POP_BLOCK, 0) < 0 || emit(c, OP_POP_EXCEPT, 0) < 0 ||
            clear_name(c, h->name) < 0 || emit_jump(c, OP_JUMP, end) < 0)
            return -1;
        /* an exception inside the handler: clear the name, re-raise */
        label_place(c, cleanup);
        if (clear_name(c, h->name) < 0 || emit(c, OP_RERAISE, 0) < 0) return -1;
        return 0;
    }
    if (fblock_push(c, FB_HANDLER, -1, -1) < 0 || compile_body(c, &h->body) < 0) return -1;
    fblock_pop(c);
    c->u->line = h->pos.line;
    if (emit(c, OP_POP_EXCEPT, 0) < 0) return -1;
    return emit_jump(c, OP_JUMP, end);
}

/* The body and else clause of a try with handlers; the handlers follow at `handlers`, with
 * the exception on the stack. */
static int compile_try_body(Compiler *c, AstStmt *s, int handlers, int end) {
    if (emit_jump(c, OP_SETUP_FINALLY, handlers) < 0 || fblock_push(c, FB_TRY_EXCEPT, -1, -1) < 0)
        return -1;
    if (compile_body(c, &s->u.try_.body) < 0) return -1;
    fblock_pop(c);
    if (emit(c, OP_POP_BLOCK, 0) < 0 || compile_body(c, &s->u.try_.orelse) < 0 ||
        emit_jump(c, OP_JUMP, end) < 0)
        return -1;
    label_place(c, handlers); /* stack: exc */
    return 0;
}

static int compile_try_except(Compiler *c, AstStmt *s) {
    int handlers = label_new(c), end = label_new(c);
    if (handlers < 0 || end < 0) return -1;
    if (compile_try_body(c, s, handlers, end) < 0) return -1;
    for (int i = 0; i < s->u.try_.nhandlers; i++) {
        AstHandler *h = &s->u.try_.handlers[i];
        c->u->line = h->pos.line;
        if (!h->type && i < s->u.try_.nhandlers - 1)
            return compile_error(c, h->pos, "default 'except:' must be last");
        int next = label_new(c);
        if (next < 0) return -1;
        if (h->type) {
            /* CHECK_EXC_MATCH keeps the exception below the result */
            if (compile_expr(c, h->type) < 0 || emit(c, OP_CHECK_EXC_MATCH, 0) < 0 ||
                emit_jump(c, OP_POP_JUMP_IF_FALSE, next) < 0)
                return -1;
        }
        if (compile_handler_body(c, h, end) < 0) return -1;
        label_place(c, next);
    }
    if (emit(c, OP_RERAISE, 0) < 0) return -1;
    label_place(c, end);
    return 0;
}

/* try-except*, as CPython 3.11's compiler_try_star_except: the handlers run on the parts of
 * the group that CHECK_EG_MATCH splits off, with [original, raised list, rest] below; what
 * each handler raises goes in the list, and PREP_RERAISE_STAR makes the exception that
 * leaves the statement. */
static int compile_try_star(Compiler *c, AstStmt *s) {
    int handlers = label_new(c), end = label_new(c), reraise = label_new(c);
    if (handlers < 0 || end < 0 || reraise < 0) return -1;
    if (compile_try_body(c, s, handlers, end) < 0) return -1;
    if (fblock_push(c, FB_EXCEPT_STAR, -1, -1) < 0) return -1;
    for (int i = 0; i < s->u.try_.nhandlers; i++) {
        AstHandler *h = &s->u.try_.handlers[i];
        c->u->line = h->pos.line;
        int next = label_new(c), no_match = label_new(c), cleanup = label_new(c);
        if (next < 0 || no_match < 0 || cleanup < 0) return -1;
        if (i == 0 &&
            (emit(c, OP_COPY, 1) < 0 || emit(c, OP_BUILD_LIST, 0) < 0 || emit(c, OP_SWAP, 2) < 0))
            return -1;
        /* [orig, raised, exc] -> [orig, raised, rest, match or None] */
        if (compile_expr(c, h->type) < 0 || emit(c, OP_CHECK_EG_MATCH, 0) < 0 ||
            emit(c, OP_COPY, 1) < 0 || emit_none(c) < 0 || emit(c, OP_IS_OP, 0) < 0 ||
            emit_jump(c, OP_POP_JUMP_IF_TRUE, no_match) < 0)
            return -1;
        if (h->name ? compile_nameop(c, h->name, CTX_STORE) : emit(c, OP_POP_TOP, 0)) return -1;
        if (emit_jump(c, OP_SETUP_FINALLY, cleanup) < 0 || compile_body(c, &h->body) < 0) return -1;
        c->u->line = h->pos.line;
        if (emit(c, OP_POP_BLOCK, 0) < 0 || (h->name && clear_name(c, h->name) < 0) ||
            emit_jump(c, OP_JUMP, next) < 0)
            return -1;
        /* raised in the handler: [orig, raised, rest, exc] -> append exc to raised */
        label_place(c, cleanup);
        if ((h->name && clear_name(c, h->name) < 0) || emit(c, OP_COPY, 1) < 0 ||
            emit(c, OP_LIST_APPEND, 3) < 0 || emit(c, OP_POP_EXCEPT, 0) < 0 ||
            emit_jump(c, OP_JUMP, next) < 0)
            return -1;
        label_place(c, no_match);
        if (emit(c, OP_POP_TOP, 0) < 0) return -1;
        label_place(c, next);
    }
    fblock_pop(c);
    /* the unhandled rest joins the list: [orig, raised] -> what to raise, or None */
    if (emit(c, OP_LIST_APPEND, 1) < 0 || emit(c, OP_PREP_RERAISE_STAR, 0) < 0 ||
        emit(c, OP_COPY, 1) < 0 || emit_none(c) < 0 || emit(c, OP_IS_OP, 0) < 0 ||
        emit_jump(c, OP_POP_JUMP_IF_FALSE, reraise) < 0)
        return -1;
    if (emit(c, OP_POP_EXCEPT, 0) < 0 || emit_jump(c, OP_JUMP, end) < 0) return -1;
    label_place(c, reraise);
    if (emit(c, OP_RERAISE, 0) < 0) return -1;
    label_place(c, end);
    return 0;
}

static int compile_try_handlers(Compiler *c, AstStmt *s) {
    if (s->u.try_.nhandlers && s->u.try_.handlers[0].star) return compile_try_star(c, s);
    return compile_try_except(c, s);
}

static int compile_try_finally(Compiler *c, AstStmt *s) {
    int final = label_new(c), end = label_new(c);
    if (final < 0 || end < 0) return -1;
    if (emit_jump(c, OP_SETUP_FINALLY, final) < 0 || fblock_push(c, FB_FINALLY_TRY, -1, -1) < 0)
        return -1;
    c->u->fblocks[c->u->nfblocks - 1].finalbody = &s->u.try_.finalbody;
    if (s->u.try_.nhandlers ? compile_try_handlers(c, s) : compile_body(c, &s->u.try_.body))
        return -1;
    fblock_pop(c);
    if (emit(c, OP_POP_BLOCK, 0) < 0 || compile_body(c, &s->u.try_.finalbody) < 0 ||
        emit_jump(c, OP_JUMP, end) < 0)
        return -1;
    label_place(c, final); /* stack: exc */
    if (fblock_push(c, FB_FINALLY_END, -1, -1) < 0 || compile_body(c, &s->u.try_.finalbody) < 0)
        return -1;
    fblock_pop(c);
    if (emit(c, OP_RERAISE, 0) < 0) return -1;
    label_place(c, end);
    return 0;
}

/* ---- imports ---- */

static Tuple *names_tuple(Compiler *c, AstAlias *names, int n) {
    Tuple *t = tuple_new(c->I, (size_t)n);
    if (!t || !gc_temp_push(c->I, v_obj(t))) return NULL;
    for (int i = 0; i < n; i++) {
        Value v = compile_str_value(c, names[i].name, strlen(names[i].name));
        if (is_null(v)) return NULL;
        t->items[i] = v;
    }
    return t;
}

static int compile_import(Compiler *c, AstStmt *s) {
    for (int i = 0; i < s->u.import.nnames; i++) {
        AstAlias *a = &s->u.import.names[i];
        c->u->line = a->pos.line ? a->pos.line : s->pos.line;
        int k = name_index(c, a->name);
        if (k < 0 || emit_int(c, 0) < 0 || emit_none(c) < 0 ||
            emit(c, OP_IMPORT_NAME, (uint32_t)k) < 0)
            return -1;
        const char *dot = strchr(a->name, '.');
        if (a->asname) {
            if (dot) {
                const char *p = dot + 1;
                for (;;) {
                    const char *nd = strchr(p, '.');
                    size_t len = nd ? (size_t)(nd - p) : strlen(p);
                    char buf[256];
                    if (len >= sizeof buf) len = sizeof buf - 1;
                    memcpy(buf, p, len);
                    buf[len] = 0;
                    int an = name_index(c, buf);
                    if (an < 0 || emit(c, OP_IMPORT_FROM, (uint32_t)an) < 0) return -1;
                    if (!nd) break;
                    if (emit(c, OP_SWAP, 2) < 0 || emit(c, OP_POP_TOP, 0) < 0) return -1;
                    p = nd + 1;
                }
                if (compile_nameop(c, a->asname, CTX_STORE) < 0 || emit(c, OP_POP_TOP, 0) < 0)
                    return -1;
            } else if (compile_nameop(c, a->asname, CTX_STORE) < 0) {
                return -1;
            }
        } else {
            char buf[256];
            size_t len = dot ? (size_t)(dot - a->name) : strlen(a->name);
            if (len >= sizeof buf) len = sizeof buf - 1;
            memcpy(buf, a->name, len);
            buf[len] = 0;
            /* the symbol table holds its own copy of the bound name; look it up there */
            const char *bound = buf;
            Symbol *sym = scope_lookup(c->u->ste, buf);
            if (sym)
                bound = sym->name;
            else if (dot)
                return stmt_error(c, s, "internal compiler error: import binding");
            else
                bound = a->name;
            if (compile_nameop(c, bound, CTX_STORE) < 0) return -1;
        }
    }
    return 0;
}

/* CPython's future_parse: a future import must open the module and name a known feature. */
static int check_future_import(Compiler *c, AstStmt *s) {
    bool leading = false;
    for (int i = 0; i < c->nfuture_stmts; i++)
        leading |= c->future_stmts[i] == s;
    if (!leading)
        return compile_error(c, s->pos,
                             "from __future__ imports must occur at the beginning of the file");
    static const char *const features[] = {"nested_scopes",
                                           "generators",
                                           "division",
                                           "absolute_import",
                                           "with_statement",
                                           "print_function",
                                           "unicode_literals",
                                           "barry_as_FLUFL",
                                           "generator_stop",
                                           "annotations",
                                           NULL};
    for (int k = 0; k < s->u.import.nnames; k++) {
        const char *name = s->u.import.names[k].name;
        if (strcmp(name, "braces") == 0) return compile_error(c, s->pos, "not a chance");
        bool known = false;
        for (int f = 0; features[f]; f++)
            known |= strcmp(features[f], name) == 0;
        if (!known) return compile_error(c, s->pos, "future feature %s is not defined", name);
    }
    return 0;
}

static int compile_importfrom(Compiler *c, AstStmt *s) {
    int n = s->u.import.nnames;
    if (s->u.import.module && s->u.import.level == 0 &&
        strcmp(s->u.import.module, "__future__") == 0 && check_future_import(c, s) < 0)
        return -1;
    Tuple *fromlist = names_tuple(c, s->u.import.names, n);
    const char *module = s->u.import.module ? s->u.import.module : "";
    if (!fromlist || emit_int(c, s->u.import.level) < 0 || emit_const(c, v_obj(fromlist)) < 0)
        return -1;
    int k = name_index(c, module);
    if (k < 0 || emit(c, OP_IMPORT_NAME, (uint32_t)k) < 0) return -1;
    if (n == 1 && strcmp(s->u.import.names[0].name, "*") == 0) return emit(c, OP_IMPORT_STAR, 0);
    for (int i = 0; i < n; i++) {
        AstAlias *a = &s->u.import.names[i];
        int an = name_index(c, a->name);
        if (an < 0 || emit(c, OP_IMPORT_FROM, (uint32_t)an) < 0 ||
            compile_nameop(c, a->asname ? a->asname : a->name, CTX_STORE) < 0)
            return -1;
    }
    return emit(c, OP_POP_TOP, 0);
}

/* ---- annotated assignment ---- */

static int compile_annassign(Compiler *c, AstStmt *s) {
    AstExpr *t = s->u.annassign.target;
    Unit *u = c->u;
    if (s->u.annassign.value) {
        if (compile_expr(c, s->u.annassign.value) < 0 || compile_store(c, t) < 0) return -1;
    }
    bool module_or_class = !u->fast;
    if (t->kind == EXPR_NAME) {
        if (s->u.annassign.simple && module_or_class) {
            const char *name = compile_mangle(c, t->u.name.id);
            if (!name || compile_annotation(c, s->u.annassign.annotation) < 0) return -1;
            int k = name_index(c, "__annotations__");
            if (k < 0 || emit(c, OP_LOAD_NAME, (uint32_t)k) < 0 ||
                emit_str_const(c, name, strlen(name)) < 0 || emit(c, OP_STORE_SUBSCR, 0) < 0)
                return -1;
        }
        return 0;
    }
    /* attribute or subscript target: without a value, its parts are still evaluated */
    if (!s->u.annassign.value) {
        if (t->kind == EXPR_ATTRIBUTE) {
            if (compile_expr(c, t->u.attribute.value) < 0 || emit(c, OP_POP_TOP, 0) < 0) return -1;
        } else if (t->kind == EXPR_SUBSCRIPT) {
            if (compile_expr(c, t->u.subscript.value) < 0 || emit(c, OP_POP_TOP, 0) < 0 ||
                compile_expr(c, t->u.subscript.slice) < 0 || emit(c, OP_POP_TOP, 0) < 0)
                return -1;
        }
    }
    if (module_or_class && !c->future_annotations) {
        if (compile_expr(c, s->u.annassign.annotation) < 0 || emit(c, OP_POP_TOP, 0) < 0) return -1;
    }
    return 0;
}

/* ---- the statement dispatcher ---- */

static int compile_stmt_inner(Compiler *c, AstStmt *s);

int compile_stmt(Compiler *c, AstStmt *s) {
    if (!c_recursion_enter(c->I, " during compilation")) return -1;
    int r = compile_stmt_inner(c, s);
    c_recursion_leave(c->I);
    return r;
}

static int compile_stmt_inner(Compiler *c, AstStmt *s) {
    Unit *u = c->u;
    u->line = s->pos.line;
    switch (s->kind) {
    case STMT_FUNCTIONDEF: return compile_funcdef(c, s);
    case STMT_CLASSDEF: return compile_classdef(c, s);
    case STMT_RETURN: return compile_return(c, s);
    case STMT_DELETE:
        for (int i = 0; i < s->u.del.targets.len; i++)
            if (compile_delete(c, s->u.del.targets.items[i]) < 0) return -1;
        return 0;
    case STMT_ASSIGN: {
        int n = s->u.assign.targets.len;
        if (compile_expr(c, s->u.assign.value) < 0) return -1;
        for (int i = 0; i < n; i++) {
            if (i < n - 1 && emit(c, OP_COPY, 1) < 0) return -1;
            if (compile_store(c, s->u.assign.targets.items[i]) < 0) return -1;
        }
        return 0;
    }
    case STMT_AUGASSIGN: return compile_augassign(c, s);
    case STMT_ANNASSIGN: return compile_annassign(c, s);
    case STMT_FOR: return compile_for(c, s);
    case STMT_WHILE: return compile_while(c, s);
    case STMT_IF: return compile_if(c, s);
    case STMT_WITH:
        if (s->u.with.is_async) return compile_async_with(c, s, 0);
        return compile_with(c, s, 0);
    case STMT_RAISE: {
        int n = 0;
        if (s->u.raise.exc) {
            if (compile_expr(c, s->u.raise.exc) < 0) return -1;
            n = 1;
            if (s->u.raise.cause) {
                if (compile_expr(c, s->u.raise.cause) < 0) return -1;
                n = 2;
            }
        }
        return emit(c, OP_RAISE_VARARGS, (uint32_t)n);
    }
    case STMT_TRY:
        if (s->u.try_.finalbody.len) return compile_try_finally(c, s);
        return compile_try_handlers(c, s);
    case STMT_ASSERT: {
        int end = label_new(c);
        if (end < 0 || compile_jump_if(c, s->u.assert_.test, true, end) < 0 ||
            emit(c, OP_LOAD_ASSERTION_ERROR, 0) < 0)
            return -1;
        if (s->u.assert_.msg) {
            if (compile_expr(c, s->u.assert_.msg) < 0 || emit(c, OP_CALL, 1) < 0) return -1;
        }
        if (emit(c, OP_RAISE_VARARGS, 1) < 0) return -1;
        label_place(c, end);
        return 0;
    }
    case STMT_IMPORT: return compile_import(c, s);
    case STMT_IMPORTFROM: return compile_importfrom(c, s);
    case STMT_GLOBAL:
    case STMT_NONLOCAL:
    case STMT_PASS: return 0;
    case STMT_EXPR: {
        AstExpr *e = s->u.value.value;
        if (c->mode == PARSE_SINGLE && u->ste->kind == SCOPE_MODULE) {
            if (compile_expr(c, e) < 0) return -1;
            return emit(c, OP_PRINT_EXPR, 0);
        }
        if (e->kind == EXPR_CONSTANT) return 0; /* a docstring-like constant does nothing */
        if (compile_expr(c, e) < 0) return -1;
        return emit(c, OP_POP_TOP, 0);
    }
    case STMT_MATCH: return compile_match(c, s);
    case STMT_BREAK: return compile_break_continue(c, s, true);
    case STMT_CONTINUE: return compile_break_continue(c, s, false);
    }
    return stmt_error(c, s, "internal compiler error: unknown statement");
}
