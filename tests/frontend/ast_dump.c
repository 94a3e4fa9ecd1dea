/* ast_dump.c: a test tool that parses a Python file with krait's frontend and prints the
 * tree in exactly the text of CPython's `ast.dump(ast.parse(src))`, or the syntax error as
 * "Kind: msg (line L, col C)". check_parser.py compares its output with python3's.
 * Usage: ast_dump FILE; ast_dump --incomplete FILE prints parse_is_incomplete's answer;
 * ast_dump --parse-only FILE prints "ok" or the error (for timing and stack tests). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../frontend/ast.h"
#include "../../vm/object.h"

typedef struct Out {
    char *buf;
    size_t len, cap;
    bool positions; /* --positions: add each node's lineno/col_offset/end_... */
} Out;

static void out_put(Out *o, const char *s, size_t n) {
    if (o->len + n + 1 > o->cap) {
        o->cap = (o->len + n + 1) * 2;
        o->buf = realloc(o->buf, o->cap);
        if (!o->buf) exit(3);
    }
    memcpy(o->buf + o->len, s, n);
    o->len += n;
    o->buf[o->len] = 0;
}
static void out_s(Out *o, const char *s) {
    out_put(o, s, strlen(s));
}

static void dump_expr(Out *o, AstExpr *e);
static void dump_stmts(Out *o, AstStmtList l);

/* Turn the node just dumped, "Kind(...)", into "Kind(..., lineno=L, col_offset=C, ...)" as
 * ast.dump(include_attributes=True) prints it. */
static void add_positions(Out *o, AstPos pos) {
    if (!o->positions) return;
    char buf[128];
    o->len--; /* the closing parenthesis */
    snprintf(buf, sizeof buf, "%slineno=%d, col_offset=%d, end_lineno=%d, end_col_offset=%d)",
             o->buf[o->len - 1] == '(' ? "" : ", ", pos.line, pos.col, pos.end_line, pos.end_col);
    out_s(o, buf);
}

/* Python's str.isprintable, from krait's Unicode tables (vm/unicode.c, CPython's data). */
bool uni_isprintable(uint32_t cp);
static bool printable(unsigned cp) {
    return uni_isprintable(cp);
}

static void dump_str_repr(Out *o, const char *s, size_t n, bool bytes) {
    bool has_sq = memchr(s, '\'', n) != NULL, has_dq = memchr(s, '"', n) != NULL;
    char q = has_sq && !has_dq ? '"' : '\'';
    if (bytes) out_s(o, "b");
    out_put(o, &q, 1);
    for (size_t i = 0; i < n;) {
        unsigned char c = (unsigned char)s[i];
        char tmp[16];
        if (c == '\\' || c == (unsigned char)q) {
            tmp[0] = '\\';
            tmp[1] = (char)c;
            out_put(o, tmp, 2);
            i++;
        } else if (c == '\n') {
            out_s(o, "\\n"), i++;
        } else if (c == '\r') {
            out_s(o, "\\r"), i++;
        } else if (c == '\t') {
            out_s(o, "\\t"), i++;
        } else if (c < 0x20 || c == 0x7f || (bytes && c >= 0x80)) {
            snprintf(tmp, sizeof tmp, "\\x%02x", c);
            out_s(o, tmp);
            i++;
        } else if (c < 0x80) {
            out_put(o, (char *)&c, 1);
            i++;
        } else {
            int len = c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
            unsigned cp = len == 2 ? c & 0x1F : len == 3 ? c & 0x0F : c & 0x07;
            for (int k = 1; k < len && i + k < n; k++)
                cp = (cp << 6) | ((unsigned char)s[i + k] & 0x3F);
            if (!printable(cp)) {
                snprintf(tmp, sizeof tmp,
                         cp < 0x100     ? "\\x%02x"
                         : cp < 0x10000 ? "\\u%04x"
                                        : "\\U%08x",
                         cp);
                out_s(o, tmp);
            } else {
                out_put(o, s + i, (size_t)len);
            }
            i += (size_t)len;
        }
    }
    out_put(o, &q, 1);
}

