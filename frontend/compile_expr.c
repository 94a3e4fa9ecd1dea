/* compile_expr.c: expressions, as CPython 3.11 compiles them onto krait's opcodes.
 *
 * Every expression leaves exactly one value on the stack. The line of each emitted
 * instruction is the line of the innermost node being compiled (compile_expr saves and
 * restores the unit's line around each node), which is what tracebacks show. Also here:
 * conditional jumps (compile_jump_if, which short-circuits `and`/`or`/`not` without
 * materialising booleans), assignment and deletion targets, augmented assignment (the
 * target's object and key are evaluated once), calls (LOAD_METHOD/CALL_METHOD, KW_NAMES,
 * CALL_EX for star-args), comprehensions and lambdas (nested code objects), and the
 * MAKE_FUNCTION prologue shared with `def`. */
#include <string.h>

#include "../vm/error.h"
#include "../vm/gc.h"
#include "../vm/number.h"
#include "../vm/seq.h"
#include "../vm/str.h"
#include "compile.h"

static int expr_error(Compiler *c, AstExpr *e, const char *msg) {
    return compile_error(c, e->pos, "%s", msg);
}

/* ---- constants ---- */

Value compile_const_value(Compiler *c, const AstConstant *k) {
    Interp *I = c->I;
    switch (k->kind) {
    case CONST_NONE: return V_NONE;
    case CONST_TRUE: return V_TRUE;
    case CONST_FALSE: return V_FALSE;
    case CONST_ELLIPSIS: return v_obj(I->ellipsis);
    case CONST_INT: return int_from_i64(I, k->ival);
    case CONST_BIGINT: return int_from_str(I, k->str, k->len, k->base);
    case CONST_FLOAT: return v_float(k->fval);
    case CONST_STR: return compile_str_value(c, k->str, k->len);
    case CONST_BYTES: {
        Bytes *b = bytes_new(I, k->str, k->len);
        return b ? v_obj(b) : V_NULL;
    }
    }
    return V_NONE;
}

bool expr_is_const(const AstExpr *e) {
    return e->kind == EXPR_CONSTANT;
}

static int compile_constant(Compiler *c, const AstConstant *k) {
    if (k->kind == CONST_INT) return emit_int(c, k->ival);
    Value v = compile_const_value(c, k);
    if (is_null(v)) return -1;
    return emit_const(c, v);
}

/* Truthiness of a constant known at compile time: 1, 0, or -1 if not folded. */
static int const_truth(const AstExpr *e) {
    if (e->kind != EXPR_CONSTANT) return -1;
    const AstConstant *k = &e->u.constant;
    switch (k->kind) {
    case CONST_NONE:
    case CONST_FALSE: return 0;
    case CONST_TRUE:
    case CONST_ELLIPSIS:
    case CONST_BIGINT: return 1;
    case CONST_INT: return k->ival != 0;
    case CONST_FLOAT: return k->fval != 0.0;
    case CONST_STR:
    case CONST_BYTES: return k->len != 0;
    }
    return -1;
}

/* A tuple of constants folds into one constant, as CPython does. */
static int try_const_tuple(Compiler *c, AstExpr *e) {
    const AstExprList *elts = &e->u.seq.elts;
    if (elts->len == 0 || elts->len > 256) return 0;
    for (int i = 0; i < elts->len; i++)
        if (elts->items[i]->kind != EXPR_CONSTANT) return 0;
    Tuple *t = tuple_new(c->I, (size_t)elts->len);
    if (!t || !gc_temp_push(c->I, v_obj(t))) return -1;
    for (int i = 0; i < elts->len; i++) {
        Value v = compile_const_value(c, &elts->items[i]->u.constant);
        if (is_null(v)) return -1;
        t->items[i] = v;
    }
    return emit_const(c, v_obj(t)) < 0 ? -1 : 1;
}

/* ---- displays ---- */

static bool has_starred(const AstExprList *l) {
    for (int i = 0; i < l->len; i++)
        if (l->items[i]->kind == EXPR_STARRED) return true;
    return false;
}

/* [a, *b, c], (a, *b), {a, *b}: CPython's starunpack_helper. kind: EXPR_LIST/TUPLE/SET. */
static int compile_sequence(Compiler *c, const AstExprList *elts, AstExprKind kind) {
    int build = kind == EXPR_SET    ? OP_BUILD_SET
                : kind == EXPR_LIST ? OP_BUILD_LIST
                                    : OP_BUILD_TUPLE;
    if (!has_starred(elts)) {
        for (int i = 0; i < elts->len; i++)
            if (compile_expr(c, elts->items[i]) < 0) return -1;
        return emit(c, build, (uint32_t)elts->len);
    }
    bool set = kind == EXPR_SET;
    bool built = false;
    for (int i = 0; i < elts->len; i++) {
        AstExpr *elt = elts->items[i];
        if (elt->kind == EXPR_STARRED) {
            if (!built) {
                if (emit(c, set ? OP_BUILD_SET : OP_BUILD_LIST, (uint32_t)i) < 0) return -1;
                built = true;
            }
            if (compile_expr(c, elt->u.starred.value) < 0 ||
                emit(c, set ? OP_SET_UPDATE : OP_LIST_EXTEND, 1) < 0)
                return -1;
        } else {
            if (compile_expr(c, elt) < 0) return -1;
            if (built && emit(c, set ? OP_SET_ADD : OP_LIST_APPEND, 1) < 0) return -1;
        }
    }
    if (kind == EXPR_TUPLE && emit(c, OP_LIST_TO_TUPLE, 0) < 0) return -1;
    return 0;
}

