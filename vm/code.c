/* code.c: the code object type (what the compiler produces and the VM runs), the opcode
 * names generated from the OPCODES X-macro, and a disassembler for debugging.
 *
 * A Code owns its arrays (allocated by the compiler through mem_alloc, sized exactly by the
 * counts in the struct), so the finalizer frees them with those counts; trace marks every
 * object the code refers to, the dicts in the VM's GlobalCache array (code.h) included. */
#include "code.h"

#include <stdio.h>
#include <string.h>

#include "error.h"
#include "gc.h"
#include "opcodes.h"
#include "seq.h"
#include "str.h"

const char *const opcode_names[OP__COUNT] = {
#define X(name) #name,
    OPCODES(X)
#undef X
};

Code *code_new(Interp *I) {
    Code *co = gc_new(I, I->types[TY_CODE], sizeof(Code));
    if (!co) return NULL;
    /* gc_new zeroes the body: every array NULL, every count 0 */
    return co;
}

void code_set_text(Code *co, Str *text) {
    co->text = text;
    for (uint32_t i = 0; i < co->nconsts; i++) {
        Value c = co->consts[i];
        if (is_obj(c) && as_obj(c)->type->id == TY_CODE) code_set_text((Code *)as_obj(c), text);
    }
}

static void code_trace(Interp *I, Obj *o) {
    Code *co = (Code *)o;
    /* A code object the compiler is still filling may be traced by a collection that one of
     * its own allocations runs: a count can be set before its array exists. */
    for (uint32_t i = 0; co->consts && i < co->nconsts; i++)
        gc_mark_value(I, co->consts[i]);
    for (uint32_t i = 0; co->names && i < co->nnames; i++)
        gc_mark_obj(I, (Obj *)co->names[i]);
    for (uint32_t i = 0; co->varnames && i < co->nlocals; i++)
        gc_mark_obj(I, (Obj *)co->varnames[i]);
    for (uint32_t i = 0; co->cellvars && i < co->ncellvars; i++)
        gc_mark_obj(I, (Obj *)co->cellvars[i]);
    for (uint32_t i = 0; co->freevars && i < co->nfreevars; i++)
        gc_mark_obj(I, (Obj *)co->freevars[i]);
    gc_mark_obj(I, (Obj *)co->name);
    gc_mark_obj(I, (Obj *)co->qualname);
    gc_mark_obj(I, (Obj *)co->filename);
    gc_mark_obj(I, (Obj *)co->source);
    gc_mark_obj(I, (Obj *)co->text);
    GlobalCache *gc = co->caches;
    if (gc) {
        for (uint32_t i = 0; i < co->nnames; i++) {
            gc_mark_obj(I, (Obj *)gc[i].globals);
            gc_mark_obj(I, (Obj *)gc[i].found);
            for (int k = 0; k < 2; k++) {
                gc_mark_obj(I, (Obj *)gc[i].at[k].type);
                gc_mark_value(I, gc[i].at[k].value);
            }
        }
    }
}

static void code_finalize(Interp *I, Obj *o) {
    Code *co = (Code *)o;
    if (co->instrs) mem_free(I, co->instrs, co->ninstrs * sizeof(uint32_t));
    if (co->lines) mem_free(I, co->lines, co->ninstrs * sizeof(int32_t));
    if (co->consts) mem_free(I, co->consts, co->nconsts * sizeof(Value));
    if (co->names) mem_free(I, co->names, co->nnames * sizeof(Str *));
    if (co->varnames) mem_free(I, co->varnames, co->nlocals * sizeof(Str *));
    if (co->cellvars) mem_free(I, co->cellvars, co->ncellvars * sizeof(Str *));
    if (co->freevars) mem_free(I, co->freevars, co->nfreevars * sizeof(Str *));
    if (co->cell2arg) mem_free(I, co->cell2arg, co->ncellvars * sizeof(int32_t));
    if (co->caches) mem_free(I, co->caches, co->nnames * sizeof(GlobalCache));
    co->caches = NULL;
    co->instrs = NULL;
    co->lines = NULL;
    co->consts = NULL;
    co->names = NULL;
    co->varnames = NULL;
    co->cellvars = NULL;
    co->freevars = NULL;
    co->cell2arg = NULL;
}

static Value code_repr(Interp *I, Value self) {
    Code *co = (Code *)as_obj(self);
    Str *s = str_printf(I, "<code object %s at %p, file \"%s\", line %d>",
                        co->name ? co->name->data : "?", (void *)co,
                        co->filename ? co->filename->data : "?", co->firstlineno);
    return s ? v_obj(s) : V_NULL;
}

static Value str_or_none(Str *s) {
    return s ? v_obj(s) : V_NONE;
}

