/* api_tile.c: the embedding API's loader of exported tile kernels (include/krait.h, "Tile
 * kernels exported by ct.export"). ct.export (gpu/tile/lower/launch.c) writes a CUBIN and a
 * JSON description: the __global__'s name, block size, dynamic shared memory, and per
 * parameter its kind, dtype and rank. Here the description is read with the json module's
 * decoder, checked, and kept with the CUBIN's bytes; the module is loaded through krait's
 * CUDA driver (gpu/runtime) at the first launch, so a host without a GPU can still load a
 * kernel and have its arguments checked. A launch packs the argument words exactly as the
 * tile module's own launch does (tile_cuda_launch: a view's device address, shape and
 * strides in elements; int64 or double for a scalar; the ct.assert_ word last) into the
 * kernel's reused buffer. */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "../gpu/array/array.h"
#include "../gpu/backend/cuda/backend_cuda.h"
#include "../gpu/tile/ir.h"
#include "../stdlib/json_codec.h"
#include "../vm/dict.h"
#include "../vm/error.h"
#include "../vm/gc.h"
#include "../vm/seq.h"
#include "../vm/str.h"
#include "../vm/vm.h"
#include "api_internal.h"

enum { CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8, TILE_STATIC_SMEM = 48 * 1024 };

typedef struct TileAssertInfo {
    char *file, *message;
    int line;
} TileAssertInfo;

struct kr_tile_kernel {
    char *name;   /* the Python function's name */
    char *kernel; /* the __global__'s */
    unsigned block, shared;
    int nwords, nparams, nasserts;
    bool has_assert;
    kr_tile_param *params;
    int *dtypes; /* TileDType per param */
    TileAssertInfo *asserts;
    unsigned char *cubin;
    size_t cubin_size;
    uint64_t *words; /* the argument buffer, nwords */
    CUmodule module;
    CUfunction fn;
    CUdeviceptr err_word; /* 4 ints: the failed assert's number (0: none) and its block */
};

/* ---- allocation: every piece through the interpreter's allocator ---- */

static char *dup_cstr(Interp *I, const char *s, size_t n) {
    char *d = mem_alloc(I, n + 1);
    if (!d) return NULL;
    memcpy(d, s, n);
    d[n] = '\0';
    return d;
}

static void free_cstr(Interp *I, char *s) {
    if (s) mem_free(I, s, strlen(s) + 1);
}

static void kernel_free(Interp *I, kr_tile_kernel *k) {
    if (!k) return;
    GpuState *G = I->gpu;
    if (G && k->err_word) gpu_mem_free(G, k->err_word, 4 * sizeof(int), NULL);
    if (G && k->module && G->api.cuModuleUnload) G->api.cuModuleUnload(k->module);
    free_cstr(I, k->name);
    free_cstr(I, k->kernel);
    for (int i = 0; k->params && i < k->nparams; i++) {
        free_cstr(I, (char *)k->params[i].name);
    }
    if (k->params) mem_free(I, k->params, sizeof(kr_tile_param) * (size_t)k->nparams);
    if (k->dtypes) mem_free(I, k->dtypes, sizeof(int) * (size_t)k->nparams);
    for (int i = 0; k->asserts && i < k->nasserts; i++) {
        free_cstr(I, k->asserts[i].file);
        free_cstr(I, k->asserts[i].message);
    }
    if (k->asserts) mem_free(I, k->asserts, sizeof(TileAssertInfo) * (size_t)k->nasserts);
    if (k->cubin) mem_free(I, k->cubin, k->cubin_size);
    if (k->words) mem_free(I, k->words, sizeof(uint64_t) * (size_t)k->nwords);
    mem_free(I, k, sizeof *k);
}

/* ---- the description ---- */

static bool bad_desc(Interp *I, const char *what) {
    err_format(I, TY_VALUE_ERROR, "tile kernel description: %s", what);
    return false;
}

static Value field(Interp *I, Dict *d, const char *key) {
    Str *k = str_intern_cstr(I, key);
    return k ? dict_get_str(d, k) : V_NULL;
}