static int compile_subdict(Compiler *c, AstExpr *e, int begin, int end) {
    for (int i = begin; i < end; i++)
        if (compile_expr(c, e->u.dict.keys.items[i]) < 0 ||
            compile_expr(c, e->u.dict.values.items[i]) < 0)
            return -1;
    return emit(c, OP_BUILD_MAP, (uint32_t)(end - begin));
}

static int compile_dict(Compiler *c, AstExpr *e) {
    int n = e->u.dict.values.len, elements = 0;
    bool have_dict = false;
    for (int i = 0; i < n; i++) {
        if (e->u.dict.keys.items[i] == NULL) {
            if (elements) {
                if (compile_subdict(c, e, i - elements, i) < 0) return -1;
                if (have_dict && emit(c, OP_DICT_UPDATE, 1) < 0) return -1;
                have_dict = true;
                elements = 0;
            }
            if (!have_dict) {
                if (emit(c, OP_BUILD_MAP, 0) < 0) return -1;
                have_dict = true;
            }
            if (compile_expr(c, e->u.dict.values.items[i]) < 0 || emit(c, OP_DICT_UPDATE, 1) < 0)
                return -1;
        } else {
            elements++;
        }
    }
    if (elements) {
        if (compile_subdict(c, e, n - elements, n) < 0) return -1;
        if (have_dict && emit(c, OP_DICT_UPDATE, 1) < 0) return -1;
        have_dict = true;
    }
    return have_dict ? 0 : emit(c, OP_BUILD_MAP, 0);
}

/* ---- operators ---- */

static int compile_compare_op(Compiler *c, int op) {
    switch (op) {
    case AST_IS: return emit(c, OP_IS_OP, 0);
    case AST_ISNOT: return emit(c, OP_IS_OP, 1);
    case AST_IN: return emit(c, OP_CONTAINS_OP, 0);
    case AST_NOTIN: return emit(c, OP_CONTAINS_OP, 1);
    default: return emit(c, OP_COMPARE_OP, (uint32_t)op);
    }
}

/* a < b < c: each operand evaluated once, COPY/SWAP as CPython 3.11. */
static int compile_compare(Compiler *c, AstExpr *e) {
    int n = e->u.compare.comparators.len;
    if (compile_expr(c, e->u.compare.left) < 0) return -1;
    if (n == 1) {
        if (compile_expr(c, e->u.compare.comparators.items[0]) < 0) return -1;
        return compile_compare_op(c, e->u.compare.ops[0]);
    }
    int cleanup = label_new(c), end = label_new(c);
    if (cleanup < 0 || end < 0) return -1;
    for (int i = 0; i < n - 1; i++) {
        if (compile_expr(c, e->u.compare.comparators.items[i]) < 0 || emit(c, OP_SWAP, 2) < 0 ||
            emit(c, OP_COPY, 2) < 0 || compile_compare_op(c, e->u.compare.ops[i]) < 0 ||
            emit_jump(c, OP_JUMP_IF_FALSE_OR_POP, cleanup) < 0)
            return -1;
    }
    if (compile_expr(c, e->u.compare.comparators.items[n - 1]) < 0 ||
        compile_compare_op(c, e->u.compare.ops[n - 1]) < 0 || emit_jump(c, OP_JUMP, end) < 0)
        return -1;
    label_place(c, cleanup);
    if (emit(c, OP_SWAP, 2) < 0 || emit(c, OP_POP_TOP, 0) < 0) return -1;
    label_place(c, end);
    return 0;
}

static int compile_boolop(Compiler *c, AstExpr *e) {
    int end = label_new(c);
    if (end < 0) return -1;
    int op = e->u.boolop.op == AST_AND ? OP_JUMP_IF_FALSE_OR_POP : OP_JUMP_IF_TRUE_OR_POP;
    int n = e->u.boolop.values.len;
    for (int i = 0; i < n; i++) {
        if (compile_expr(c, e->u.boolop.values.items[i]) < 0) return -1;
        if (i < n - 1 && emit_jump(c, op, end) < 0) return -1;
    }
    label_place(c, end);
    return 0;
}

int compile_jump_if(Compiler *c, AstExpr *e, bool cond, int label) {
    int saved = c->u->line;
    c->u->line = e->pos.line;
    int r = 0;
    int truth = const_truth(e);
    if (truth >= 0) {
        if ((truth != 0) == cond) r = emit_jump(c, OP_JUMP, label);
    } else if (e->kind == EXPR_UNARYOP && e->u.unary.op == AST_NOT) {
        r = compile_jump_if(c, e->u.unary.operand, !cond, label);
    } else if (e->kind == EXPR_BOOLOP) {
        bool is_or = e->u.boolop.op == AST_OR;
        int next2 = label;
        if (is_or != cond && (next2 = label_new(c)) < 0) r = -1;
        int n = e->u.boolop.values.len;
        for (int i = 0; r == 0 && i < n - 1; i++)
            r = compile_jump_if(c, e->u.boolop.values.items[i], is_or, next2);
        if (r == 0) r = compile_jump_if(c, e->u.boolop.values.items[n - 1], cond, label);
        if (r == 0 && next2 != label) label_place(c, next2);
    } else {
        r = compile_expr(c, e);
        if (r == 0) r = emit_jump(c, cond ? OP_POP_JUMP_IF_TRUE : OP_POP_JUMP_IF_FALSE, label);
    }
    c->u->line = saved;
    return r;
}

