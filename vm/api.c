/* api.c: the public C API of include/krait.h: creating and freeing interpreters, running
 * source and files, and reporting errors to the host. Every entry point reports failure
 * through its return value; nothing here aborts the host. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dict.h"
#include "error.h"
#include "gc.h"
#include "number.h"
#include "seq.h"
#include "str.h"
#include "vm.h"
#include "../stdlib/modules.h"

#define C_STACK_BUDGET (4u << 20) /* bytes of C stack natives may use below the API entry */

static void *default_alloc(void *ud, void *ptr, size_t old_size, size_t new_size) {
    (void)ud;
    (void)old_size;
    if (new_size == 0) {
        free(ptr);
        return NULL;
    }
    return realloc(ptr, new_size);
}

static void default_write_out(void *ud, const char *data, size_t len) {
    (void)ud;
    fwrite(data, 1, len, stdout);
}

static void default_write_err(void *ud, const char *data, size_t len) {
    (void)ud;
    fflush(stdout);
    fwrite(data, 1, len, stderr);
}

void kr_config_init(kr_config *cfg) {
    memset(cfg, 0, sizeof *cfg);
    cfg->recursion_limit = 1000;
}

static bool init_modules(Interp *I) {
    I->modules = dict_new(I);
    if (!I->modules) return false;
    I->sys_path = list_new(I, 4);
    I->sys_argv = list_new(I, 1);
    if (!I->sys_path || !I->sys_argv) return false;
    if (!list_append(I, I->sys_argv, v_obj(I->empty_str))) return false;
    I->builtins = builtins_module_create(I);
    if (!I->builtins) return false;
    if (dict_set_str(I, I->modules, str_intern_cstr(I, "builtins"), v_obj(I->builtins)) < 0)
        return false;
    I->sys = sys_module_create(I);
    if (!I->sys) return false;
    if (dict_set_str(I, I->modules, str_intern_cstr(I, "sys"), v_obj(I->sys)) < 0) return false;
    return true;
}

kr_interp *kr_new(const kr_config *cfg) {
    kr_config defaults;
    if (!cfg) {
        kr_config_init(&defaults);
        cfg = &defaults;
    }
    kr_allocator al = cfg->allocator;
    if (!al.fn) al.fn = default_alloc;
    Interp *I = al.fn(al.ud, NULL, 0, sizeof(Interp));
    if (!I) return NULL;
    memset(I, 0, sizeof *I);
    I->allocator = al;
    I->bytes_allocated = sizeof(Interp);
    I->gc_threshold = 1u << 20;
    I->mem_limit = cfg->memory_limit;
    I->recursion_limit = cfg->recursion_limit > 0 ? cfg->recursion_limit : 1000;
    I->write_out = cfg->write_out ? cfg->write_out : default_write_out;
    I->write_err = cfg->write_err ? cfg->write_err : default_write_err;
    I->write_ud = cfg->write_ud;
    I->sandbox = cfg->sandbox != 0;
    I->sys_stdout = I->sys_stderr = I->sys_stdin = V_NONE;
    atomic_init(&I->interrupt_pending, 0);
    I->gc_disabled = true;
    bool ok = interp_init_types(I) && init_modules(I) && vm_init(I);
    I->gc_disabled = false;
    if (!ok) {
        kr_free(I);
        return NULL;
    }
    I->ntemp = 0;
    return I;
}

void kr_free(kr_interp *I) {
    if (!I) return;
    if (I->vm) vm_free(I);
    gc_free_all(I);
    for (int i = 0; i < 3; i++) {
        if (I->error_text[i]) I->allocator.fn(I->allocator.ud, I->error_text[i], I->error_text_size[i], 0);
    }
    if (I->interned.slots)
        I->allocator.fn(I->allocator.ud, I->interned.slots, I->interned.cap * sizeof(Str *), 0);
    kr_allocator al = I->allocator;
    al.fn(al.ud, I, sizeof(Interp), 0);
}

int kr_set_argv(kr_interp *I, int argc, const char *const *argv) {
    size_t mark = gc_temp_mark(I);
    List *l = list_new(I, (size_t)(argc > 0 ? argc : 1));
    int rc = KR_NOMEM;
    if (!l) goto done;
    for (int i = 0; i < argc; i++) {
        Str *s = str_from_cstr(I, argv[i]);
        if (!s || !list_append(I, l, v_obj(s))) goto done;
    }
    if (argc == 0 && !list_append(I, l, v_obj(I->empty_str))) goto done;
    /* Keep the same list object sys.argv refers to. */
    I->sys_argv->len = 0;
    for (size_t i = 0; i < l->len; i++)
        if (!list_append(I, I->sys_argv, l->items[i])) goto done;
    rc = KR_OK;
done:
    err_clear(I);
    gc_temp_reset(I, mark);
    return rc;
}

int kr_add_module_path(kr_interp *I, const char *dir) {
    if (!I || !dir) return KR_ERROR;
    size_t mark = gc_temp_mark(I);
    Str *s = str_from_cstr(I, dir);
    int rc = (s && list_append(I, I->sys_path, v_obj(s))) ? KR_OK : KR_NOMEM;
    err_clear(I);
    gc_temp_reset(I, mark);
    return rc;
}

static Module *main_module(Interp *I) {
    if (I->main_module) return I->main_module;
    Module *m = module_new(I, I->names.main);
    if (!m) return NULL;
    if (dict_set_str(I, m->dict, I->names.builtins, v_obj(I->builtins)) < 0) return NULL;
    if (dict_set_str(I, m->dict, I->names.doc, V_NONE) < 0) return NULL;
    if (dict_set_str(I, I->modules, I->names.main, v_obj(m)) < 0) return NULL;
    I->main_module = m;
    return m;
}