static bool field_int(Interp *I, Dict *d, const char *key, int64_t lo, int64_t hi, int64_t *out) {
    Value v = field(I, d, key);
    if (!is_smallint(v) || v.as.i < lo || v.as.i > hi) {
        char msg[96];
        snprintf(msg, sizeof msg, "\"%s\" must be an integer from %lld to %lld", key, (long long)lo,
                 (long long)hi);
        return bad_desc(I, msg);
    }
    *out = v.as.i;
    return true;
}

static bool field_str(Interp *I, Dict *d, const char *key, char **out) {
    Value v = field(I, d, key);
    if (!is_str(I, v)) {
        char msg[80];
        snprintf(msg, sizeof msg, "\"%s\" must be a string", key);
        return bad_desc(I, msg);
    }
    *out = dup_cstr(I, as_str(v)->data, as_str(v)->len);
    return *out != NULL;
}

static bool field_list(Interp *I, Dict *d, const char *key, List **out) {
    Value v = field(I, d, key);
    if (is_null(v) || type_of(I, v) != I->types[TY_LIST]) {
        char msg[80];
        snprintf(msg, sizeof msg, "\"%s\" must be a list", key);
        return bad_desc(I, msg);
    }
    *out = as_list(v);
    return true;
}

static bool read_params(Interp *I, kr_tile_kernel *k, List *ps) {
    k->params = mem_alloc(I, sizeof(kr_tile_param) * (ps->len ? ps->len : 1));
    k->dtypes = mem_alloc(I, sizeof(int) * (ps->len ? ps->len : 1));
    if (!k->params || !k->dtypes) return false;
    k->nparams = (int)ps->len;
    memset(k->params, 0, sizeof(kr_tile_param) * ps->len);
    int words = 0;
    for (size_t i = 0; i < ps->len; i++) {
        kr_tile_param *p = &k->params[i];
        if (!is_dict(I, ps->items[i])) return bad_desc(I, "each parameter must be an object");
        Dict *d = as_dict(ps->items[i]);
        char *kind = NULL, *dtype = NULL;
        if (!field_str(I, d, "name", (char **)&p->name) || !field_str(I, d, "kind", &kind))
            return false;
        bool ok = field_str(I, d, "dtype", &dtype);
        int dt = ok ? tile_dtype_from_name(dtype) : -1;
        free_cstr(I, dtype);
        p->is_array = kind && strcmp(kind, "array") == 0;
        bool scalar = kind && strcmp(kind, "scalar") == 0;
        free_cstr(I, kind);
        if (!ok) return false;
        if (!p->is_array && !scalar)
            return bad_desc(I, "a parameter's kind must be array or scalar");
        if (dt < 0) return bad_desc(I, "unknown dtype");
        k->dtypes[i] = dt;
        p->dtype = tile_dtype_name((TileDType)dt);
        int64_t rank = 0, w;
        if (p->is_array && !field_int(I, d, "rank", 0, TILE_MAX_RANK, &rank)) return false;
        p->rank = (int)rank;
        if (!field_int(I, d, "words", 1, 1 + 2 * TILE_MAX_RANK, &w)) return false;
        int want = p->is_array ? 1 + 2 * (rank > 0 ? (int)rank : 1) : 1;
        if (w != want)
            return bad_desc(I, "a parameter's word count does not match its kind and rank");
        words += want;
    }
    k->nwords = words;
    return true;
}

static bool read_asserts(Interp *I, kr_tile_kernel *k, Dict *d) {
    Value v = field(I, d, "asserts");
    if (is_null(v)) return true; /* older descriptions: the failure names no line */
    List *as;
    if (!field_list(I, d, "asserts", &as)) return false;
    k->asserts = mem_alloc(I, sizeof(TileAssertInfo) * (as->len ? as->len : 1));
    if (!k->asserts) return false;
    memset(k->asserts, 0, sizeof(TileAssertInfo) * (as->len ? as->len : 1));
    k->nasserts = (int)as->len;
    for (size_t i = 0; i < as->len; i++) {
        if (!is_dict(I, as->items[i])) return bad_desc(I, "each assert must be an object");
        Dict *e = as_dict(as->items[i]);
        int64_t line;
        if (!field_str(I, e, "file", &k->asserts[i].file) ||
            !field_str(I, e, "message", &k->asserts[i].message) ||
            !field_int(I, e, "line", 0, INT_MAX, &line))
            return false;
        k->asserts[i].line = (int)line;
    }
    return true;
}