/* ---- calls ---- */

Tuple *compile_str_tuple(Compiler *c, const char **names, int n) {
    Tuple *t = tuple_new(c->I, (size_t)n);
    if (!t || !gc_temp_push(c->I, v_obj(t))) return NULL;
    for (int i = 0; i < n; i++) {
        Value s = compile_str_value(c, names[i], strlen(names[i]));
        if (is_null(s)) return NULL;
        t->items[i] = s;
    }
    return t;
}

static int emit_kw_names(Compiler *c, AstKeyword *kws, int n) {
    const char *names[256];
    const char **list = names;
    if (n > 256) {
        list = mem_alloc(c->I, (size_t)n * sizeof(char *));
        if (!list) return -1;
    }
    for (int i = 0; i < n; i++)
        list[i] = kws[i].arg;
    Tuple *t = compile_str_tuple(c, list, n);
    if (list != names) mem_free(c->I, list, (size_t)n * sizeof(char *));
    if (!t) return -1;
    int k = const_index(c, v_obj(t));
    return k < 0 ? -1 : emit(c, OP_KW_NAMES, (uint32_t)k);
}

/* Positional arguments and keywords of a call without star-args; returns the argument
 * count (keywords included), -1 after raising. */
static int compile_plain_args(Compiler *c, AstExpr *call) {
    const AstExprList *args = &call->u.call.args;
    for (int i = 0; i < args->len; i++)
        if (compile_expr(c, args->items[i]) < 0) return -1;
    int nkw = call->u.call.nkeywords;
    for (int i = 0; i < nkw; i++)
        if (compile_expr(c, call->u.call.keywords[i].value) < 0) return -1;
    if (nkw && emit_kw_names(c, call->u.call.keywords, nkw) < 0) return -1;
    return args->len + nkw;
}

/* The callable is on the stack: build the args tuple and the kwargs dict, CALL_EX. */
static int compile_call_ex(Compiler *c, const AstExprList *args, AstKeyword *kws, int nkw) {
    if (compile_sequence(c, args, EXPR_TUPLE) < 0) return -1;
    /* compile_sequence builds a plain tuple when nothing is starred: fine for CALL_EX */
    if (nkw == 0) return emit(c, OP_CALL_EX, 0);
    int pending = 0;
    bool have_dict = false;
    for (int i = 0; i <= nkw; i++) {
        bool flush = i == nkw || kws[i].arg == NULL;
        if (flush && pending) {
            for (int j = i - pending; j < i; j++) {
                if (emit_str_const(c, kws[j].arg, strlen(kws[j].arg)) < 0 ||
                    compile_expr(c, kws[j].value) < 0)
                    return -1;
            }
            if (emit(c, OP_BUILD_MAP, (uint32_t)pending) < 0) return -1;
            if (have_dict && emit(c, OP_DICT_MERGE, 1) < 0) return -1;
            have_dict = true;
            pending = 0;
        }
        if (i == nkw) break;
        if (kws[i].arg == NULL) {
            if (!have_dict) {
                if (emit(c, OP_BUILD_MAP, 0) < 0) return -1;
                have_dict = true;
            }
            if (compile_expr(c, kws[i].value) < 0 || emit(c, OP_DICT_MERGE, 1) < 0) return -1;
        } else {
            pending++;
        }
    }
    return emit(c, OP_CALL_EX, 1);
}

static bool call_has_star(AstExpr *e) {
    if (has_starred(&e->u.call.args)) return true;
    for (int i = 0; i < e->u.call.nkeywords; i++)
        if (!e->u.call.keywords[i].arg) return true;
    return false;
}

/* CPython's validate_keywords: f(a=1, a=2) is a SyntaxError at the repeated keyword. */
int compile_check_keywords(Compiler *c, AstKeyword *kws, int n) {
    for (int i = 1; i < n; i++) {
        if (!kws[i].arg) continue;
        for (int j = 0; j < i; j++)
            if (kws[j].arg && strcmp(kws[i].arg, kws[j].arg) == 0)
                return compile_error(c, kws[i].pos, "keyword argument repeated: %s", kws[i].arg);
    }
    return 0;
}

static int compile_call(Compiler *c, AstExpr *e) {
    if (compile_check_keywords(c, e->u.call.keywords, e->u.call.nkeywords) < 0) return -1;
    AstExpr *f = e->u.call.func;
    bool star = call_has_star(e);
    if (!star && f->kind == EXPR_ATTRIBUTE) {
        if (compile_expr(c, f->u.attribute.value) < 0) return -1;
        const char *attr = compile_mangle(c, f->u.attribute.attr);
        int k = attr ? name_index(c, attr) : -1;
        if (k < 0 || emit(c, OP_LOAD_METHOD, (uint32_t)k) < 0) return -1;
        int n = compile_plain_args(c, e);
        return n < 0 ? -1 : emit(c, OP_CALL_METHOD, (uint32_t)n);
    }
    if (compile_expr(c, f) < 0) return -1;
    if (star) return compile_call_ex(c, &e->u.call.args, e->u.call.keywords, e->u.call.nkeywords);
    int n = compile_plain_args(c, e);
    return n < 0 ? -1 : emit(c, OP_CALL, (uint32_t)n);
}

/* ---- f-strings ---- */

