/* krait.h: the public C API of krait, an embeddable Python-subset interpreter with GPU
 * arrays. This is the only header a host includes. All names start with kr_ or KR_.
 * Every function reports failure through its return value; none aborts the process. */
#ifndef KRAIT_H
#define KRAIT_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#define KR_VERSION_MAJOR 0
#define KR_VERSION_MINOR 1
#define KR_VERSION_PATCH 0
#define KR_VERSION_STRING "0.1.0"

#if defined(__GNUC__) && !defined(KR_STATIC_BUILD)
#define KR_API __attribute__((visibility("default")))
#else
#define KR_API
#endif

typedef struct kr_interp kr_interp;

/* Allocator: realloc-like. ptr NULL allocates; new_size 0 frees (return NULL). old_size is
 * the size the block was allocated with (0 for a new block). Returning NULL on a non-zero
 * request is an allocation failure, which the script sees as MemoryError. */
typedef void *(*kr_alloc_fn)(void *ud, void *ptr, size_t old_size, size_t new_size);
typedef struct kr_allocator {
    kr_alloc_fn fn;
    void *ud;
} kr_allocator;

/* Output callback for the script's stdout and stderr. */
typedef void (*kr_write_fn)(void *ud, const char *data, size_t len);

typedef struct kr_config {
    kr_allocator allocator; /* fn NULL: the C library's */
    kr_write_fn write_out;  /* NULL: the process's stdout */
    kr_write_fn write_err;  /* NULL: the process's stderr */
    void *write_ud;
    size_t memory_limit;  /* bytes, 0: no limit */
    int recursion_limit;  /* 0: 1000, as CPython */
    int sandbox;          /* non-zero: no open, os, sys.exit or file imports */
} kr_config;

/* Result codes. */
enum {
    KR_OK = 0,
    KR_ERROR = 1, /* the script raised; kr_error_* describe it */
    KR_EXIT = 2,  /* the script raised SystemExit; kr_exit_code gives the status */
    KR_NOMEM = 3, /* the API itself could not allocate */
};

/* Fill cfg with defaults. */
KR_API void kr_config_init(kr_config *cfg);
/* A new interpreter, or NULL if memory ran out. cfg may be NULL for defaults. */
KR_API kr_interp *kr_new(const kr_config *cfg);
KR_API void kr_free(kr_interp *I);

/* sys.argv for the scripts this interpreter runs. */
KR_API int kr_set_argv(kr_interp *I, int argc, const char *const *argv);

/* Append a folder to the module search path (sys.path). */
KR_API int kr_add_module_path(kr_interp *I, const char *dir);

/* Run source as the __main__ module. filename is what tracebacks show. */
KR_API int kr_run_string(kr_interp *I, const char *source, const char *filename);
KR_API int kr_run_file(kr_interp *I, const char *path);

/* After KR_ERROR: the exception's type name, its str(), and the whole traceback text as
 * CPython prints it. Valid until the next call into the interpreter. */
KR_API const char *kr_error_type(kr_interp *I);
KR_API const char *kr_error_message(kr_interp *I);
KR_API const char *kr_error_traceback(kr_interp *I);
/* Print the pending error's traceback through the interpreter's stderr and clear it. */
KR_API void kr_print_error(kr_interp *I);
/* After KR_EXIT: the process status SystemExit asks for. */
KR_API int kr_exit_code(kr_interp *I);

/* Ask the running script to raise KeyboardInterrupt at its next check. Safe to call from a
 * signal handler or another thread. */
KR_API void kr_interrupt(kr_interp *I);

/* Collect garbage now; with stress non-zero, collect at every allocation (testing). */
KR_API void kr_gc_collect(kr_interp *I);
KR_API void kr_gc_set_stress(kr_interp *I, int stress);

#ifdef __cplusplus
}
#endif
#endif