static bool read_description(Interp *I, kr_tile_kernel *k, const char *json) {
    Str *doc = str_from_cstr(I, json);
    if (!doc || !gc_temp_push(I, v_obj(doc))) return false;
    /* the json module's JSONDecodeError, so a broken file reads as json.loads reports it */
    Str *json_name = str_intern_cstr(I, "json");
    Value mod = json_name ? vm_import(I, json_name, V_NONE, V_NONE, 0) : V_NULL;
    if (is_null(mod) || !gc_temp_push(I, mod)) return false;
    Str *exc_name = str_intern_cstr(I, "JSONDecodeError");
    Value exc = exc_name ? dict_get_str(((Module *)mod.as.o)->dict, exc_name) : V_NULL;
    if (is_null(exc)) {
        Type *ve = exc_type(I, TY_VALUE_ERROR);
        if (!ve) return false;
        exc = v_obj(ve);
    }
    JsonDecoder dec = {doc, exc, V_NONE, V_NONE, V_NONE, V_NONE, V_NONE};
    Value v = json_decode_document(I, &dec);
    if (is_null(v) || !gc_temp_push(I, v)) return false;
    if (!is_dict(I, v)) return bad_desc(I, "not a JSON object");
    Dict *d = as_dict(v);
    char *format = NULL, *arch = NULL;
    if (!field_str(I, d, "format", &format)) return false;
    bool known = strcmp(format, "krait-tile-kernel-1") == 0;
    free_cstr(I, format);
    if (!known) return bad_desc(I, "unknown format (krait-tile-kernel-1 expected)");
    int64_t block, shared, words;
    List *ps;
    if (!field_str(I, d, "kernel", &k->kernel) || !field_str(I, d, "source_name", &k->name) ||
        !field_str(I, d, "arch", &arch) || !field_int(I, d, "shared_bytes", 0, INT_MAX, &shared) ||
        !field_int(I, d, "argument_words", 1, 1 << 16, &words) ||
        !field_list(I, d, "params", &ps) || !read_params(I, k, ps) || !read_asserts(I, k, d)) {
        free_cstr(I, arch);
        return false;
    }
    free_cstr(I, arch);
    List *bl;
    if (!field_list(I, d, "block", &bl)) return false;
    if (bl->len != 3 || !is_smallint(bl->items[0]) || bl->items[0].as.i < 32 ||
        bl->items[0].as.i > 1024 || bl->items[0].as.i % 32)
        return bad_desc(I, "\"block\" must be [threads, 1, 1] with a multiple of 32 threads");
    block = bl->items[0].as.i;
    Value aw = field(I, d, "assert_word");
    if (!is_bool(aw)) return bad_desc(I, "\"assert_word\" must be true or false");
    k->block = (unsigned)block;
    k->shared = (unsigned)shared;
    k->has_assert = aw.as.i != 0;
    int want = k->nwords + (k->has_assert ? 1 : 0);
    if (want == 0) want = 1; /* the kernel's placeholder word */
    if (words != want) return bad_desc(I, "\"argument_words\" does not match the parameters");
    k->nwords = want;
    k->words = mem_alloc(I, sizeof(uint64_t) * (size_t)want);
    if (!k->words) return false;
    memset(k->words, 0, sizeof(uint64_t) * (size_t)want);
    return true;
}

