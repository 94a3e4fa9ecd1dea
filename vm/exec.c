/* exec.c: the VM's lifecycle and its entry from source text.
 *
 * vm_exec_source is the one path from text to running code: parse into an arena (freed
 * right after compiling), turn a parser error into a SyntaxError exception, compile, and
 * run the module code in the given globals with locals = globals. vm_trace_roots gives
 * the collector every running frame; suspended generator frames are reached through their
 * generator objects instead. */
#include <stdio.h>
#include <string.h>

#include "../frontend/ast.h"
#include "dict.h"
#include "error.h"
#include "frame.h"
#include "gc.h"
#include "seq.h"
#include "str.h"
#include "vm.h"

bool vm_init(Interp *I) {
    VM *vm = mem_alloc(I, sizeof(VM));
    if (!vm) return false;
    memset(vm, 0, sizeof *vm); /* attr_cache comes with the first type lookup */
    vm->attr_epoch = 1;
    I->vm = vm;
    return true;
}

void vm_free(Interp *I) {
    VM *vm = I->vm;
    if (!vm) return;
    I->vm = NULL; /* frame_free then releases straight to the allocator */
    for (int c = 0; c < VM_FRAME_CLASSES; c++) {
        Frame *f = vm->free_frames[c];
        while (f) {
            Frame *next = f->back;
            mem_free(I, f, f->alloc_size);
            f = next;
        }
    }
    if (vm->attr_cache) mem_free(I, vm->attr_cache, VM_ATTR_CACHE_SIZE * sizeof(AttrCacheEntry));
    mem_free(I, vm, sizeof(VM));
}

void vm_trace_roots(Interp *I) {
    for (Frame *f = I->vm->top; f; f = f->back)
        frame_trace(I, f);
    if (!I->vm->attr_cache) return;
    for (size_t i = 0; i < VM_ATTR_CACHE_SIZE; i++) {
        AttrCacheEntry *e = &I->vm->attr_cache[i];
        if (!e->type) continue;
        gc_mark_obj(I, (Obj *)e->type);
        gc_mark_obj(I, (Obj *)e->name);
        gc_mark_value(I, e->value);
    }
}

Value vm_run_code(Interp *I, Code *co, Dict *globals, Dict *locals) {
    Frame *f = frame_new(I, co, NULL, globals, locals);
    if (!f) return V_NULL;
    if (co->flags & CO_COROUTINE) { /* top-level await (PARSE_TOP_AWAIT): the caller runs it */
        Value g = generator_new(I, f, NULL);
        if (is_null(g)) frame_free(I, f);
        return g;
    }
    Value r = vm_run_frame(I, f, false);
    frame_free(I, f);
    return r;
}

/* The parser's error as a SyntaxError (or IndentationError, TabError) exception carrying
 * CPython's attributes, end position included for the traceback's caret range. */
static Value raise_syntax_error(Interp *I, SyntaxErrorInfo *err, Str *filename) {
    const char *kind = err->kind ? err->kind : "SyntaxError";
    if (strcmp(kind, "MemoryError") == 0) return err_nomem(I);
    if (strcmp(kind, "RecursionError") == 0)
        return err_format(I, TY_RECURSION_ERROR, "%s", err->msg);
    if (err->msg_has_filename) {
        /* "Non-UTF-8 code ... in file %s on line 2 ...": CPython names the file and gives no
         * location, so the traceback shows only the message. */
        char msg[sizeof err->msg + 512];
        const char *at = strstr(err->msg, "%s");
        if (at) {
            snprintf(msg, sizeof msg, "%.*s%s%s", (int)(at - err->msg), err->msg, filename->data,
                     at + 2);
            return err_format(I, TY_SYNTAX_ERROR, "%s", msg);
        }
    }
    TypeId id = TY_SYNTAX_ERROR;
    if (strcmp(kind, "IndentationError") == 0) id = TY_INDENTATION_ERROR;
    if (strcmp(kind, "TabError") == 0) id = TY_TAB_ERROR;
    Str *text = NULL;
    if (err->text && utf8_validate(err->text, strlen(err->text)) < 0) {
        text = str_from_cstr(I, err->text);
        if (!text) return V_NULL;
    }
    return err_syntax(I, id, err->msg, filename, err->line, err->col, text, err->end_line,
                      err->end_col);
}

static bool ensure_builtins(Interp *I, Dict *globals) {
    if (is_null(dict_get_str(globals, I->names.builtins))) {
        /* (in a sandbox with a builtins allow-list, what a module's __builtins__ shows is
         * the allowed dict, so a script cannot reach the rest through a library module) */
        Value b = I->script_builtins ? v_obj(I->script_builtins) : v_obj(I->builtins);
        if (dict_set_str(I, globals, I->names.builtins, b) < 0) return false;
    }
    return true;
}

Value vm_exec_source(Interp *I, const char *src, size_t len, const char *filename, Dict *globals,
                     int mode) {
    return vm_exec_source_in(I, src, len, filename, globals, globals, mode);
}

Value vm_exec_source_in(Interp *I, const char *src, size_t len, const char *filename, Dict *globals,
                        Dict *locals, int mode) {
    if (!ensure_builtins(I, globals)) return V_NULL;
    Code *co = vm_compile_source(I, src, len, filename, mode);
    if (!co) return V_NULL;
    return vm_run_code(I, co, globals, locals);
}

Value vm_exec_code(Interp *I, Value code, Dict *globals, Dict *locals) {
    if (!ensure_builtins(I, globals)) return V_NULL;
    return vm_run_code(I, (Code *)as_obj(code), globals, locals);
}

Code *vm_compile_source(Interp *I, const char *src, size_t len, const char *filename, int mode) {
    Str *fname = str_from_cstr(I, filename);
    if (!fname) return NULL;
    /* Code run from -c or typed at the prompt shows no source lines in tracebacks, as in
     * CPython, which has no file to read them from: those filenames are "<...>". */
    Str *source = NULL;
    if (filename[0] != '<' && utf8_validate(src, len) < 0) {
        source = str_new(I, src, len);
        if (!source) return NULL;
    }
    AstArena arena;
    memset(&arena, 0, sizeof arena);
    arena.alloc = mem_realloc_quiet; /* the AST counts against the memory limit */
    arena.alloc_ud = I;
    SyntaxErrorInfo err;
    memset(&err, 0, sizeof err);
    struct AstModule *mod = parse_source(&arena, src, len, mode & ~PARSE_TOP_AWAIT, &err);
    if (!mod) {
        raise_syntax_error(I, &err, fname);
        if (err.text) arena.alloc(arena.alloc_ud, err.text, strlen(err.text) + 1, 0);
        ast_arena_free(&arena);
        return NULL;
    }
    Code *co = compile_module(I, mod, fname, source, mode);
    if (err.text) arena.alloc(arena.alloc_ud, err.text, strlen(err.text) + 1, 0);
    ast_arena_free(&arena);
    /* Without source for tracebacks the code still keeps its text, so a tile kernel defined
     * at the prompt or with -c can be compiled (gpu/tile/front reads a kernel's source).
     * The compiler leaves co rooted until the caller's temporaries are reset. */
    if (co && !source && utf8_validate(src, len) < 0) {
        Str *text = str_new(I, src, len);
        if (!text) return NULL;
        code_set_text(co, text);
    }
    return co;
}