static Value code_get_name(Interp *I, Value self) {
    return str_or_none(((Code *)as_obj(self))->name);
}
static Value code_get_qualname(Interp *I, Value self) {
    return str_or_none(((Code *)as_obj(self))->qualname);
}
static Value code_get_filename(Interp *I, Value self) {
    return str_or_none(((Code *)as_obj(self))->filename);
}
static Value code_get_firstlineno(Interp *I, Value self) {
    return v_int(((Code *)as_obj(self))->firstlineno);
}
static Value code_get_argcount(Interp *I, Value self) {
    return v_int(((Code *)as_obj(self))->argcount);
}
static Value code_get_kwonlyargcount(Interp *I, Value self) {
    return v_int(((Code *)as_obj(self))->kwonlyargcount);
}
static Value code_get_posonlyargcount(Interp *I, Value self) {
    return v_int(((Code *)as_obj(self))->posonlyargcount);
}
static Value code_get_nlocals(Interp *I, Value self) {
    return v_int(((Code *)as_obj(self))->nlocals);
}
/* co_flags in CPython's bit values (krait's own CO_* bits differ). */
static Value code_get_flags(Interp *I, Value self) {
    Code *co = (Code *)as_obj(self);
    uint32_t f = co->flags, r = 0;
    if (!(f & (CO_CLASSBODY | CO_MODULE | CO_INTERACTIVE))) r |= 0x1 | 0x2;
    if (f & CO_VARARGS) r |= 0x4;
    if (f & CO_VARKEYWORDS) r |= 0x8;
    if (f & CO_NESTED) r |= 0x10;
    if (f & CO_GENERATOR) r |= 0x20;
    if (!co->ncellvars && !co->nfreevars) r |= 0x40;
    if (f & CO_COROUTINE) r |= 0x80;
    if (f & CO_ITERABLE_COROUTINE) r |= 0x100;
    if (f & CO_ASYNC_GENERATOR) r |= 0x200;
    return v_int(r);
}

static Value names_tuple(Interp *I, Str **names, uint32_t n) {
    Tuple *t = tuple_new(I, n);
    if (!t) return V_NULL;
    for (uint32_t i = 0; i < n; i++)
        t->items[i] = v_obj(names[i]);
    return v_obj(t);
}

static Value code_get_varnames(Interp *I, Value self) {
    Code *co = (Code *)as_obj(self);
    return names_tuple(I, co->varnames, co->nlocals);
}
static Value code_get_freevars(Interp *I, Value self) {
    Code *co = (Code *)as_obj(self);
    return names_tuple(I, co->freevars, co->nfreevars);
}
static Value code_get_cellvars(Interp *I, Value self) {
    Code *co = (Code *)as_obj(self);
    return names_tuple(I, co->cellvars, co->ncellvars);
}

static Value code_get_stacksize(Interp *I, Value self) {
    return v_int(((Code *)as_obj(self))->stacksize);
}
static Value code_get_names(Interp *I, Value self) {
    Code *co = (Code *)as_obj(self);
    return names_tuple(I, co->names, co->nnames);
}
static Value code_get_consts(Interp *I, Value self) {
    Code *co = (Code *)as_obj(self);
    Tuple *t = tuple_new(I, co->nconsts);
    if (!t) return V_NULL;
    for (uint32_t i = 0; i < co->nconsts; i++)
        t->items[i] = co->consts[i];
    return v_obj(t);
}
/* co_code: krait's own instructions (4 bytes each, little-endian), not CPython's. */
static Value code_get_code(Interp *I, Value self) {
    Code *co = (Code *)as_obj(self);
    size_t n = (size_t)co->ninstrs * 4;
    unsigned char *buf = n ? mem_alloc(I, n) : NULL;
    if (n && !buf) return V_NULL;
    for (uint32_t i = 0; i < co->ninstrs; i++)
        for (int k = 0; k < 4; k++)
            buf[4 * i + k] = (unsigned char)(co->instrs[i] >> (8 * k));
    Bytes *b = bytes_new(I, buf, n);
    if (buf) mem_free(I, buf, n);
    return b ? v_obj(b) : V_NULL;
}

/* The instructions as byte ranges [start, end) of one line each (line < 0: none), as
 * co_lines() yields them over co_code's offsets. Returns the count; fills out if given. */
static uint32_t code_line_ranges(Code *co, uint32_t (*out)[3]) {
    uint32_t n = 0;
    for (uint32_t i = 0; i < co->ninstrs;) {
        uint32_t j = i + 1;
        while (j < co->ninstrs && co->lines[j] == co->lines[i])
            j++;
        if (out) {
            out[n][0] = 4 * i;
            out[n][1] = 4 * j;
            out[n][2] = (uint32_t)co->lines[i];
        }
        n++;
        i = j;
    }
    return n;
}