kr_tile_kernel *kr_tile_load_data(kr_interp *I, const void *cubin, size_t size, const char *json) {
    if (!I) return NULL;
    err_clear(I);
    size_t mark = gc_temp_mark(I);
    kr_tile_kernel *k = NULL;
    if (!cubin || !size || !json) {
        err_format(I, TY_VALUE_ERROR, "kr_tile_load_data: no CUBIN or no description");
        goto fail;
    }
    k = mem_alloc(I, sizeof *k);
    if (!k) goto fail;
    memset(k, 0, sizeof *k);
    k->cubin = mem_alloc(I, size);
    if (!k->cubin) goto fail;
    memcpy(k->cubin, cubin, size);
    k->cubin_size = size;
    if (!read_description(I, k, json)) goto fail;
    gc_temp_reset(I, mark);
    return k;
fail:
    kernel_free(I, k);
    gc_temp_reset(I, mark);
    api_take_error(I);
    return NULL;
}

/* The whole file, NUL-terminated, from the interpreter's allocator (*size: its bytes). */
static char *read_file(Interp *I, const char *path, size_t *size) {
    FILE *f = fopen(path, "rb");
    if (!f) {
        err_format(I, TY_VALUE_ERROR, "cannot open %s", path);
        return NULL;
    }
    char *buf = NULL;
    long n = -1;
    if (fseek(f, 0, SEEK_END) == 0) n = ftell(f);
    if (n >= 0 && fseek(f, 0, SEEK_SET) == 0 && (buf = mem_alloc(I, (size_t)n + 1)) != NULL) {
        if (fread(buf, 1, (size_t)n, f) != (size_t)n) {
            mem_free(I, buf, (size_t)n + 1);
            buf = NULL;
            err_format(I, TY_VALUE_ERROR, "cannot read %s", path);
        } else {
            buf[n] = '\0';
            *size = (size_t)n;
        }
    } else if (n < 0) {
        err_format(I, TY_VALUE_ERROR, "cannot read %s", path);
    }
    fclose(f);
    return buf;
}

kr_tile_kernel *kr_tile_load(kr_interp *I, const char *path) {
    if (!I) return NULL;
    err_clear(I);
    if (!path) {
        err_format(I, TY_VALUE_ERROR, "kr_tile_load: no path");
        api_take_error(I);
        return NULL;
    }
    size_t plen = strlen(path), csize = 0, jsize = 0;
    char *jpath = mem_alloc(I, plen + 6);
    char *cubin = jpath ? read_file(I, path, &csize) : NULL;
    char *json = NULL;
    if (cubin) {
        memcpy(jpath, path, plen);
        memcpy(jpath + plen, ".json", 6);
        json = read_file(I, jpath, &jsize);
    }
    kr_tile_kernel *k = NULL;
    if (json) {
        k = kr_tile_load_data(I, cubin, csize, json);
    } else {
        api_take_error(I);
    }
    if (jpath) mem_free(I, jpath, plen + 6);
    if (cubin) mem_free(I, cubin, csize + 1);
    if (json) mem_free(I, json, jsize + 1);
    return k;
}

void kr_tile_free(kr_interp *I, kr_tile_kernel *k) {
    if (I && k) kernel_free(I, k);
}

const char *kr_tile_name(const kr_tile_kernel *k) {
    return k ? k->name : NULL;
}

int kr_tile_nparams(const kr_tile_kernel *k) {
    return k ? k->nparams : 0;
}

int kr_tile_param_info(const kr_tile_kernel *k, int i, kr_tile_param *out) {
    if (!k || !out || i < 0 || i >= k->nparams) return KR_ERROR;
    *out = k->params[i];
    return KR_OK;
}

/* ---- the launch ---- */

/* kr_dtype's values in order (krait.h), as the description names them */
static const char *const api_kr_dtype_names[] = {
    "bool",    "int8",     "int16",   "int32",   "int64",  "uint8", "uint32",
    "float16", "bfloat16", "float32", "float64", "uint16", "uint64"};

/* An int argument as the param's dtype: false (TypeError / OverflowError) when it does not
 * fit, as ct.launch specializes on the value's range. */
static bool int_fits(Interp *I, const kr_tile_param *p, TileDType dt, long long v) {
    int bits = tile_dtype_size(dt) * 8;
    char kind = tile_dtype_kind(dt);
    bool ok = kind == 'b'   ? (v == 0 || v == 1)
              : kind == 'u' ? (v >= 0 && (bits == 64 || (unsigned long long)v >> bits == 0))
              : bits == 64  ? true
                            : (v >= -(1ll << (bits - 1)) && v < (1ll << (bits - 1)));
    if (!ok)
        err_format(I, TY_OVERFLOW_ERROR, "kr_tile_launch: %lld does not fit parameter %s (%s)", v,
                   p->name, p->dtype);
    return ok;
}