/* SystemExit's status as CPython computes it: None -> 0, an int -> itself, anything else
 * is printed to stderr and gives 1. */
static int system_exit_status(Interp *I, ExcObj *e) {
    Value code = e->extra;
    if (is_null(code) || is_none(code)) {
        if (e->args && e->args->len == 1) code = e->args->items[0];
        else return 0;
        if (is_none(code)) return 0;
    }
    if (is_smallint(code) || is_bool(code)) return (int)code.as.i;
    Value s = obj_str(I, code);
    if (!is_null(s)) {
        io_write_err(I, as_str(s)->data, as_str(s)->len);
        io_write_err(I, "\n", 1);
    } else {
        err_clear(I);
    }
    return 1;
}

static int finish_run(Interp *I, Value result, size_t mark) {
    int rc = KR_OK;
    I->last_error = NULL;
    if (is_null(result)) {
        Obj *exc = err_fetch(I);
        if (exc && type_is_subtype(exc->type, I->types[TY_SYSTEM_EXIT])) {
            I->exit_code = system_exit_status(I, (ExcObj *)exc);
            err_clear(I);
            rc = KR_EXIT;
        } else {
            I->last_error = exc;
            rc = KR_ERROR;
        }
    }
    gc_temp_reset(I, mark);
    return rc;
}

static int run_source(Interp *I, const char *src, size_t len, const char *filename) {
    char here;
    bool outermost = I->c_stack_limit == NULL;
    if (outermost) I->c_stack_limit = &here - C_STACK_BUDGET;
    size_t mark = gc_temp_mark(I);
    Value result = V_NULL;
    Module *m = main_module(I);
    if (m) {
        Str *fn = str_from_cstr(I, filename);
        if (fn && dict_set_str(I, m->dict, I->names.file, v_obj(fn)) >= 0)
            result = vm_exec_source(I, src, len, filename, m->dict, EXEC_FILE);
    }
    int rc = finish_run(I, result, mark);
    if (outermost) I->c_stack_limit = NULL;
    return rc;
}

int kr_run_string(kr_interp *I, const char *source, const char *filename) {
    if (!I || !source) return KR_ERROR;
    return run_source(I, source, strlen(source), filename ? filename : "<string>");
}

int kr_run_file(kr_interp *I, const char *path) {
    if (!I || !path) return KR_ERROR;
    FILE *f = fopen(path, "rb");
    if (!f) {
        int e = errno;
        size_t mark = gc_temp_mark(I);
        TypeId id = e == ENOENT ? TY_FILE_NOT_FOUND_ERROR : TY_OS_ERROR;
        err_format(I, id, "[Errno %d] %s: '%s'", e, strerror(e), path);
        return finish_run(I, V_NULL, mark);
    }
    size_t cap = 1 << 16, len = 0;
    char *buf = I->allocator.fn(I->allocator.ud, NULL, 0, cap);
    while (buf) {
        size_t n = fread(buf + len, 1, cap - len - 1, f);
        len += n;
        if (len < cap - 1) break;
        char *nb = I->allocator.fn(I->allocator.ud, buf, cap, cap * 2);
        if (!nb) {
            I->allocator.fn(I->allocator.ud, buf, cap, 0);
            buf = NULL;
            break;
        }
        buf = nb;
        cap *= 2;
    }
    fclose(f);
    if (!buf) return KR_NOMEM;
    buf[len] = '\0';
    int rc = run_source(I, buf, len, path);
    I->allocator.fn(I->allocator.ud, buf, cap, 0);
    return rc;
}

static const char *keep_text(Interp *I, int slot, const char *s, size_t n) {
    if (I->error_text[slot])
        I->allocator.fn(I->allocator.ud, I->error_text[slot], I->error_text_size[slot], 0);
    I->error_text[slot] = I->allocator.fn(I->allocator.ud, NULL, 0, n + 1);
    I->error_text_size[slot] = n + 1;
    if (!I->error_text[slot]) return "";
    memcpy(I->error_text[slot], s, n);
    I->error_text[slot][n] = '\0';
    return I->error_text[slot];
}

const char *kr_error_type(kr_interp *I) {
    if (!I || !I->last_error) return NULL;
    Str *name = I->last_error->type->name;
    return keep_text(I, 0, name->data, name->len);
}

const char *kr_error_message(kr_interp *I) {
    if (!I || !I->last_error) return NULL;
    size_t mark = gc_temp_mark(I);
    Value s = exc_str(I, v_obj(I->last_error));
    const char *r = is_null(s) ? keep_text(I, 1, "", 0)
                               : keep_text(I, 1, as_str(s)->data, as_str(s)->len);
    err_clear(I);
    gc_temp_reset(I, mark);
    return r;
}

const char *kr_error_traceback(kr_interp *I) {
    if (!I || !I->last_error) return NULL;
    size_t mark = gc_temp_mark(I);
    Value s = vm_format_exception(I, I->last_error);
    const char *r = is_null(s) ? keep_text(I, 2, "", 0)
                               : keep_text(I, 2, as_str(s)->data, as_str(s)->len);
    err_clear(I);
    gc_temp_reset(I, mark);
    return r;
}

void kr_print_error(kr_interp *I) {
    if (!I || !I->last_error) return;
    const char *tb = kr_error_traceback(I);
    io_write_err(I, tb, strlen(tb));
    I->last_error = NULL;
}

int kr_exit_code(kr_interp *I) { return I ? I->exit_code : 1; }

void kr_interrupt(kr_interp *I) {
    if (I) atomic_store(&I->interrupt_pending, 1);
}

void kr_gc_collect(kr_interp *I) {
    if (I) gc_collect(I);
}

void kr_gc_set_stress(kr_interp *I, int stress) {
    if (I) I->gc_stress = stress != 0;
}