static Value code_lines(Interp *I, int argc, Value *argv, Tuple *kw) {
    (void)argc, (void)kw;
    Code *co = (Code *)as_obj(argv[0]);
    uint32_t n = code_line_ranges(co, NULL);
    uint32_t(*r)[3] = n ? mem_alloc(I, n * sizeof *r) : NULL;
    if (n && !r) return V_NULL;
    code_line_ranges(co, r);
    List *l = list_new(I, n);
    for (uint32_t i = 0; l && i < n; i++) {
        Tuple *t = tuple_new(I, 3);
        if (!t) {
            l = NULL;
            break;
        }
        t->items[0] = v_int(r[i][0]);
        t->items[1] = v_int(r[i][1]);
        t->items[2] = (int32_t)r[i][2] < 0 ? V_NONE : v_int((int32_t)r[i][2]);
        if (!list_append(I, l, v_obj(t))) l = NULL;
    }
    if (r) mem_free(I, r, n * sizeof *r);
    return l ? obj_iter(I, v_obj(l)) : V_NULL;
}

/* co_lnotab (deprecated in CPython 3.12): (offset increment, line increment) byte pairs from
 * (0, co_firstlineno), in CPython's encoding, over the ranges of co_lines(). */
static Value code_get_lnotab(Interp *I, Value self) {
    Code *co = (Code *)as_obj(self);
    StrBuf b;
    sb_init(&b);
    uint32_t addr = 0;
    long line = co->firstlineno;
    bool ok = true;
    for (uint32_t i = 0; i < co->ninstrs && ok;) {
        uint32_t j = i + 1;
        while (j < co->ninstrs && co->lines[j] == co->lines[i])
            j++;
        if (co->lines[i] >= 0) {
            long da = 4 * (long)i - addr, dl = co->lines[i] - line;
            for (; da > 255 && ok; da -= 255)
                ok = sb_append_char(I, &b, (char)255) && sb_append_char(I, &b, 0);
            for (; dl > 127 && ok; dl -= 127, da = 0)
                ok = sb_append_char(I, &b, (char)da) && sb_append_char(I, &b, 127);
            for (; dl < -128 && ok; dl += 128, da = 0)
                ok = sb_append_char(I, &b, (char)da) && sb_append_char(I, &b, (char)-128);
            if (ok && (da || dl))
                ok = sb_append_char(I, &b, (char)da) && sb_append_char(I, &b, (char)dl);
            addr = 4 * i;
            line = co->lines[i];
        }
        i = j;
    }
    if (!ok) {
        sb_free(I, &b);
        return V_NULL;
    }
    Bytes *r = bytes_new(I, b.data, b.len);
    sb_free(I, &b);
    return r ? v_obj(r) : V_NULL;
}

static const MethodDef code_methods[] = {
    {"co_lines", code_lines, 0},
    {NULL, NULL, 0},
};

static const GetSetDef code_getsets[] = {
    {"co_code", code_get_code, NULL},
    {"co_consts", code_get_consts, NULL},
    {"co_names", code_get_names, NULL},
    {"co_stacksize", code_get_stacksize, NULL},
    {"co_lnotab", code_get_lnotab, NULL},
    {"co_name", code_get_name, NULL},
    {"co_qualname", code_get_qualname, NULL},
    {"co_filename", code_get_filename, NULL},
    {"co_firstlineno", code_get_firstlineno, NULL},
    {"co_argcount", code_get_argcount, NULL},
    {"co_flags", code_get_flags, NULL},
    {"co_varnames", code_get_varnames, NULL},
    {"co_freevars", code_get_freevars, NULL},
    {"co_cellvars", code_get_cellvars, NULL},
    {"co_kwonlyargcount", code_get_kwonlyargcount, NULL},
    {"co_posonlyargcount", code_get_posonlyargcount, NULL},
    {"co_nlocals", code_get_nlocals, NULL},
    {NULL, NULL, NULL},
};

const TypeSpec code_spec = {
    .name = "code",
    .base = TY_OBJECT,
    .instance_size = sizeof(Code),
    .flags = 0,
    .slots = {.trace = code_trace, .finalize = code_finalize, .repr = code_repr},
    .methods = code_methods,
    .getsets = code_getsets,
};

/* ---- the disassembler ---- */

static const char *const binop_symbols[BIN__COUNT] = {"+",  "-",  "*",  "@", "/", "//", "%",
                                                      "**", "<<", ">>", "&", "|", "^"};
static const char *const cmp_symbols[] = {"<", "<=", "==", "!=", ">", ">="};

static Str *cell_name(Code *co, uint32_t i) {
    if (i < co->ncellvars) return co->cellvars[i];
    if (i - co->ncellvars < co->nfreevars) return co->freevars[i - co->ncellvars];
    return NULL;
}