static void dump_float(Out *o, double d) {
    char buf[64];
    if (isinf(d)) {
        out_s(o, d > 0 ? "inf" : "-inf");
        return;
    }
    if (isnan(d)) {
        out_s(o, "nan");
        return;
    }
    int prec;
    for (prec = 1; prec <= 17; prec++) {
        snprintf(buf, sizeof buf, "%.*e", prec - 1, d);
        if (strtod(buf, NULL) == d) break;
    }
    /* buf = d.ddde[+-]XX */
    char digits[32];
    int nd = 0;
    const char *p = buf;
    bool neg = *p == '-';
    if (neg) p++;
    for (; *p && *p != 'e'; p++)
        if (*p != '.') digits[nd++] = *p;
    int exp = atoi(p + 1);
    while (nd > 1 && digits[nd - 1] == '0')
        nd--;
    digits[nd] = 0;
    char res[64];
    int r = 0;
    if (neg) res[r++] = '-';
    if (exp < -4 || exp >= 16) {
        res[r++] = digits[0];
        if (nd > 1) {
            res[r++] = '.';
            for (int i = 1; i < nd; i++)
                res[r++] = digits[i];
        }
        r += snprintf(res + r, sizeof res - r, "e%c%02d", exp < 0 ? '-' : '+', abs(exp));
    } else if (exp < 0) {
        res[r++] = '0';
        res[r++] = '.';
        for (int i = 0; i < -exp - 1; i++)
            res[r++] = '0';
        for (int i = 0; i < nd; i++)
            res[r++] = digits[i];
    } else {
        for (int i = 0; i <= exp; i++)
            res[r++] = i < nd ? digits[i] : '0';
        res[r++] = '.';
        if (nd > exp + 1)
            for (int i = exp + 1; i < nd; i++)
                res[r++] = digits[i];
        else
            res[r++] = '0';
    }
    res[r] = 0;
    out_s(o, res);
}

static void dump_bigint(Out *o, const char *digits, int base) {
    size_t n = strlen(digits);
    size_t cap = n * 2 + 2;
    unsigned char *dec = calloc(cap, 1); /* little-endian decimal digits */
    size_t nd = 1;
    for (size_t i = 0; i < n; i++) {
        int c = digits[i];
        int v = c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10;
        int carry = v;
        for (size_t k = 0; k < nd; k++) {
            int x = dec[k] * base + carry;
            dec[k] = (unsigned char)(x % 10);
            carry = x / 10;
        }
        while (carry) {
            dec[nd++] = (unsigned char)(carry % 10);
            carry /= 10;
        }
    }
    while (nd > 1 && dec[nd - 1] == 0)
        nd--;
    for (size_t k = nd; k-- > 0;) {
        char c = (char)('0' + dec[k]);
        out_put(o, &c, 1);
    }
    free(dec);
}

static void dump_constant(Out *o, AstConstant *c) {
    char buf[64];
    out_s(o, "Constant(value=");
    switch (c->kind) {
    case CONST_NONE: out_s(o, "None"); break;
    case CONST_TRUE: out_s(o, "True"); break;
    case CONST_FALSE: out_s(o, "False"); break;
    case CONST_ELLIPSIS: out_s(o, "Ellipsis"); break;
    case CONST_INT:
        snprintf(buf, sizeof buf, "%lld", (long long)c->ival);
        out_s(o, buf);
        break;
    case CONST_BIGINT: dump_bigint(o, c->str, c->base); break;
    case CONST_FLOAT: dump_float(o, c->fval); break;
    case CONST_STR: dump_str_repr(o, c->str, c->len, false); break;
    case CONST_BYTES: dump_str_repr(o, c->str, c->len, true); break;
    }
    out_s(o, ")");
}

static void dump_list(Out *o, AstExprList l) {
    out_s(o, "[");
    for (int i = 0; i < l.len; i++) {
        if (i) out_s(o, ", ");
        if (l.items[i])
            dump_expr(o, l.items[i]);
        else
            out_s(o, "None");
    }
    out_s(o, "]");
}

static const char *ctx_name(AstCtx c) {
    return c == CTX_LOAD ? "Load()" : c == CTX_STORE ? "Store()" : "Del()";
}