static bool pack_args(Interp *I, kr_tile_kernel *k, int nargs, const kr_tile_arg *args) {
    if (nargs != k->nparams || (nargs && !args)) {
        err_format(I, TY_TYPE_ERROR, "kr_tile_launch: kernel %s takes %d arguments, %d given",
                   k->name, k->nparams, nargs);
        return false;
    }
    uint64_t *w = k->words;
    for (int i = 0; i < nargs; i++) {
        const kr_tile_param *p = &k->params[i];
        const kr_tile_arg *a = &args[i];
        TileDType dt = (TileDType)k->dtypes[i];
        if (!p->is_array) {
            if (a->kind == KR_TILE_INT) {
                if (tile_dtype_is_float(dt)) {
                    double f = (double)a->i;
                    memcpy(w++, &f, 8);
                    continue;
                }
                if (!int_fits(I, p, dt, a->i)) return false;
                *w++ = (uint64_t)a->i;
            } else if (a->kind == KR_TILE_FLOAT && tile_dtype_is_float(dt)) {
                memcpy(w++, &a->f, 8);
            } else {
                err_format(I, TY_TYPE_ERROR, "kr_tile_launch: argument %s must be a %s scalar",
                           p->name, p->dtype);
                return false;
            }
            continue;
        }
        if (a->kind != KR_TILE_ARRAY) {
            err_format(I, TY_TYPE_ERROR, "kr_tile_launch: argument %s must be an array", p->name);
            return false;
        }
        if ((unsigned)a->dtype >= sizeof api_kr_dtype_names / sizeof *api_kr_dtype_names ||
            strcmp(api_kr_dtype_names[a->dtype], p->dtype) != 0) {
            err_format(I, TY_TYPE_ERROR, "kr_tile_launch: argument %s must be a %s array, got %s",
                       p->name, p->dtype,
                       (unsigned)a->dtype < sizeof api_kr_dtype_names / sizeof *api_kr_dtype_names
                           ? api_kr_dtype_names[a->dtype]
                           : "an unknown dtype");
            return false;
        }
        if (a->ndim != p->rank || (a->ndim > 0 && !a->shape)) {
            err_format(I, TY_TYPE_ERROR,
                       "kr_tile_launch: argument %s must have %d dimensions, got %d", p->name,
                       p->rank, a->ndim);
            return false;
        }
        *w++ = (uint64_t)(uintptr_t)a->data;
        if (p->rank == 0) {
            *w++ = 1;
            *w++ = 1;
            continue;
        }
        int64_t stride = 1;
        for (int d = p->rank - 1; d >= 0; d--) {
            if (a->shape[d] < 0) {
                err_format(I, TY_VALUE_ERROR, "kr_tile_launch: argument %s has a negative size",
                           p->name);
                return false;
            }
            w[d] = (uint64_t)a->shape[d];
            w[p->rank + d] = (uint64_t)(a->strides ? a->strides[d] : stride);
            stride *= a->shape[d];
        }
        w += 2 * p->rank;
    }
    if (k->has_assert) *w++ = k->err_word;
    return true;
}