static int compile_formatted(Compiler *c, AstExpr *e) {
    if (compile_expr(c, e->u.formatted.value) < 0) return -1;
    uint32_t arg = 0;
    switch (e->u.formatted.conversion) {
    case 's': arg = 1; break;
    case 'r': arg = 2; break;
    case 'a': arg = 3; break;
    default: arg = 0; break;
    }
    if (e->u.formatted.format_spec) {
        if (compile_expr(c, e->u.formatted.format_spec) < 0) return -1;
        arg |= 4;
    }
    return emit(c, OP_FORMAT_VALUE, arg);
}

static int compile_joinedstr(Compiler *c, AstExpr *e) {
    const AstExprList *elts = &e->u.seq.elts;
    if (elts->len == 0) return emit_str_const(c, "", 0);
    for (int i = 0; i < elts->len; i++)
        if (compile_expr(c, elts->items[i]) < 0) return -1;
    if (elts->len == 1 && elts->items[0]->kind == EXPR_FORMATTED) return 0;
    if (elts->len == 1) return 0;
    return emit(c, OP_BUILD_STRING, (uint32_t)elts->len);
}

/* A t-string: its strings (one more than its interpolations: '' where two fields or a field
 * and an end meet) and, for each interpolation, value, expression text, conversion (None
 * or 's'/'r'/'a') and format spec (formatted now, as CPython 3.14 does); BUILD_TEMPLATE
 * makes the string.templatelib.Template. */
static int compile_templatestr(Compiler *c, AstExpr *e) {
    const AstExprList *elts = &e->u.seq.elts;
    int nstr = 0, ninterp = 0;
    bool want_str = true;
    for (int i = 0; i < elts->len; i++) {
        AstExpr *part = elts->items[i];
        if (part->kind == EXPR_CONSTANT) {
            if (compile_expr(c, part) < 0) return -1;
            nstr++;
            want_str = false;
            continue;
        }
        if (want_str) {
            if (emit_str_const(c, "", 0) < 0) return -1;
            nstr++;
        }
        want_str = true;
    }
    if (want_str) {
        if (emit_str_const(c, "", 0) < 0) return -1;
        nstr++;
    }
    if (emit(c, OP_BUILD_TUPLE, (uint32_t)nstr) < 0) return -1;
    for (int i = 0; i < elts->len; i++) {
        AstExpr *part = elts->items[i];
        if (part->kind == EXPR_CONSTANT) continue;
        ninterp++;
        char conv = (char)part->u.formatted.conversion;
        if (compile_expr(c, part->u.formatted.value) < 0 ||
            emit_str_const(c, part->u.formatted.text, part->u.formatted.text_len) < 0 ||
            (conv ? emit_str_const(c, &conv, 1) : emit_none(c)) < 0 ||
            (part->u.formatted.format_spec ? compile_expr(c, part->u.formatted.format_spec)
                                           : emit_str_const(c, "", 0)) < 0)
            return -1;
    }
    return emit(c, OP_BUILD_TEMPLATE, (uint32_t)ninterp);
}

/* ---- functions: prologue, arguments, lambda ---- */

/* Byte offset of (line, col) in the source; -1 if out of range. */
static long source_offset(Str *src, int line, int col) {
    size_t i = 0;
    for (int l = 1; l < line; l++) {
        const char *nl = memchr(src->data + i, '\n', src->len - i);
        if (!nl) return -1;
        i = (size_t)(nl - src->data) + 1;
    }
    return i + (size_t)col <= src->len ? (long)(i + (size_t)col) : -1;
}

/* PEP 563 keeps the annotation as text. CPython unparses the AST; krait takes the source
 * span, with line breaks (and the indentation after them) folded into one space, and a
 * string literal as its repr. They agree for annotations written in the usual style. */
int compile_annotation(Compiler *c, AstExpr *e) {
    if (!c->future_annotations) return compile_expr(c, e);
    Interp *I = c->I;
    if (e->kind == EXPR_CONSTANT && e->u.constant.kind == CONST_STR) {
        Str *s = str_new(I, e->u.constant.str, e->u.constant.len);
        Value r = s ? str_repr(I, s) : V_NULL;
        if (is_null(r)) return -1;
        return emit_str_const(c, as_str(r)->data, as_str(r)->len);
    }
    long a = c->source ? source_offset(c->source, e->pos.line, e->pos.col) : -1;
    long b = c->source && e->pos.end_line
                 ? source_offset(c->source, e->pos.end_line, e->pos.end_col)
                 : -1;
    if (a < 0 || b < a) return compile_error(c, e->pos, "annotation source not available");
    StrBuf sb;
    sb_init(&sb);
    const char *p = c->source->data;
    for (long i = a; i < b; i++) {
        if (p[i] == '\n' || p[i] == '\r' || (p[i] == '\\' && i + 1 < b && p[i + 1] == '\n')) {
            while (i + 1 < b && (p[i + 1] == ' ' || p[i + 1] == '\t' || p[i + 1] == '\n'))
                i++;
            if (sb.len && sb.data[sb.len - 1] != ' ' && sb.data[sb.len - 1] != '(' &&
                sb.data[sb.len - 1] != '[' && i + 1 < b && p[i + 1] != ')' && p[i + 1] != ']')
                sb_append(I, &sb, " ", 1);
            continue;
        }
        sb_append(I, &sb, p + i, 1);
    }
    Str *txt = sb_finish(I, &sb);
    if (!txt) return -1;
    return emit_str_const(c, txt->data, txt->len);
}

