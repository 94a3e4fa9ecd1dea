/* test_arrays.c: the zero-copy array API (krait.h "Arrays"): host buffers wrapped as gpu
 * arrays and changed in place by scripts, strided views, DLPack export and import, and the
 * release callbacks' lifetime (once, at collection or kr_free). */
#include <string.h>

#include "embed_test.h"

static void count_release(void *ud, void *data) {
    (void)data;
    ++*(int *)ud;
}

static double get_float(kr_interp *I, const char *name) {
    kr_value *v = NULL;
    double d = 0;
    CHECK(kr_get_global(I, name, &v) == KR_OK);
    CHECK(kr_to_float(I, v, &d) == KR_OK);
    kr_release(I, v);
    return d;
}

static void test_wrap_inplace(void) {
    float buf[6] = {1, 2, 3, 4, 5, 6};
    int released = 0;
    kr_interp *I = kr_new(NULL);
    CHECK(I);
    int64_t shape[2] = {2, 3};
    kr_value *a =
        kr_array_wrap(I, buf, KR_FLOAT32, 2, shape, NULL, KR_DEVICE_HOST, count_release, &released);
    CHECK(a);
    CHECK(kr_set_global(I, "a", a) == KR_OK);
    CHECK(kr_run_string(I,
                        "import gpu\na *= 2\ns = float(a.sum())\nshp = a.shape\n"
                        "assert a.dtype == gpu.float32 and a.shape == (2, 3)\n",
                        "<t>") == KR_OK);
    CHECK(get_float(I, "s") == 42.0);
    kr_array_desc d; /* brings the host memory up to date (the CUDA backend) */
    CHECK(kr_array_info(I, a, &d) == KR_OK);
    for (int i = 0; i < 6; i++)
        CHECK(buf[i] == 2.0f * (float)(i + 1));
    CHECK(d.data == buf && d.dtype == KR_FLOAT32 && d.ndim == 2 && d.device == KR_DEVICE_HOST);
    CHECK(d.shape[0] == 2 && d.shape[1] == 3 && d.strides[0] == 12 && d.strides[1] == 4);
    kr_release(I, a);
    CHECK(kr_run_string(I, "b = a[1]\ndel a\n", "<t>") == KR_OK);
    kr_gc_collect(I);
    CHECK(released == 0); /* the view b keeps the buffer */
    CHECK(kr_run_string(I, "del b\n", "<t>") == KR_OK);
    kr_gc_collect(I);
    CHECK(released == 1);
    kr_free(I);
    CHECK(released == 1);

    /* At kr_free when still referenced. */
    released = 0;
    I = kr_new(NULL);
    CHECK(I);
    a = kr_array_wrap(I, buf, KR_FLOAT32, 2, shape, NULL, 0, count_release, &released);
    CHECK(a && kr_set_global(I, "a", a) == KR_OK);
    kr_free(I);
    CHECK(released == 1);
}

static void test_strides(void) {
    double buf[6] = {0, 1, 2, 3, 4, 5}; /* a 2x3 matrix; wrap its transpose, 3x2 */
    int released = 0;
    kr_interp *I = kr_new(NULL);
    CHECK(I);
    int64_t shape[2] = {3, 2}, strides[2] = {8, 24};
    kr_value *t = kr_array_wrap(I, buf, KR_FLOAT64, 2, shape, strides, 0, count_release, &released);
    CHECK(t);
    CHECK(kr_set_global(I, "t", t) == KR_OK);
    CHECK(kr_run_string(I,
                        "l = t.tolist()\nassert l == [[0.0, 3.0], [1.0, 4.0], [2.0, 5.0]], l\n"
                        "t[2, 1] = 50\nu = t.T\nr = float(u[1, 2])\n",
                        "<t>") == KR_OK);
    kr_value *u = NULL;
    CHECK(kr_get_global(I, "u", &u) == KR_OK);
    kr_array_desc d;
    CHECK(kr_array_info(I, u, &d) == KR_OK);
    CHECK(buf[5] == 50.0 && get_float(I, "r") == 50.0);
    CHECK(d.data == buf && d.strides[0] == 24 && d.strides[1] == 8 && d.shape[0] == 2);
    /* Negative strides: data is the first element. */
    int64_t n = 6, back = -8;
    kr_value *r = kr_array_wrap(I, buf + 5, KR_FLOAT64, 1, &n, &back, 0, NULL, NULL);
    CHECK(r && kr_set_global(I, "r", r) == KR_OK);
    CHECK(kr_run_string(I, "assert r.tolist() == [50.0, 4.0, 3.0, 2.0, 1.0, 0.0]\n", "<t>") ==
          KR_OK);
    kr_free(I);
    CHECK(released == 1);
}

static int deleted;
static void my_deleter(kr_dlmanaged_tensor *t) {
    deleted++;
    free(t);
}

