/* fuzz_compile.c: the lexer, parser, symbol table and compiler on arbitrary bytes, without
 * running anything. The input is the source as a file would hold it (embedded NULs and
 * invalid UTF-8 included, as kr_run_file passes them), compiled in each of the three modes
 * (module, expression, interactive statement); the REPL's completeness check reads it too.
 * A syntax error or MemoryError is a normal outcome; a crash, leak or SystemError is not. */
#include "../../api/api_internal.h"
#include "../../frontend/ast.h"
#include "../../vm/code.h"
#include "../../vm/gc.h"
#include "../../vm/str.h"
#include "fuzz_common.h"

/* Parse and compile src in mode; the result code as the API would give it. */
static int compile_once(kr_interp *I, const char *src, size_t len, int mode) {
    ApiRun r;
    api_run_begin(I, &r);
    Value res = V_NULL;
    Str *fname = str_from_cstr(I, "<fuzz>");
    AstArena arena;
    memset(&arena, 0, sizeof arena);
    arena.alloc = mem_realloc_quiet;
    arena.alloc_ud = I;
    SyntaxErrorInfo err;
    memset(&err, 0, sizeof err);
    struct AstModule *mod = fname ? parse_source(&arena, src, len, mode, &err) : NULL;
    if (mod) {
        Code *co = compile_module(I, mod, fname, NULL, mode);
        if (co) res = v_obj(co);
    } else if (fname) {
        res = V_NONE; /* a syntax error: the parser's report, checked below */
        if (!err.kind || !err.msg[0]) {
            fprintf(stderr, "fuzz: the parser failed without saying why\n");
            abort();
        }
    }
    if (err.text) arena.alloc(arena.alloc_ud, err.text, strlen(err.text) + 1, 0);
    ast_arena_free(&arena);
    return api_run_end(I, &r, res, NULL);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    char *src = malloc(size + 1);
    if (!src) return 0;
    memcpy(src, data, size);
    src[size] = '\0';
    FuzzAlloc a;
    kr_interp *I = fuzz_new(&a, 1);
    for (int mode = PARSE_FILE; mode <= PARSE_SINGLE; mode++)
        fuzz_check_rc(I, compile_once(I, src, size, mode), 1);
    (void)kr_source_incomplete(src);
    fuzz_free(I, &a);
    free(src);
    return 0;
}