static int annotation_item(Compiler *c, AstArg *a, int *count) {
    if (!a || !a->annotation) return 0;
    const char *name = compile_mangle(c, a->name);
    if (!name || emit_str_const(c, name, strlen(name)) < 0 ||
        compile_annotation(c, a->annotation) < 0)
        return -1;
    (*count)++;
    return 0;
}

int compile_function_prologue(Compiler *c, AstArguments *args, AstExpr *returns,
                              bool with_annotations) {
    int flags = 0;
    if (args->defaults.len) {
        for (int i = 0; i < args->defaults.len; i++)
            if (compile_expr(c, args->defaults.items[i]) < 0) return -1;
        if (emit(c, OP_BUILD_TUPLE, (uint32_t)args->defaults.len) < 0) return -1;
        flags |= 1;
    }
    int nkwd = 0;
    for (int i = 0; i < args->nkwonly; i++) {
        if (!args->kw_defaults || !args->kw_defaults[i]) continue;
        const char *name = compile_mangle(c, args->kwonly[i].name);
        if (!name || emit_str_const(c, name, strlen(name)) < 0 ||
            compile_expr(c, args->kw_defaults[i]) < 0)
            return -1;
        nkwd++;
    }
    if (nkwd) {
        if (emit(c, OP_BUILD_MAP, (uint32_t)nkwd) < 0) return -1;
        flags |= 2;
    }
    if (with_annotations) {
        int count = 0;
        /* CPython's order: args, posonly, *args, kwonly, **kwargs, return */
        for (int i = 0; i < args->nargs; i++)
            if (annotation_item(c, &args->args[i], &count) < 0) return -1;
        for (int i = 0; i < args->nposonly; i++)
            if (annotation_item(c, &args->posonly[i], &count) < 0) return -1;
        if (annotation_item(c, args->vararg, &count) < 0) return -1;
        for (int i = 0; i < args->nkwonly; i++)
            if (annotation_item(c, &args->kwonly[i], &count) < 0) return -1;
        if (annotation_item(c, args->kwarg, &count) < 0) return -1;
        if (returns) {
            if (emit_str_const(c, "return", 6) < 0 || compile_annotation(c, returns) < 0) return -1;
            count++;
        }
        if (count) {
            if (emit(c, OP_BUILD_MAP, (uint32_t)count) < 0) return -1;
            flags |= 4;
        }
    }
    return flags;
}

int compile_unit_arguments(Compiler *c, AstArguments *args) {
    Code *co = c->u->code;
    co->argcount = (uint32_t)(args->nposonly + args->nargs);
    co->posonlyargcount = (uint32_t)args->nposonly;
    co->kwonlyargcount = (uint32_t)args->nkwonly;
    if (args->vararg) co->flags |= CO_VARARGS;
    if (args->kwarg) co->flags |= CO_VARKEYWORDS;
    return 0;
}

int compile_lambda(Compiler *c, AstExpr *e) {
    AstArguments *args = e->u.lambda.args;
    int flags = compile_function_prologue(c, args, NULL, false);
    if (flags < 0) return -1;
    Scope *ste = symtable_lookup_scope(&c->st, e);
    Str *qual = compile_qualname(c, "<lambda>", true);
    if (!ste || !qual || unit_enter(c, ste, "<lambda>", qual, e->pos.line) < 0) return -1;
    /* None first, so a lambda never has a docstring */
    if (const_index(c, V_NONE) < 0 || compile_unit_arguments(c, args) < 0) return -1;
    if (unit_is_generator(c->u) && emit(c, OP_GEN_START, 0) < 0) return -1;
    if (compile_expr(c, e->u.lambda.body) < 0) return -1;
    if (ste->generator) {
        if (emit(c, OP_POP_TOP, 0) < 0 || emit_none(c) < 0) return -1;
    }
    if (emit(c, OP_RETURN_VALUE, 0) < 0) return -1;
    Code *co = unit_leave(c);
    if (!co) return -1;
    int cl = compile_closure_and_code(c, co);
    if (cl < 0) return -1;
    return emit(c, OP_MAKE_FUNCTION, (uint32_t)(flags | cl));
}

/* ---- comprehensions ---- */

static int comp_generator(Compiler *c, AstExpr *e, int gi, CompKind kind) {
    AstComprehension *g = &e->u.comp.generators[gi];
    int n = e->u.comp.ngenerators;
    int start = label_new(c), anchor = label_new(c);
    if (start < 0 || anchor < 0) return -1;
    if (gi == 0) {
        if (emit(c, OP_LOAD_FAST, 0) < 0) return -1;
    } else {
        if (compile_expr(c, g->iter) < 0 ||
            emit(c, g->is_async ? OP_GET_AITER : OP_GET_ITER, 0) < 0)
            return -1;
    }
    label_place(c, start);
    if (g->is_async) {
        /* as `async for`: await __anext__() in a SETUP_FINALLY whose handler, at anchor,
         * ends this level on StopAsyncIteration (END_ASYNC_FOR pops the iterator) */
        if (emit_jump(c, OP_SETUP_FINALLY, anchor) < 0 || emit(c, OP_GET_ANEXT, 0) < 0 ||
            emit_none(c) < 0 || emit(c, OP_YIELD_FROM, 0) < 0 || emit(c, OP_POP_BLOCK, 0) < 0)
            return -1;
    } else if (emit_jump(c, OP_FOR_ITER, anchor) < 0) {
        return -1;
    }
    if (compile_store(c, g->target) < 0) return -1;
    for (int i = 0; i < g->ifs.len; i++)
        if (compile_jump_if(c, g->ifs.items[i], false, start) < 0) return -1;
    if (gi + 1 < n) {
        if (comp_generator(c, e, gi + 1, kind) < 0) return -1;
    } else {
        uint32_t depth = (uint32_t)n + 1;
        switch (kind) {
        case COMP_GENEXP:
            if (compile_expr(c, e->u.comp.elt) < 0 || emit(c, OP_YIELD_VALUE, 0) < 0 ||
                emit(c, OP_POP_TOP, 0) < 0)
                return -1;
            break;
        case COMP_LIST:
            if (compile_expr(c, e->u.comp.elt) < 0 || emit(c, OP_LIST_APPEND, depth) < 0) return -1;
            break;
        case COMP_SET:
            if (compile_expr(c, e->u.comp.elt) < 0 || emit(c, OP_SET_ADD, depth) < 0) return -1;
            break;
        default:
            if (compile_expr(c, e->u.comp.elt) < 0 || compile_expr(c, e->u.comp.value) < 0 ||
                emit(c, OP_MAP_ADD, depth) < 0)
                return -1;
            break;
        }
    }
    if (emit_jump(c, OP_JUMP, start) < 0) return -1;
    label_place(c, anchor);
    return g->is_async ? emit(c, OP_END_ASYNC_FOR, 0) : 0;
}

