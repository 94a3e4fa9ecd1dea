/* host_arrays.c: a host that hands its own buffers to a script as arrays, without copies.
 *
 * The host owns an 8-bit grayscale image and a float32 output buffer. It wraps both as gpu
 * arrays (kr_array_wrap: the arrays point at the host's memory), the script normalises the
 * image with NumPy-style code and writes the result into the output array in place, and
 * the host reads its own output buffer: no element crosses the API by copy. A release
 * callback tells the host when the scripts no longer use a buffer.
 * Build: cc host_arrays.c $(pkg-config --cflags --libs krait) */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <krait.h>

enum { W = 6, H = 4 };

static void buffer_released(void *ud, void *data) {
    printf("released %s (%p)\n", (const char *)ud, data);
}

static const char *script = "import numpy as np\n"
                            "x = img.astype(np.float32)\n"
                            "out[...] = (x - x.mean()) / (x.std() + 1e-6)\n"
                            "print('script: min %.3f max %.3f' % (float(out.min()), "
                            "float(out.max())))\n";

int main(void) {
    uint8_t *img = malloc(W * H);
    float *out = malloc(sizeof(float) * W * H);
    if (!img || !out) return 1;
    for (int i = 0; i < W * H; i++)
        img[i] = (uint8_t)(i * 10);

    kr_interp *I = kr_new(NULL);
    if (!I) return 1;
    int64_t shape[2] = {H, W};
    kr_value *a =
        kr_array_wrap(I, img, KR_UINT8, 2, shape, NULL, KR_DEVICE_HOST, buffer_released, "image");
    kr_value *o = kr_array_wrap(I, out, KR_FLOAT32, 2, shape, NULL, KR_DEVICE_HOST, buffer_released,
                                "output");
    if (!a || !o || kr_set_global(I, "img", a) != KR_OK || kr_set_global(I, "out", o) != KR_OK) {
        fprintf(stderr, "wrap failed: %s\n", kr_error_message(I));
        return 1;
    }
    if (kr_run_string(I, script, "normalise.py") != KR_OK) {
        kr_print_error(I);
        return 1;
    }
    /* kr_array_info brings the data up to date (on the CUDA backend the script's result may
     * still be on the device) and gives the pointer: the host's own buffer. */
    kr_array_desc d;
    if (kr_array_info(I, o, &d) != KR_OK || d.data != out) {
        fprintf(stderr, "unexpected: the output was copied\n");
        return 1;
    }
    printf("host: out[0][0] = %.3f, out[%d][%d] = %.3f (read in place)\n", out[0], H - 1, W - 1,
           out[W * H - 1]);
    kr_release(I, a);
    kr_release(I, o);
    kr_free(I); /* the release callbacks run here at the latest */
    free(img);
    free(out);
    return 0;
}
