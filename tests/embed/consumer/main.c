/* main.c: the smallest host: run a line of Python and read a global back. It also defines
 * functions named like krait's internal ones: linked against the static library, a clash
 * would fail the link (only kr_ names may be global there). */
#include <stdio.h>

#include <krait.h>

int list_new(void);
int dict_new(void);
int list_new(void) {
    return 1;
}
int dict_new(void) {
    return 2;
}

int main(void) {
    kr_interp *I = kr_new(NULL);
    if (!I) return 1;
    kr_value *v;
    int ok = kr_run_string(I, "answer = 6 * 7", "<consumer>") == KR_OK &&
             kr_get_global(I, "answer", &v) == KR_OK;
    long long x = 0;
    ok = ok && kr_to_int(I, v, &x) == KR_OK && x == 42 && list_new() + dict_new() == 3;
    kr_free(I);
    printf("consumer: %s\n", ok ? "ok" : "FAILED");
    return ok ? 0 : 1;
}