/* label followed by the dump of e: one "name=value" field of a node. */
static void dump_field(Out *o, const char *label, AstExpr *e) {
    out_s(o, label);
    dump_expr(o, e);
}

/* The ", ctx=...)" that ends a Name-like node. */
static void dump_ctx_end(Out *o, AstCtx c) {
    out_s(o, ", ctx=");
    out_s(o, ctx_name(c));
    out_s(o, ")");
}

static const char *binop_name(int op) {
    static const char *const names[] = {"Add",      "Sub",   "Mult",  "MatMult", "Div",
                                        "FloorDiv", "Mod",   "Pow",   "LShift",  "RShift",
                                        "BitAnd",   "BitOr", "BitXor"};
    static const int order[] = {BIN_ADD,      BIN_SUB, BIN_MUL, BIN_MATMUL, BIN_TRUEDIV,
                                BIN_FLOORDIV, BIN_MOD, BIN_POW, BIN_LSHIFT, BIN_RSHIFT,
                                BIN_AND,      BIN_OR,  BIN_XOR};
    for (int i = 0; i < 13; i++)
        if (order[i] == op) return names[i];
    return "?";
}

static const char *cmp_name(int op) {
    switch (op) {
    case CMP_LT: return "Lt";
    case CMP_LE: return "LtE";
    case CMP_EQ: return "Eq";
    case CMP_NE: return "NotEq";
    case CMP_GT: return "Gt";
    case CMP_GE: return "GtE";
    case AST_IS: return "Is";
    case AST_ISNOT: return "IsNot";
    case AST_IN: return "In";
    case AST_NOTIN: return "NotIn";
    }
    return "?";
}

static void dump_arg(Out *o, AstArg *a) {
    out_s(o, "arg(arg='");
    out_s(o, a->name);
    out_s(o, "'");
    if (a->annotation) {
        dump_field(o, ", annotation=", a->annotation);
    }
    out_s(o, ")");
}

static void dump_args_list(Out *o, AstArg *a, int n) {
    out_s(o, "[");
    for (int i = 0; i < n; i++) {
        if (i) out_s(o, ", ");
        dump_arg(o, &a[i]);
    }
    out_s(o, "]");
}

static void dump_arguments(Out *o, AstArguments *a) {
    out_s(o, "arguments(posonlyargs=");
    dump_args_list(o, a->posonly, a->nposonly);
    out_s(o, ", args=");
    dump_args_list(o, a->args, a->nargs);
    if (a->vararg) {
        out_s(o, ", vararg=");
        dump_arg(o, a->vararg);
    }
    out_s(o, ", kwonlyargs=");
    dump_args_list(o, a->kwonly, a->nkwonly);
    out_s(o, ", kw_defaults=");
    AstExprList kd = {a->kw_defaults, a->nkwonly};
    dump_list(o, kd);
    if (a->kwarg) {
        out_s(o, ", kwarg=");
        dump_arg(o, a->kwarg);
    }
    out_s(o, ", defaults=");
    dump_list(o, a->defaults);
    out_s(o, ")");
}

static void dump_keywords(Out *o, AstKeyword *k, int n) {
    out_s(o, "[");
    for (int i = 0; i < n; i++) {
        if (i) out_s(o, ", ");
        out_s(o, "keyword(");
        if (k[i].arg) {
            out_s(o, "arg='");
            out_s(o, k[i].arg);
            out_s(o, "', ");
        }
        dump_field(o, "value=", k[i].value);
        out_s(o, ")");
    }
    out_s(o, "]");
}

static void dump_generators(Out *o, AstComprehension *g, int n) {
    out_s(o, "[");
    for (int i = 0; i < n; i++) {
        if (i) out_s(o, ", ");
        dump_field(o, "comprehension(target=", g[i].target);
        dump_field(o, ", iter=", g[i].iter);
        out_s(o, ", ifs=");
        dump_list(o, g[i].ifs);
        out_s(o, g[i].is_async ? ", is_async=1)" : ", is_async=0)");
    }
    out_s(o, "]");
}

static void dump_expr_inner(Out *o, AstExpr *e);
static void dump_expr(Out *o, AstExpr *e) {
    dump_expr_inner(o, e);
    add_positions(o, e->pos);
}