static bool disassemble_one(Interp *I, StrBuf *b, Code *co, int depth) {
    if (!sb_appendf(I, b, "Disassembly of <code object %s, line %d> (stack %u, blocks %u):\n",
                    co->qualname ? co->qualname->data : "?", co->firstlineno, co->stacksize,
                    co->maxblocks))
        return false;
    for (uint32_t i = 0; i < co->ninstrs; i++) {
        uint32_t w = co->instrs[i];
        uint32_t op = INSTR_OP(w), arg = INSTR_ARG(w);
        const char *name = op < OP__COUNT ? opcode_names[op] : "???";
        if (!sb_appendf(I, b, "  %4d %5u %-20s %u", co->lines ? co->lines[i] : 0, i, name, arg))
            return false;
        bool ok = true;
        Str *s = NULL;
        switch (op) {
        case OP_LOAD_CONST:
            if (arg < co->nconsts) {
                ok = sb_append_cstr(I, b, " (");
                Value v = co->consts[arg];
                if (ok && is_obj(v) && as_obj(v)->type == I->types[TY_CODE]) {
                    Code *sub = (Code *)as_obj(v);
                    ok = sb_appendf(I, b, "<code %s>", sub->qualname ? sub->qualname->data : "?");
                } else if (ok) {
                    ok = sb_append_repr(I, b, v);
                }
                ok = ok && sb_append_cstr(I, b, ")");
            }
            break;
        case OP_LOAD_SMALL_INT:
            ok = sb_appendf(I, b, " (%lld)", (long long)arg - SMALL_INT_BIAS);
            break;
        case OP_LOAD_NAME:
        case OP_STORE_NAME:
        case OP_DELETE_NAME:
        case OP_LOAD_GLOBAL:
        case OP_STORE_GLOBAL:
        case OP_DELETE_GLOBAL:
        case OP_LOAD_ATTR:
        case OP_STORE_ATTR:
        case OP_DELETE_ATTR:
        case OP_LOAD_METHOD:
        case OP_IMPORT_NAME:
        case OP_IMPORT_FROM: s = arg < co->nnames ? co->names[arg] : NULL; break;
        case OP_LOAD_FAST:
        case OP_STORE_FAST:
        case OP_DELETE_FAST:
        case OP_LOAD_FAST__LOAD_ATTR:
        case OP_LOAD_FAST__LOAD_METHOD:
        case OP_LOAD_FAST__LOAD_FAST:
        case OP_LOAD_FAST__LOAD_SMALL_INT:
        case OP_LOAD_FAST__BINARY_OP:
        case OP_LOAD_FAST__STORE_ATTR:
        case OP_LOAD_FAST__COMPARE_OP:
        case OP_STORE_FAST__LOAD_FAST: s = arg < co->nlocals ? co->varnames[arg] : NULL; break;
        case OP_LOAD_DEREF:
        case OP_STORE_DEREF:
        case OP_DELETE_DEREF:
        case OP_LOAD_CLOSURE:
        case OP_LOAD_CLASSDEREF: s = cell_name(co, arg); break;
        case OP_BINARY_OP:
        case OP_INPLACE_OP:
            if (arg < BIN__COUNT)
                ok =
                    sb_appendf(I, b, " (%s%s)", binop_symbols[arg], op == OP_INPLACE_OP ? "=" : "");
            break;
        case OP_COMPARE_OP:
            if (arg < 6) ok = sb_appendf(I, b, " (%s)", cmp_symbols[arg]);
            break;
        case OP_JUMP:
        case OP_POP_JUMP_IF_FALSE:
        case OP_POP_JUMP_IF_TRUE:
        case OP_JUMP_IF_FALSE_OR_POP:
        case OP_JUMP_IF_TRUE_OR_POP:
        case OP_FOR_ITER:
        case OP_SETUP_FINALLY:
        case OP_SETUP_WITH: ok = sb_appendf(I, b, " (to %u)", arg); break;
        default: break;
        }
        if (ok && s) ok = sb_appendf(I, b, " (%s)", s->data);
        if (!ok || !sb_append_char(I, b, '\n')) return false;
    }
    if (depth > 50) return true;
    for (uint32_t i = 0; i < co->nconsts; i++) {
        Value v = co->consts[i];
        if (is_obj(v) && as_obj(v)->type == I->types[TY_CODE]) {
            if (!sb_append_char(I, b, '\n') || !disassemble_one(I, b, (Code *)as_obj(v), depth + 1))
                return false;
        }
    }
    return true;
}

Value code_disassemble(Interp *I, Code *co) {
    StrBuf b;
    sb_init(&b);
    if (!disassemble_one(I, &b, co, 0)) {
        sb_free(I, &b);
        return V_NULL;
    }
    Str *s = sb_finish(I, &b);
    return s ? v_obj(s) : V_NULL;
}
