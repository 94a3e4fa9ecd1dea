/* main.c: the smallest host: run a line of Python and read a global back. */
#include <stdio.h>

#include <krait.h>

int main(void) {
    kr_interp *I = kr_new(NULL);
    if (!I) return 1;
    kr_value *v;
    int ok = kr_run_string(I, "answer = 6 * 7", "<consumer>") == KR_OK &&
             kr_get_global(I, "answer", &v) == KR_OK;
    long long x = 0;
    ok = ok && kr_to_int(I, v, &x) == KR_OK && x == 42;
    kr_free(I);
    printf("consumer: %s\n", ok ? "ok" : "FAILED");
    return ok ? 0 : 1;
}