static void dump_expr_inner(Out *o, AstExpr *e) {
    switch (e->kind) {
    case EXPR_BOOLOP:
        out_s(o,
              e->u.boolop.op == AST_AND ? "BoolOp(op=And(), values=" : "BoolOp(op=Or(), values=");
        dump_list(o, e->u.boolop.values);
        out_s(o, ")");
        break;
    case EXPR_NAMEDEXPR:
        dump_field(o, "NamedExpr(target=", e->u.named.target);
        dump_field(o, ", value=", e->u.named.value);
        out_s(o, ")");
        break;
    case EXPR_BINOP:
        dump_field(o, "BinOp(left=", e->u.binop.left);
        out_s(o, ", op=");
        out_s(o, binop_name(e->u.binop.op));
        dump_field(o, "(), right=", e->u.binop.right);
        out_s(o, ")");
        break;
    case EXPR_UNARYOP: {
        int op = e->u.unary.op;
        out_s(o, "UnaryOp(op=");
        out_s(o, op == AST_NOT    ? "Not()"
                 : op == AST_USUB ? "USub()"
                 : op == AST_UADD ? "UAdd()"
                                  : "Invert()");
        dump_field(o, ", operand=", e->u.unary.operand);
        out_s(o, ")");
        break;
    }
    case EXPR_LAMBDA:
        out_s(o, "Lambda(args=");
        dump_arguments(o, e->u.lambda.args);
        dump_field(o, ", body=", e->u.lambda.body);
        out_s(o, ")");
        break;
    case EXPR_IFEXP:
        dump_field(o, "IfExp(test=", e->u.ifexp.test);
        dump_field(o, ", body=", e->u.ifexp.body);
        dump_field(o, ", orelse=", e->u.ifexp.orelse);
        out_s(o, ")");
        break;
    case EXPR_DICT:
        out_s(o, "Dict(keys=");
        dump_list(o, e->u.dict.keys);
        out_s(o, ", values=");
        dump_list(o, e->u.dict.values);
        out_s(o, ")");
        break;
    case EXPR_SET:
        out_s(o, "Set(elts=");
        dump_list(o, e->u.seq.elts);
        out_s(o, ")");
        break;
    case EXPR_LISTCOMP:
    case EXPR_SETCOMP:
    case EXPR_GENEXP:
        out_s(o, e->kind == EXPR_LISTCOMP  ? "ListComp(elt="
                 : e->kind == EXPR_SETCOMP ? "SetComp(elt="
                                           : "GeneratorExp(elt=");
        dump_expr(o, e->u.comp.elt);
        out_s(o, ", generators=");
        dump_generators(o, e->u.comp.generators, e->u.comp.ngenerators);
        out_s(o, ")");
        break;
    case EXPR_DICTCOMP:
        dump_field(o, "DictComp(key=", e->u.comp.elt);
        dump_field(o, ", value=", e->u.comp.value);
        out_s(o, ", generators=");
        dump_generators(o, e->u.comp.generators, e->u.comp.ngenerators);
        out_s(o, ")");
        break;
    case EXPR_AWAIT:
    case EXPR_YIELD:
    case EXPR_YIELDFROM:
        out_s(o, e->kind == EXPR_AWAIT   ? "Await("
                 : e->kind == EXPR_YIELD ? "Yield("
                                         : "YieldFrom(");
        if (e->u.value.value) {
            dump_field(o, "value=", e->u.value.value);
        }
        out_s(o, ")");
        break;
    case EXPR_COMPARE:
        dump_field(o, "Compare(left=", e->u.compare.left);
        out_s(o, ", ops=[");
        for (int i = 0; i < e->u.compare.comparators.len; i++) {
            if (i) out_s(o, ", ");
            out_s(o, cmp_name(e->u.compare.ops[i]));
            out_s(o, "()");
        }
        out_s(o, "], comparators=");
        dump_list(o, e->u.compare.comparators);
        out_s(o, ")");
        break;
    case EXPR_CALL:
        dump_field(o, "Call(func=", e->u.call.func);
        out_s(o, ", args=");
        dump_list(o, e->u.call.args);
        out_s(o, ", keywords=");
        dump_keywords(o, e->u.call.keywords, e->u.call.nkeywords);
        out_s(o, ")");
        break;
    case EXPR_FORMATTED: {
        char buf[32];
        dump_field(o, "FormattedValue(value=", e->u.formatted.value);
        snprintf(buf, sizeof buf, ", conversion=%d",
                 e->u.formatted.conversion ? e->u.formatted.conversion : -1);
        out_s(o, buf);
        if (e->u.formatted.format_spec) {
            dump_field(o, ", format_spec=", e->u.formatted.format_spec);
        }
        out_s(o, ")");
        break;
    }
    case EXPR_JOINEDSTR:
        out_s(o, "JoinedStr(values=");
        dump_list(o, e->u.seq.elts);
        out_s(o, ")");
        break;
    case EXPR_TEMPLATESTR: /* Python 3.14's ast.TemplateStr */
        out_s(o, "TemplateStr(values=");
        dump_list(o, e->u.seq.elts);
        out_s(o, ")");
        break;
    case EXPR_INTERPOLATION: {
        char buf[32];
        dump_field(o, "Interpolation(value=", e->u.formatted.value);
        out_s(o, ", str='");
        out_s(o, e->u.formatted.text);
        snprintf(buf, sizeof buf, "', conversion=%d",
                 e->u.formatted.conversion ? e->u.formatted.conversion : -1);
        out_s(o, buf);
        if (e->u.formatted.format_spec) dump_field(o, ", format_spec=", e->u.formatted.format_spec);
        out_s(o, ")");
        break;
    }
    case EXPR_CONSTANT: dump_constant(o, &e->u.constant); break;
    case EXPR_ATTRIBUTE:
        dump_field(o, "Attribute(value=", e->u.attribute.value);
        out_s(o, ", attr='");
        out_s(o, e->u.attribute.attr);
        out_s(o, "', ctx=");
        out_s(o, ctx_name(e->u.attribute.ctx));
        out_s(o, ")");
        break;
    case EXPR_SUBSCRIPT:
        dump_field(o, "Subscript(value=", e->u.subscript.value);
        dump_field(o, ", slice=", e->u.subscript.slice);
        dump_ctx_end(o, e->u.subscript.ctx);
        break;
    case EXPR_STARRED:
        dump_field(o, "Starred(value=", e->u.starred.value);
        dump_ctx_end(o, e->u.starred.ctx);
        break;
    case EXPR_NAME:
        out_s(o, "Name(id='");
        out_s(o, e->u.name.id);
        out_s(o, "', ctx=");
        out_s(o, ctx_name(e->u.name.ctx));
        out_s(o, ")");
        break;
    case EXPR_LIST:
    case EXPR_TUPLE:
        out_s(o, e->kind == EXPR_LIST ? "List(elts=" : "Tuple(elts=");
        dump_list(o, e->u.seq.elts);
        dump_ctx_end(o, e->u.seq.ctx);
        break;
    case EXPR_SLICE: {
        out_s(o, "Slice(");
        const char *sep = "";
        if (e->u.slice.lower) {
            dump_field(o, "lower=", e->u.slice.lower);
            sep = ", ";
        }
        if (e->u.slice.upper) {
            out_s(o, sep);
            dump_field(o, "upper=", e->u.slice.upper);
            sep = ", ";
        }
        if (e->u.slice.step) {
            out_s(o, sep);
            dump_field(o, "step=", e->u.slice.step);
        }
        out_s(o, ")");
        break;
    }
    }
}

