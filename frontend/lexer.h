/* lexer.h: the tokenizer of Python 3.11 source text (lexer.c), internal to the frontend.
 *
 * Tokens are produced on demand (the parser asks for the next one), as CPython's tokenizer
 * does, so a syntax error early in a file is reported before a tokenizer error later on.
 * Token text points into the source; string and number tokens are decoded by the parser.
 * Columns are byte offsets in the line, as CPython's col_offset. */
#ifndef KRAIT_LEXER_H
#define KRAIT_LEXER_H

#include "ast.h"

typedef enum TokType {
    TK_ENDMARKER,
    TK_NAME,
    TK_NUMBER,
    TK_STRING,
    TK_NEWLINE,
    TK_INDENT,
    TK_DEDENT,
    TK_OP,
    TK_ERROR, /* the lexer failed; the error is in the lexer's SyntaxErrorInfo */
} TokType;

/* The operators, longest first within a family so the lexer's table scan finds the longest
 * match. */
#define LEX_OPERATORS(X)                                                                           \
    X(OP_ELLIPSIS, "...")                                                                          \
    X(OP_DOUBLESTAREQUAL, "**=")                                                                   \
    X(OP_DOUBLESLASHEQUAL, "//=")                                                                  \
    X(OP_LSHIFTEQUAL, "<<=")                                                                       \
    X(OP_RSHIFTEQUAL, ">>=") X(OP_ARROW, "->") X(OP_COLONEQUAL, ":=") X(OP_PLUSEQUAL, "+=")        \
        X(OP_MINEQUAL, "-=") X(OP_STAREQUAL, "*=") X(OP_SLASHEQUAL, "/=") X(OP_PERCENTEQUAL, "%=") \
            X(OP_AMPEREQUAL, "&=") X(OP_VBAREQUAL, "|=") X(OP_CIRCUMFLEXEQUAL, "^=")               \
                X(OP_ATEQUAL, "@=") X(OP_DOUBLESTAR, "**") X(OP_DOUBLESLASH, "//")                 \
                    X(OP_LSHIFT, "<<") X(OP_RSHIFT, ">>") X(OP_EQEQUAL, "==") X(OP_NOTEQUAL, "!=") \
                        X(OP_LESSEQUAL, "<=") X(OP_GREATEREQUAL, ">=") X(OP_LPAR, "(")             \
                            X(OP_RPAR, ")") X(OP_LSQB, "[") X(OP_RSQB, "]") X(OP_LBRACE, "{")      \
                                X(OP_RBRACE, "}") X(OP_COLON, ":") X(OP_COMMA, ",")                \
                                    X(OP_SEMI, ";") X(OP_PLUS, "+") X(OP_MINUS, "-")               \
                                        X(OP_STAR, "*") X(OP_SLASH, "/") X(OP_VBAR, "|")           \
                                            X(OP_AMPER, "&") X(OP_LESS, "<") X(OP_GREATER, ">")    \
                                                X(OP_EQUAL, "=") X(OP_DOT, ".") X(OP_PERCENT, "%") \
                                                    X(OP_TILDE, "~") X(OP_CIRCUMFLEX, "^")         \
                                                        X(OP_AT, "@") X(OP_EXCLAMATION, "!")

#define LEX_KEYWORDS(X)                                                                            \
    X(KW_FALSE, "False")                                                                           \
    X(KW_NONE, "None")                                                                             \
    X(KW_TRUE, "True")                                                                             \
    X(KW_AND, "and")                                                                               \
    X(KW_AS, "as") X(KW_ASSERT, "assert") X(KW_ASYNC, "async") X(KW_AWAIT, "await")                \
        X(KW_BREAK, "break") X(KW_CLASS, "class") X(KW_CONTINUE, "continue") X(KW_DEF, "def")      \
            X(KW_DEL, "del") X(KW_ELIF, "elif") X(KW_ELSE, "else") X(KW_EXCEPT, "except")          \
                X(KW_FINALLY, "finally") X(KW_FOR, "for") X(KW_FROM, "from")                       \
                    X(KW_GLOBAL, "global") X(KW_IF, "if") X(KW_IMPORT, "import") X(KW_IN, "in")    \
                        X(KW_IS, "is") X(KW_LAMBDA, "lambda") X(KW_NONLOCAL, "nonlocal")           \
                            X(KW_NOT, "not") X(KW_OR, "or") X(KW_PASS, "pass")                     \
                                X(KW_RAISE, "raise") X(KW_RETURN, "return") X(KW_TRY, "try")       \
                                    X(KW_WHILE, "while") X(KW_WITH, "with") X(KW_YIELD, "yield")