static void test_dlpack(void) {
    int32_t buf[4] = {1, 2, 3, 4};
    int released = 0;
    kr_interp *I = kr_new(NULL);
    CHECK(I);
    int64_t n = 4;
    kr_value *a = kr_array_wrap(I, buf, KR_INT32, 1, &n, NULL, 0, count_release, &released);
    kr_dlmanaged_tensor *t = kr_array_to_dlpack(I, a);
    CHECK(t && t->dl_tensor.data == buf && t->dl_tensor.ndim == 1);
    CHECK(t->dl_tensor.dtype.code == KR_DL_INT && t->dl_tensor.dtype.bits == 32 &&
          t->dl_tensor.dtype.lanes == 1 && t->dl_tensor.device.device_type == KR_DL_CPU);
    CHECK(t->dl_tensor.shape[0] == 4 && t->dl_tensor.strides[0] == 1);
    kr_release(I, a);
    kr_gc_collect(I);
    CHECK(released == 0); /* the export keeps it alive */
    kr_value *b = kr_array_from_dlpack(I, t);
    CHECK(b);
    kr_array_desc d;
    CHECK(kr_array_info(I, b, &d) == KR_OK && d.data == buf && d.dtype == KR_INT32);
    CHECK(kr_set_global(I, "b", b) == KR_OK);
    CHECK(kr_run_string(I, "b += 10\n", "<t>") == KR_OK);
    CHECK(kr_array_info(I, b, &d) == KR_OK);
    CHECK(buf[0] == 11 && buf[3] == 14);
    kr_release(I, b);
    CHECK(kr_run_string(I, "del b\n", "<t>") == KR_OK);
    kr_gc_collect(I); /* frees b: its release calls the export's deleter, releasing a */
    kr_gc_collect(I);
    CHECK(released == 1);

    /* A foreign tensor: byte_offset and element strides; the deleter at kr_free. */
    float fb[8] = {0, 1, 2, 3, 4, 5, 6, 7};
    kr_dlmanaged_tensor *f = calloc(1, sizeof *f);
    static int64_t fshape[1] = {3}, fstrides[1] = {2};
    f->dl_tensor.data = fb;
    f->dl_tensor.byte_offset = 4;
    f->dl_tensor.device.device_type = KR_DL_CPU;
    f->dl_tensor.ndim = 1;
    f->dl_tensor.dtype.code = KR_DL_FLOAT;
    f->dl_tensor.dtype.bits = 32;
    f->dl_tensor.dtype.lanes = 1;
    f->dl_tensor.shape = fshape;
    f->dl_tensor.strides = fstrides;
    f->deleter = my_deleter;
    deleted = 0;
    kr_value *g = kr_array_from_dlpack(I, f);
    CHECK(g && kr_set_global(I, "g", g) == KR_OK);
    CHECK(kr_run_string(I, "assert g.tolist() == [1.0, 3.0, 5.0], g.tolist()\n", "<t>") == KR_OK);
    /* Unsupported: lanes 2; the tensor stays ours. */
    kr_dlmanaged_tensor bad = *f;
    bad.dl_tensor.dtype.lanes = 2;
    bad.deleter = NULL;
    CHECK(kr_array_from_dlpack(I, &bad) == NULL);
    CHECK(strcmp(kr_error_type(I), "ValueError") == 0);
    kr_free(I);
    CHECK(deleted == 1);
}

static void test_errors(void) {
    float buf[4] = {0};
    int released = 0;
    kr_interp *I = kr_new(NULL);
    CHECK(I);
    int64_t shape[20];
    for (int i = 0; i < 20; i++)
        shape[i] = 1;
    CHECK(!kr_array_wrap(I, buf, (kr_dtype)99, 1, shape, NULL, 0, count_release, &released));
    CHECK(strcmp(kr_error_type(I), "ValueError") == 0);
    CHECK(!kr_array_wrap(I, buf, KR_FLOAT32, KR_ARRAY_MAXDIM + 1, shape, NULL, 0, count_release,
                         &released));
    CHECK(strcmp(kr_error_type(I), "ValueError") == 0);
    CHECK(!kr_array_wrap(I, NULL, KR_FLOAT32, 1, shape, NULL, 0, count_release, &released));
    CHECK(strcmp(kr_error_type(I), "ValueError") == 0);
    int64_t neg = -1;
    CHECK(!kr_array_wrap(I, buf, KR_FLOAT32, 1, &neg, NULL, 0, count_release, &released));
    kr_value *dev =
        kr_array_wrap(I, buf, KR_FLOAT32, 1, shape, NULL, KR_DEVICE_CUDA, count_release, &released);
    if (!dev) { /* the CPU backend */
        CHECK(strcmp(kr_error_type(I), "RuntimeError") == 0);
        CHECK(strstr(kr_error_message(I), "a CUDA pointer needs the CUDA backend"));
    } else {
        kr_release(I, dev);
        released--; /* counted below at kr_free */
    }
    kr_array_desc d;
    kr_value *notarr = kr_int(I, 3);
    CHECK(kr_array_info(I, notarr, &d) == KR_ERROR);
    CHECK(strcmp(kr_error_type(I), "TypeError") == 0);
    CHECK(kr_array_to_dlpack(I, notarr) == NULL);
    kr_free(I);
    CHECK(released == 0);
}

int main(void) {
    test_wrap_inplace();
    test_strides();
    test_dlpack();
    test_errors();
    printf("ok\n");
    return 0;
}