/* The module and function at the first launch, and the assert word. */
static bool load_module(Interp *I, kr_tile_kernel *k) {
    if (k->fn) return true;
    if (!arr_on_cuda(I)) {
        err_format(I, TY_RUNTIME_ERROR,
                   "kr_tile_launch needs the CUDA backend (krait runs on the CPU here)");
        return false;
    }
    if (!I->gpu && !arr_cuda_state(I)) return false;
    GpuState *G = I->gpu;
    if (gpu_ensure(G) < 0) {
        err_format(I, TY_RUNTIME_ERROR, "%s", G->err);
        return false;
    }
    if (G->mock) {
        err_format(I, TY_RUNTIME_ERROR,
                   "kr_tile_launch: a CUBIN cannot run on the mock device (KRAIT_DEVICE=mock)");
        return false;
    }
    int r = cuda_check(G, G->api.cuModuleLoadData(&k->module, k->cubin), "cuModuleLoadData");
    if (r == 0)
        r = cuda_check(G, G->api.cuModuleGetFunction(&k->fn, k->module, k->kernel),
                       "cuModuleGetFunction");
    if (r == 0 && k->shared > TILE_STATIC_SMEM) {
        if ((int)k->shared > G->max_shared_optin || !G->api.cuFuncSetAttribute)
            r = gpu_set_error(G, GPU_ERR_CUDA,
                              "%s needs %u bytes of shared memory; the device allows %d", k->kernel,
                              k->shared, G->max_shared_optin);
        else
            r = cuda_check(
                G,
                G->api.cuFuncSetAttribute(k->fn, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                                          (int)k->shared),
                "cuFuncSetAttribute");
    }
    if (r == 0 && k->has_assert) {
        r = gpu_mem_alloc(G, 4 * sizeof(int), NULL, &k->err_word);
        if (r == 0) r = gpu_memset32(G, k->err_word, 0, 4, NULL);
    }
    if (r < 0) {
        err_format(I, TY_RUNTIME_ERROR, "%s", G->err);
        k->fn = NULL;
        return false;
    }
    return true;
}

static bool check_assert(Interp *I, kr_tile_kernel *k, CUstream s) {
    GpuState *G = I->gpu;
    int word[4] = {0, 0, 0, 0};
    if (gpu_copy_to_host(G, word, k->err_word, sizeof word, s) < 0 ||
        gpu_stream_synchronize(G, s) < 0) {
        err_format(I, TY_RUNTIME_ERROR, "%s", G->err);
        return false;
    }
    if (!word[0]) return true;
    gpu_memset32(G, k->err_word, 0, 4, s);
    const TileAssertInfo *a = word[0] <= k->nasserts ? &k->asserts[word[0] - 1] : NULL;
    if (a)
        err_format(I, TY_ASSERTION_ERROR, "%s:%d: %s (block (%d, %d, %d))", a->file, a->line,
                   a->message, word[1], word[2], word[3]);
    else
        err_format(I, TY_ASSERTION_ERROR, "ct.assert_ number %d failed in %s (block (%d, %d, %d))",
                   word[0], k->name, word[1], word[2], word[3]);
    return false;
}

int kr_tile_launch(kr_interp *I, kr_tile_kernel *k, const unsigned grid[3], void *stream, int nargs,
                   const kr_tile_arg *args) {
    if (!I) return KR_ERROR;
    err_clear(I);
    if (!k || !grid) {
        err_format(I, TY_VALUE_ERROR, "kr_tile_launch: no kernel or no grid");
        return api_take_error(I);
    }
    for (int d = 0; d < 3; d++) {
        unsigned most = d == 0 ? 0x7fffffffu : 65535u;
        if (grid[d] > most) {
            err_format(I, TY_VALUE_ERROR, "kr_tile_launch: grid dimension %d is %u; at most %u", d,
                       grid[d], most);
            return api_take_error(I);
        }
    }
    if (!pack_args(I, k, nargs, args)) return api_take_error(I);
    if (!grid[0] || !grid[1] || !grid[2]) return KR_OK;
    if (!load_module(I, k)) return api_take_error(I);
    /* the assert word's address was not known when the words were packed the first time */
    if (k->has_assert) k->words[k->nwords - 1] = k->err_word;
    GpuState *G = I->gpu;
    CUstream s = stream ? (CUstream)stream : arr_stream(I);
    unsigned block[3] = {k->block, 1, 1};
    void *params[1] = {k->words};
    if (gpu_launch(G, k->fn, grid, block, k->shared, s, params) < 0) {
        err_format(I, TY_RUNTIME_ERROR, "%s", G->err);
        return api_take_error(I);
    }
    if (k->has_assert && !check_assert(I, k, s)) return api_take_error(I);
    return KR_OK;
}