static void dump_body(Out *o, const char *name, AstStmtList l) {
    out_s(o, name);
    dump_stmts(o, l);
}

static void dump_pattern(Out *o, AstPattern *p);
static void dump_patterns(Out *o, AstPattern **ps, int n) {
    out_s(o, "[");
    for (int i = 0; i < n; i++) {
        if (i) out_s(o, ", ");
        dump_pattern(o, ps[i]);
    }
    out_s(o, "]");
}

static void dump_name_str(Out *o, const char *label, const char *name) {
    out_s(o, label);
    out_s(o, "'");
    out_s(o, name);
    out_s(o, "'");
}

static void dump_pattern(Out *o, AstPattern *p) {
    switch (p->kind) {
    case PAT_VALUE: dump_field(o, "MatchValue(value=", p->value); break;
    case PAT_SINGLETON:
        out_s(o, "MatchSingleton(value=");
        out_s(o, p->value->u.constant.kind == CONST_NONE   ? "None"
                 : p->value->u.constant.kind == CONST_TRUE ? "True"
                                                           : "False");
        break;
    case PAT_SEQUENCE:
        out_s(o, "MatchSequence(patterns=");
        dump_patterns(o, p->patterns, p->npatterns);
        break;
    case PAT_MAPPING:
        out_s(o, "MatchMapping(keys=[");
        for (int i = 0; i < p->npatterns; i++) {
            if (i) out_s(o, ", ");
            dump_expr(o, p->keys[i]);
        }
        out_s(o, "], patterns=");
        dump_patterns(o, p->patterns, p->npatterns);
        if (p->rest) dump_name_str(o, ", rest=", p->rest);
        break;
    case PAT_CLASS:
        dump_field(o, "MatchClass(cls=", p->value);
        out_s(o, ", patterns=");
        dump_patterns(o, p->patterns, p->npatterns);
        out_s(o, ", kwd_attrs=[");
        for (int i = 0; i < p->nkwd; i++)
            dump_name_str(o, i ? ", " : "", p->kwd_attrs[i]);
        out_s(o, "], kwd_patterns=");
        dump_patterns(o, p->kwd_patterns, p->nkwd);
        break;
    case PAT_STAR:
        out_s(o, "MatchStar(");
        if (p->name) dump_name_str(o, "name=", p->name);
        break;
    case PAT_AS:
        out_s(o, "MatchAs(");
        if (p->pattern) {
            out_s(o, "pattern=");
            dump_pattern(o, p->pattern);
        }
        if (p->name) dump_name_str(o, p->pattern ? ", name=" : "name=", p->name);
        break;
    case PAT_OR:
        out_s(o, "MatchOr(patterns=");
        dump_patterns(o, p->patterns, p->npatterns);
        break;
    }
    out_s(o, ")");
}