static int compile_comprehension(Compiler *c, AstExpr *e, CompKind kind) {
    static const char *const names[] = {"", "<listcomp>", "<setcomp>", "<dictcomp>", "<genexpr>"};
    Scope *ste = symtable_lookup_scope(&c->st, e);
    /* an `async for` or an await inside makes it asynchronous: a coroutine the caller awaits
     * (an async generator for a generator expression), as CPython 3.10 compiles it */
    bool is_async = ste && ste->coroutine;
    bool outer_async = (c->u->fast || c->u->ste->kind == SCOPE_MODULE) && c->u->ste->coroutine;
    if (is_async && kind != COMP_GENEXP && !outer_async)
        return expr_error(c, e, "asynchronous comprehension outside of an asynchronous function");
    Str *qual = compile_qualname(c, names[kind], false);
    if (!ste || !qual || unit_enter(c, ste, names[kind], qual, e->pos.line) < 0) return -1;
    c->u->code->argcount = 1;
    int r = 0;
    switch (kind) {
    case COMP_GENEXP: r = emit(c, OP_GEN_START, 0); break;
    case COMP_LIST: r = emit(c, OP_BUILD_LIST, 0); break;
    case COMP_SET: r = emit(c, OP_BUILD_SET, 0); break;
    default: r = emit(c, OP_BUILD_MAP, 0); break;
    }
    if (r < 0 || comp_generator(c, e, 0, kind) < 0) return -1;
    if (kind == COMP_GENEXP && emit_none(c) < 0) return -1;
    if (emit(c, OP_RETURN_VALUE, 0) < 0) return -1;
    Code *co = unit_leave(c);
    if (!co) return -1;
    int cl = compile_closure_and_code(c, co);
    if (cl < 0 || emit(c, OP_MAKE_FUNCTION, (uint32_t)cl) < 0) return -1;
    bool aiter = e->u.comp.generators[0].is_async;
    if (compile_expr(c, e->u.comp.generators[0].iter) < 0 ||
        emit(c, aiter ? OP_GET_AITER : OP_GET_ITER, 0) < 0 || emit(c, OP_CALL, 1) < 0)
        return -1;
    if (!is_async || kind == COMP_GENEXP) return 0;
    if (emit(c, OP_GET_AWAITABLE, 0) < 0 || emit_none(c) < 0) return -1;
    return emit(c, OP_YIELD_FROM, 0);
}

/* ---- yield and await ---- */

static int check_in_function(Compiler *c, AstExpr *e, const char *what) {
    if (!c->u->fast) return compile_error(c, e->pos, "'%s' outside function", what);
    return 0;
}

/* ---- the expression dispatcher ---- */

