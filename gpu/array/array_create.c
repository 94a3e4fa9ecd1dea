/* array_create.c: the host implementations of the creation functions the backends share
 * (zeros/ones/full and arange, behind ArrBackend.full and .arange): the CPU backend's
 * whole implementation, and the CUDA backend's fallback for the cases it leaves to the host
 * (Fortran order, a fill that is an array, arange of a dtype it does not generate). */
#include "array.h"

Array *arr_host_full(Interp *I, int dt, int ndim, const int64_t *shape, char order, Value fill) {
    Array *a = arr_new_order(I, dt, ndim, shape, order);
    /* arr_new_order zeroes: an int 0 (zeros, empty) needs no pass */
    bool zero = is_smallint(fill) && fill.as.i == 0;
    if (a && is_float(fill) && !dt_is_float(dt)) {
        /* NumPy's full copies a float into an integer array by an unsafe cast (x86's
         * conversion, "invalid value encountered in cast"), not as x[...] = 1.5 would */
        Array *f = arr_from_value(I, fill, DT_FLOAT64);
        if (!f) return NULL;
        fill = v_obj(f);
    }
    if (a && !zero && arr_assign(I, a, fill) < 0) return NULL;
    return a;
}

Array *arr_host_arange(Interp *I, int dt, int64_t n, Value start, Value step, double a, double s) {
    Array *r = arr_new(I, dt, 1, &n);
    if (!r) return NULL;
    bool ints = is_smallint(start) && is_smallint(step);
    int isz = arr_dtypes[dt].size;
    for (int64_t i = 0; i < n; i++) {
        if (ints && !dt_is_float(dt))
            arr_store_i(r->data + i * isz, dt, start.as.i + i * step.as.i);
        else
            arr_store_f(r->data + i * isz, dt, a + (double)i * s);
    }
    return r;
}
