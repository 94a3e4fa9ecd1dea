/* gpu_npy.c: np.save and np.load of .npy files (format version 1.0, C order, the plain
 * dtypes; bfloat16 is written as '<V2'). Part of the gpu module (gpu_module.c). */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../../gpu/array/array.h"
#include "../../gpu/backend/cuda/backend_cuda.h"
#include "../builtins.h"
#include "../os.h"
#include "gpu_module.h"

/* ---- .npy files ---- */

static const char *npy_descr(int dt) {
    static const char *const d[DT__COUNT] = {"|b1", "|i1", "<i2", "<i4", "<i8", "|u1", "<u2",
                                             "<u4", "<u8", "<f2", "<V2", "<f4", "<f8"};
    return d[dt];
}

/* save(file, arr, allow_pickle=True): krait's arrays never need pickling */
Value gpu_f_save(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"file", "arr", "allow_pickle"};
    Value o[3];
    if (!arg_parse(I, "save", argc, argv, kw, names, 3, 2, 3, o)) return V_NULL;
    argv = o;
    const char *path;
    if (!os_path_arg(I, "save", "file", argv[0], &path)) return V_NULL;
    Array *a = arr_from_value(I, argv[1], -1);
    if (!a) return V_NULL;
    Array *c = arr_copy(I, a, a->dtype);
    if (!c) return V_NULL;
    char shape[256];
    size_t k = 0;
    k += (size_t)snprintf(shape + k, sizeof shape - k, "(");
    for (int i = 0; i < a->ndim; i++)
        k += (size_t)snprintf(shape + k, sizeof shape - k, i ? ", %lld" : "%lld",
                              (long long)a->shape[i]);
    snprintf(shape + k, sizeof shape - k, a->ndim == 1 ? ",)" : ")");
    char hdr[512];
    int hl = snprintf(hdr, sizeof hdr, "{'descr': '%s', 'fortran_order': False, 'shape': %s, }",
                      npy_descr(a->dtype), shape);
    int total = 10 + hl + 1;
    int pad = (64 - total % 64) % 64;
    size_t plen = strlen(path);
    char *full = mem_alloc(I, plen + 5);
    if (!full) return V_NULL;
    memcpy(full, path, plen + 1);
    if (plen < 4 || strcmp(path + plen - 4, ".npy") != 0) memcpy(full + plen, ".npy", 5);
    FILE *f = fopen(full, "wb");
    mem_free(I, full, plen + 5);
    if (!f) return os_raise_errno(I, errno, argv[0], V_NULL);
    unsigned char pre[10] = {0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0, 0, 0};
    uint16_t hlen = (uint16_t)(hl + pad + 1);
    pre[8] = (unsigned char)(hlen & 0xff);
    pre[9] = (unsigned char)(hlen >> 8);
    fwrite(pre, 1, 10, f);
    fwrite(hdr, 1, (size_t)hl, f);
    for (int i = 0; i < pad; i++)
        fputc(' ', f);
    fputc('\n', f);
    fwrite(c->data, 1, (size_t)c->size * (size_t)arr_dtypes[c->dtype].size, f);
    fclose(f);
    return V_NONE;
}

/* load(file, mmap_mode=None, allow_pickle=False): .npy files of plain dtypes only, read
 * whole (mmap_mode None only). */
Value gpu_f_load(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"file", "mmap_mode", "allow_pickle"};
    Value o[3];
    if (!arg_parse(I, "load", argc, argv, kw, names, 3, 1, 3, o)) return V_NULL;
    if (!is_null(o[1]) && !is_none(o[1]))
        return err_format(I, TY_NOT_IMPLEMENTED_ERROR, "load: mmap_mode is not supported by krait");
    argv = o;
    const char *path;
    if (!os_path_arg(I, "load", "file", argv[0], &path)) return V_NULL;
    FILE *f = fopen(path, "rb");
    if (!f) return os_raise_errno(I, errno, argv[0], V_NULL);
    unsigned char pre[10];
    char hdr[4096];
    if (fread(pre, 1, 10, f) != 10 || memcmp(pre, "\x93NUMPY", 6) != 0) {
        fclose(f);
        return err_format(I, TY_VALUE_ERROR, "the file is not a .npy file");
    }
    size_t hlen = pre[8] | (size_t)pre[9] << 8;
    if (hlen >= sizeof hdr || fread(hdr, 1, hlen, f) != hlen) {
        fclose(f);
        return err_format(I, TY_VALUE_ERROR, "bad .npy header");
    }
    hdr[hlen] = 0;
    int dt = -1;
    for (int i = 0; i < DT__COUNT; i++) {
        char want[32];
        snprintf(want, sizeof want, "'%s'", npy_descr(i));
        if (strstr(hdr, want)) dt = i;
    }
    if (strstr(hdr, "'|u1'")) dt = DT_UINT8;
    char *sp = strstr(hdr, "'shape': (");
    if (dt < 0 || !sp || strstr(hdr, "'fortran_order': True")) {
        fclose(f);
        return err_format(I, TY_VALUE_ERROR, "unsupported .npy data: %s", hdr);
    }
    int64_t shape[ARR_MAXDIM];
    int nd = 0;
    char *p = sp + 10;
    while (*p && *p != ')' && nd < ARR_MAXDIM) {
        while (*p == ' ' || *p == ',')
            p++;
        if (*p == ')') break;
        shape[nd++] = strtoll(p, &p, 10);
    }
    Array *a = arr_new(I, dt, nd, shape);
    if (!a) {
        fclose(f);
        return V_NULL;
    }
    size_t bytes = (size_t)a->size * (size_t)arr_dtypes[dt].size;
    size_t got = fread(a->data, 1, bytes, f);
    fclose(f);
    if (got != bytes) return err_format(I, TY_VALUE_ERROR, "truncated .npy file");
    return v_obj(a);
}