static int compile_expr_inner(Compiler *c, AstExpr *e) {
    switch (e->kind) {
    case EXPR_BOOLOP: return compile_boolop(c, e);
    case EXPR_NAMEDEXPR:
        if (compile_expr(c, e->u.named.value) < 0 || emit(c, OP_COPY, 1) < 0) return -1;
        return compile_store(c, e->u.named.target);
    case EXPR_BINOP:
        if (compile_expr(c, e->u.binop.left) < 0 || compile_expr(c, e->u.binop.right) < 0)
            return -1;
        return emit(c, OP_BINARY_OP, (uint32_t)e->u.binop.op);
    case EXPR_UNARYOP: {
        AstExpr *o = e->u.unary.operand;
        if (e->u.unary.op == AST_USUB && o->kind == EXPR_CONSTANT) {
            if (o->u.constant.kind == CONST_INT) return emit_int(c, -o->u.constant.ival);
            if (o->u.constant.kind == CONST_FLOAT)
                return emit_const(c, v_float(-o->u.constant.fval));
        }
        if (compile_expr(c, o) < 0) return -1;
        switch (e->u.unary.op) {
        case AST_NOT: return emit(c, OP_UNARY_NOT, 0);
        case AST_USUB: return emit(c, OP_UNARY_OP, UN_NEG);
        case AST_UADD: return emit(c, OP_UNARY_OP, UN_POS);
        default: return emit(c, OP_UNARY_OP, UN_INVERT);
        }
    }
    case EXPR_LAMBDA: return compile_lambda(c, e);
    case EXPR_IFEXP: {
        int orelse = label_new(c), end = label_new(c);
        if (orelse < 0 || end < 0 || compile_jump_if(c, e->u.ifexp.test, false, orelse) < 0 ||
            compile_expr(c, e->u.ifexp.body) < 0 || emit_jump(c, OP_JUMP, end) < 0)
            return -1;
        label_place(c, orelse);
        if (compile_expr(c, e->u.ifexp.orelse) < 0) return -1;
        label_place(c, end);
        return 0;
    }
    case EXPR_DICT: return compile_dict(c, e);
    case EXPR_SET: return compile_sequence(c, &e->u.seq.elts, EXPR_SET);
    case EXPR_LISTCOMP: return compile_comprehension(c, e, COMP_LIST);
    case EXPR_SETCOMP: return compile_comprehension(c, e, COMP_SET);
    case EXPR_DICTCOMP: return compile_comprehension(c, e, COMP_DICT);
    case EXPR_GENEXP: return compile_comprehension(c, e, COMP_GENEXP);
    case EXPR_AWAIT:
        /* (a module is a coroutine only under PARSE_TOP_AWAIT: the REPL's top-level await) */
        if (!c->u->fast && !(c->u->ste->kind == SCOPE_MODULE && c->u->ste->coroutine))
            return expr_error(c, e, "'await' outside function");
        if (!c->u->ste->coroutine) return expr_error(c, e, "'await' outside async function");
        if (compile_expr(c, e->u.value.value) < 0 || emit(c, OP_GET_AWAITABLE, 0) < 0 ||
            emit_none(c) < 0)
            return -1;
        return emit(c, OP_YIELD_FROM, 0);
    case EXPR_YIELD:
        if (check_in_function(c, e, "yield") < 0) return -1;
        if (e->u.value.value ? compile_expr(c, e->u.value.value) : emit_none(c)) return -1;
        return emit(c, OP_YIELD_VALUE, 0);
    case EXPR_YIELDFROM:
        if (check_in_function(c, e, "yield") < 0) return -1;
        if (c->u->ste->coroutine) return expr_error(c, e, "'yield from' inside async function");
        if (compile_expr(c, e->u.value.value) < 0 || emit(c, OP_GET_YIELD_FROM_ITER, 0) < 0 ||
            emit_none(c) < 0)
            return -1;
        return emit(c, OP_YIELD_FROM, 0);
    case EXPR_COMPARE: return compile_compare(c, e);
    case EXPR_CALL: return compile_call(c, e);
    case EXPR_FORMATTED: return compile_formatted(c, e);
    case EXPR_JOINEDSTR: return compile_joinedstr(c, e);
    case EXPR_TEMPLATESTR: return compile_templatestr(c, e);
    case EXPR_INTERPOLATION: return compile_error(c, e->pos, "interpolation outside a t-string");
    case EXPR_CONSTANT: return compile_constant(c, &e->u.constant);
    case EXPR_ATTRIBUTE: {
        if (e->u.attribute.ctx != CTX_LOAD)
            return expr_error(c, e, "internal compiler error: attribute store as expression");
        if (compile_expr(c, e->u.attribute.value) < 0) return -1;
        const char *attr = compile_mangle(c, e->u.attribute.attr);
        int k = attr ? name_index(c, attr) : -1;
        return k < 0 ? -1 : emit(c, OP_LOAD_ATTR, (uint32_t)k);
    }
    case EXPR_SUBSCRIPT:
        if (compile_expr(c, e->u.subscript.value) < 0 || compile_expr(c, e->u.subscript.slice) < 0)
            return -1;
        return emit(c, OP_BINARY_SUBSCR, 0);
    case EXPR_STARRED: return expr_error(c, e, "can't use starred expression here");
    case EXPR_NAME:
        /* __debug__ is a constant, as CPython's compiler makes it (no -O in krait) */
        if (strcmp(e->u.name.id, "__debug__") == 0) return emit_const(c, V_TRUE);
        return compile_nameop(c, e->u.name.id, CTX_LOAD);
    case EXPR_LIST: return compile_sequence(c, &e->u.seq.elts, EXPR_LIST);
    case EXPR_TUPLE: {
        int r = try_const_tuple(c, e);
        if (r != 0) return r < 0 ? -1 : 0;
        return compile_sequence(c, &e->u.seq.elts, EXPR_TUPLE);
    }
    case EXPR_SLICE: {
        AstExpr *parts[3] = {e->u.slice.lower, e->u.slice.upper, e->u.slice.step};
        int n = parts[2] ? 3 : 2;
        for (int i = 0; i < n; i++)
            if (parts[i] ? compile_expr(c, parts[i]) : emit_none(c)) return -1;
        return emit(c, OP_BUILD_SLICE, (uint32_t)n);
    }
    }
    return expr_error(c, e, "internal compiler error: unknown expression");
}

int compile_expr(Compiler *c, AstExpr *e) {
    if (!c_recursion_enter(c->I, " during compilation")) return -1;
    int saved = c->u->line;
    c->u->line = e->pos.line;
    int r = compile_expr_inner(c, e);
    c->u->line = saved;
    c_recursion_leave(c->I);
    return r;
}

/* ---- assignment targets ---- */