static void dump_stmt_inner(Out *o, AstStmt *s);
static void dump_stmt(Out *o, AstStmt *s) {
    dump_stmt_inner(o, s);
    add_positions(o, s->pos);
}

static void dump_stmt_inner(Out *o, AstStmt *s) {
    char buf[64];
    switch (s->kind) {
    case STMT_FUNCTIONDEF:
        out_s(o, s->u.funcdef.is_async ? "AsyncFunctionDef(name='" : "FunctionDef(name='");
        out_s(o, s->u.funcdef.name);
        out_s(o, "', args=");
        dump_arguments(o, s->u.funcdef.args);
        dump_body(o, ", body=", s->u.funcdef.body);
        out_s(o, ", decorator_list=");
        dump_list(o, s->u.funcdef.decorators);
        if (s->u.funcdef.returns) {
            dump_field(o, ", returns=", s->u.funcdef.returns);
        }
        out_s(o, ")");
        break;
    case STMT_CLASSDEF:
        out_s(o, "ClassDef(name='");
        out_s(o, s->u.classdef.name);
        out_s(o, "', bases=");
        dump_list(o, s->u.classdef.bases);
        out_s(o, ", keywords=");
        dump_keywords(o, s->u.classdef.keywords, s->u.classdef.nkeywords);
        dump_body(o, ", body=", s->u.classdef.body);
        out_s(o, ", decorator_list=");
        dump_list(o, s->u.classdef.decorators);
        out_s(o, ")");
        break;
    case STMT_RETURN:
        out_s(o, "Return(");
        if (s->u.value.value) {
            dump_field(o, "value=", s->u.value.value);
        }
        out_s(o, ")");
        break;
    case STMT_DELETE:
        out_s(o, "Delete(targets=");
        dump_list(o, s->u.del.targets);
        out_s(o, ")");
        break;
    case STMT_ASSIGN:
        out_s(o, "Assign(targets=");
        dump_list(o, s->u.assign.targets);
        dump_field(o, ", value=", s->u.assign.value);
        out_s(o, ")");
        break;
    case STMT_AUGASSIGN:
        dump_field(o, "AugAssign(target=", s->u.augassign.target);
        out_s(o, ", op=");
        out_s(o, binop_name(s->u.augassign.op));
        dump_field(o, "(), value=", s->u.augassign.value);
        out_s(o, ")");
        break;
    case STMT_ANNASSIGN:
        dump_field(o, "AnnAssign(target=", s->u.annassign.target);
        dump_field(o, ", annotation=", s->u.annassign.annotation);
        if (s->u.annassign.value) {
            dump_field(o, ", value=", s->u.annassign.value);
        }
        out_s(o, s->u.annassign.simple ? ", simple=1)" : ", simple=0)");
        break;
    case STMT_FOR:
        out_s(o, s->u.for_.is_async ? "AsyncFor(target=" : "For(target=");
        dump_expr(o, s->u.for_.target);
        dump_field(o, ", iter=", s->u.for_.iter);
        dump_body(o, ", body=", s->u.for_.body);
        dump_body(o, ", orelse=", s->u.for_.orelse);
        out_s(o, ")");
        break;
    case STMT_WHILE:
    case STMT_IF:
        out_s(o, s->kind == STMT_WHILE ? "While(test=" : "If(test=");
        dump_expr(o, s->kind == STMT_WHILE ? s->u.while_.test : s->u.if_.test);
        dump_body(o, ", body=", s->kind == STMT_WHILE ? s->u.while_.body : s->u.if_.body);
        dump_body(o, ", orelse=", s->kind == STMT_WHILE ? s->u.while_.orelse : s->u.if_.orelse);
        out_s(o, ")");
        break;
    case STMT_WITH:
        out_s(o, s->u.with.is_async ? "AsyncWith(items=[" : "With(items=[");
        for (int i = 0; i < s->u.with.nitems; i++) {
            if (i) out_s(o, ", ");
            dump_field(o, "withitem(context_expr=", s->u.with.items[i].context_expr);
            if (s->u.with.items[i].optional_vars) {
                dump_field(o, ", optional_vars=", s->u.with.items[i].optional_vars);
            }
            out_s(o, ")");
        }
        out_s(o, "]");
        dump_body(o, ", body=", s->u.with.body);
        out_s(o, ")");
        break;
    case STMT_RAISE:
        out_s(o, "Raise(");
        if (s->u.raise.exc) {
            dump_field(o, "exc=", s->u.raise.exc);
        }
        if (s->u.raise.cause) {
            dump_field(o, ", cause=", s->u.raise.cause);
        }
        out_s(o, ")");
        break;
    case STMT_TRY:
        dump_body(o,
                  s->u.try_.nhandlers && s->u.try_.handlers[0].star ? "TryStar(body=" : "Try(body=",
                  s->u.try_.body);
        out_s(o, ", handlers=[");
        for (int i = 0; i < s->u.try_.nhandlers; i++) {
            AstHandler *h = &s->u.try_.handlers[i];
            if (i) out_s(o, ", ");
            out_s(o, "ExceptHandler(");
            if (h->type) {
                dump_field(o, "type=", h->type);
                out_s(o, ", ");
            }
            if (h->name) {
                out_s(o, "name='");
                out_s(o, h->name);
                out_s(o, "', ");
            }
            dump_body(o, "body=", h->body);
            out_s(o, ")");
        }
        out_s(o, "]");
        dump_body(o, ", orelse=", s->u.try_.orelse);
        dump_body(o, ", finalbody=", s->u.try_.finalbody);
        out_s(o, ")");
        break;
    case STMT_ASSERT:
        dump_field(o, "Assert(test=", s->u.assert_.test);
        if (s->u.assert_.msg) {
            dump_field(o, ", msg=", s->u.assert_.msg);
        }
        out_s(o, ")");
        break;
    case STMT_IMPORT:
    case STMT_IMPORTFROM:
        if (s->kind == STMT_IMPORT) {
            out_s(o, "Import(names=[");
        } else {
            out_s(o, "ImportFrom(");
            if (s->u.import.module) {
                out_s(o, "module='");
                out_s(o, s->u.import.module);
                out_s(o, "', ");
            }
            out_s(o, "names=[");
        }
        for (int i = 0; i < s->u.import.nnames; i++) {
            if (i) out_s(o, ", ");
            out_s(o, "alias(name='");
            out_s(o, s->u.import.names[i].name);
            out_s(o, "'");
            if (s->u.import.names[i].asname) {
                out_s(o, ", asname='");
                out_s(o, s->u.import.names[i].asname);
                out_s(o, "'");
            }
            out_s(o, ")");
        }
        out_s(o, "]");
        if (s->kind == STMT_IMPORTFROM) {
            snprintf(buf, sizeof buf, ", level=%d", s->u.import.level);
            out_s(o, buf);
        }
        out_s(o, ")");
        break;
    case STMT_GLOBAL:
    case STMT_NONLOCAL:
        out_s(o, s->kind == STMT_GLOBAL ? "Global(names=[" : "Nonlocal(names=[");
        for (int i = 0; i < s->u.names.nnames; i++) {
            if (i) out_s(o, ", ");
            out_s(o, "'");
            out_s(o, s->u.names.names[i]);
            out_s(o, "'");
        }
        out_s(o, "])");
        break;
    case STMT_EXPR:
        dump_field(o, "Expr(value=", s->u.value.value);
        out_s(o, ")");
        break;
    case STMT_PASS: out_s(o, "Pass()"); break;
    case STMT_BREAK: out_s(o, "Break()"); break;
    case STMT_CONTINUE: out_s(o, "Continue()"); break;
    case STMT_MATCH:
        dump_field(o, "Match(subject=", s->u.match.subject);
        out_s(o, ", cases=[");
        for (int i = 0; i < s->u.match.ncases; i++) {
            AstMatchCase *mc = &s->u.match.cases[i];
            if (i) out_s(o, ", ");
            out_s(o, "match_case(pattern=");
            dump_pattern(o, mc->pattern);
            if (mc->guard) dump_field(o, ", guard=", mc->guard);
            dump_body(o, ", body=", mc->body);
            out_s(o, ")");
        }
        out_s(o, "])");
        break;
    }
}