#define LEX_ENUM(name, text) name,
enum { OP_NONE_, LEX_OPERATORS(LEX_ENUM) OP__COUNT };
enum { KW_NOT_KEYWORD, LEX_KEYWORDS(LEX_ENUM) KW__COUNT };
#undef LEX_ENUM

typedef struct Token {
    TokType type;
    int op;    /* OP_* for TK_OP, KW_* for a keyword TK_NAME (0 for other names) */
    int level; /* bracket nesting depth before this token */
    int index; /* position in the parser's token buffer */
    const char *start;
    int len; /* bytes */
    int line, col, end_line, end_col;
} Token;

enum { LEX_MAX_LEVEL = 200, LEX_MAX_INDENT = 100 };

typedef struct Lexer {
    const char *src, *end; /* end points at the terminating NUL (or the end of a slice) */
    const char *cur;
    const char *line_start; /* first byte of the current line */
    int line;
    bool at_bol;   /* at the beginning of a logical line: measure indentation */
    bool done;     /* ENDMARKER returned */
    bool eof_seen; /* reached the end while inside brackets */
    int pending;   /* >0: INDENTs to return, <0: DEDENTs */
    int indent;    /* index in indstack */
    int indstack[LEX_MAX_INDENT], altindstack[LEX_MAX_INDENT];
    int level;
    char paren[LEX_MAX_LEVEL];
    int paren_line[LEX_MAX_LEVEL], paren_col[LEX_MAX_LEVEL];
    int base_col;          /* added to columns on the first line (f-string sub-lexers) */
    int first_line;        /* the line number of the first line (f-string sub-lexers) */
    bool last_was_newline; /* the last token was NEWLINE (or nothing yet) */
    bool no_newlines;      /* an f-string expression: newlines are whitespace */
    const char *text_end;  /* end of the whole source when lexing a slice of it, or NULL */
    SyntaxErrorInfo *err;
} Lexer;

void lex_init(Lexer *lx, const char *src, size_t len, SyntaxErrorInfo *err);
/* Next token; TK_ERROR after filling lx->err. */
Token lex_next(Lexer *lx);
/* Fill err (kind, message, 1-based line and column from a byte column). */
void lex_error_at(Lexer *lx, const char *kind, int line, int bytecol, int end_line, int end_bytecol,
                  const char *fmt, ...);
/* 1-based character offset of a byte column on a line of the source. */
int lex_char_offset(const char *src, const char *end, int line, int bytecol);
const char *lex_line_ptr_public(Lexer *lx, int line);
/* CPython's 1-based character offset for a 0-based byte column (0 when bytecol < 0);
 * relative to the expression's text in an f-string sub-lexer, as CPython reports it. */
int lex_offset(Lexer *lx, int line, int bytecol);
int lex_keyword(const char *s, int len);
/* lexer_tstring.c: the end of the string literal whose prefix starts at p, following a
 * t-string's replacement fields (PEP 701); NULL on failure with *why set. depth counts the
 * enclosing literals. */
enum {
    LEX_TS_UNTERMINATED = 1,
    LEX_TS_FIELD,        /* inside a replacement field */
    LEX_TS_SPEC_NEWLINE, /* a newline in a single-quoted literal's format spec */
    LEX_TS_NESTED,       /* an unterminated literal inside a field */
};
const char *lex_scan_literal(const char *p, const char *end, int depth, int *why);
/* Where the literal whose quote is at quote starts: its prefix letters, when they are not the
 * tail of a longer name (field_start bounds the look-back). */
const char *lex_literal_prefix_start(const char *field_start, const char *quote);
extern const char *const lex_op_text[OP__COUNT];

#endif