static int compile_unpack(Compiler *c, AstExpr *t) {
    const AstExprList *elts = &t->u.seq.elts;
    int star = -1;
    for (int i = 0; i < elts->len; i++) {
        if (elts->items[i]->kind == EXPR_STARRED) {
            if (star >= 0) return expr_error(c, t, "multiple starred expressions in assignment");
            star = i;
        }
    }
    if (star >= 0) {
        int after = elts->len - star - 1;
        if (star >= 256 || after >= (1 << 16))
            return expr_error(c, t, "too many expressions in star-unpacking assignment");
        if (emit(c, OP_UNPACK_EX, (uint32_t)star | ((uint32_t)after << 8)) < 0) return -1;
    } else if (emit(c, OP_UNPACK_SEQUENCE, (uint32_t)elts->len) < 0) {
        return -1;
    }
    for (int i = 0; i < elts->len; i++) {
        AstExpr *elt = elts->items[i];
        if (compile_store(c, elt->kind == EXPR_STARRED ? elt->u.starred.value : elt) < 0) return -1;
    }
    return 0;
}

/* The attribute and subscript targets of assignment and del: evaluate the object (and the
 * key), then store into or delete from it. */
static int compile_target_op(Compiler *c, AstExpr *t, Opcode attr_op, Opcode subscr_op) {
    if (t->kind == EXPR_ATTRIBUTE) {
        if (compile_expr(c, t->u.attribute.value) < 0) return -1;
        const char *attr = compile_mangle(c, t->u.attribute.attr);
        int k = attr ? name_index(c, attr) : -1;
        return k < 0 ? -1 : emit(c, attr_op, (uint32_t)k);
    }
    if (compile_expr(c, t->u.subscript.value) < 0 || compile_expr(c, t->u.subscript.slice) < 0)
        return -1;
    return emit(c, subscr_op, 0);
}

int compile_store(Compiler *c, AstExpr *t) {
    int saved = c->u->line;
    c->u->line = t->pos.line;
    int r;
    switch (t->kind) {
    case EXPR_NAME: r = compile_nameop(c, t->u.name.id, CTX_STORE); break;
    case EXPR_ATTRIBUTE:
    case EXPR_SUBSCRIPT: r = compile_target_op(c, t, OP_STORE_ATTR, OP_STORE_SUBSCR); break;
    case EXPR_TUPLE:
    case EXPR_LIST: r = compile_unpack(c, t); break;
    case EXPR_STARRED:
        r = expr_error(c, t, "starred assignment target must be in a list or tuple");
        break;
    default: r = expr_error(c, t, "cannot assign to expression"); break;
    }
    c->u->line = saved;
    return r;
}

int compile_delete(Compiler *c, AstExpr *t) {
    int saved = c->u->line;
    c->u->line = t->pos.line;
    int r = 0;
    switch (t->kind) {
    case EXPR_NAME: r = compile_nameop(c, t->u.name.id, CTX_DEL); break;
    case EXPR_ATTRIBUTE:
    case EXPR_SUBSCRIPT: r = compile_target_op(c, t, OP_DELETE_ATTR, OP_DELETE_SUBSCR); break;
    case EXPR_TUPLE:
    case EXPR_LIST:
        for (int i = 0; r == 0 && i < t->u.seq.elts.len; i++)
            r = compile_delete(c, t->u.seq.elts.items[i]);
        break;
    default: r = expr_error(c, t, "cannot delete expression"); break;
    }
    c->u->line = saved;
    return r;
}

int compile_augassign(Compiler *c, AstStmt *s) {
    AstExpr *t = s->u.augassign.target;
    uint32_t op = (uint32_t)s->u.augassign.op;
    int saved = c->u->line;
    c->u->line = t->pos.line;
    int r = -1;
    switch (t->kind) {
    case EXPR_NAME:
        if (compile_nameop(c, t->u.name.id, CTX_LOAD) < 0 ||
            compile_expr(c, s->u.augassign.value) < 0)
            break;
        c->u->line = s->pos.line;
        if (emit(c, OP_INPLACE_OP, op) < 0) break;
        r = compile_nameop(c, t->u.name.id, CTX_STORE);
        break;
    case EXPR_ATTRIBUTE: {
        const char *attr = compile_mangle(c, t->u.attribute.attr);
        int k = attr ? name_index(c, attr) : -1;
        if (k < 0 || compile_expr(c, t->u.attribute.value) < 0 || emit(c, OP_COPY, 1) < 0 ||
            emit(c, OP_LOAD_ATTR, (uint32_t)k) < 0 || compile_expr(c, s->u.augassign.value) < 0)
            break;
        c->u->line = s->pos.line;
        if (emit(c, OP_INPLACE_OP, op) < 0 || emit(c, OP_SWAP, 2) < 0) break;
        c->u->line = t->pos.line;
        r = emit(c, OP_STORE_ATTR, (uint32_t)k);
        break;
    }
    case EXPR_SUBSCRIPT:
        if (compile_expr(c, t->u.subscript.value) < 0 ||
            compile_expr(c, t->u.subscript.slice) < 0 || emit(c, OP_COPY, 2) < 0 ||
            emit(c, OP_COPY, 2) < 0 || emit(c, OP_BINARY_SUBSCR, 0) < 0 ||
            compile_expr(c, s->u.augassign.value) < 0)
            break;
        c->u->line = s->pos.line;
        if (emit(c, OP_INPLACE_OP, op) < 0 || emit(c, OP_SWAP, 3) < 0 || emit(c, OP_SWAP, 2) < 0)
            break;
        c->u->line = t->pos.line;
        r = emit(c, OP_STORE_SUBSCR, 0);
        break;
    default:
        r = expr_error(c, t, "'expression' is an illegal expression for augmented assignment");
        break;
    }
    c->u->line = saved;
    return r;
}