static void dump_stmts(Out *o, AstStmtList l) {
    out_s(o, "[");
    for (int i = 0; i < l.len; i++) {
        if (i) out_s(o, ", ");
        dump_stmt(o, l.items[i]);
    }
    out_s(o, "]");
}

int main(int argc, char **argv) {
    bool incomplete = argc == 3 && strcmp(argv[1], "--incomplete") == 0;
    bool parse_only = argc == 3 && strcmp(argv[1], "--parse-only") == 0;
    bool with_positions = argc == 3 && strcmp(argv[1], "--positions") == 0;
    if (argc != 2 && !incomplete && !parse_only && !with_positions) {
        fprintf(stderr, "usage: ast_dump [--incomplete|--parse-only] FILE\n");
        return 2;
    }
    FILE *f = fopen(argv[argc - 1], "rb");
    if (!f) {
        perror(argv[argc - 1]);
        return 2;
    }
    size_t cap = 1 << 16, len = 0;
    char *src = malloc(cap);
    for (;;) {
        if (len + 1 >= cap) src = realloc(src, cap *= 2);
        size_t n = fread(src + len, 1, cap - len - 1, f);
        if (n == 0) break;
        len += n;
    }
    fclose(f);
    src[len] = 0;
    if (incomplete) {
        printf("%d\n", parse_is_incomplete(src, len));
        free(src);
        return 0;
    }
    AstArena arena = {0};
    SyntaxErrorInfo err;
    AstModule *m = parse_source(&arena, src, len, PARSE_FILE, &err);
    if (!m) {
        printf("%s: %s (line %d, col %d)\n", err.kind, err.msg, err.line, err.col);
        if (err.text) free(err.text);
    } else if (parse_only) {
        printf("ok\n");
    } else {
        Out o = {0};
        o.positions = with_positions;
        out_s(&o, "Module(body=");
        dump_stmts(&o, m->body);
        out_s(&o, ", type_ignores=[])");
        fwrite(o.buf, 1, o.len, stdout);
        putchar('\n');
        free(o.buf);
    }
    ast_arena_free(&arena);
    free(src);
    return 0;
}
