/* interp_size.c: the memory figures of docs/PERFORMANCE.md: what a fresh interpreter costs,
 * and what a list of a million small ints costs, as counted by kr_memory_used (every byte
 * krait holds through its allocator). Build: see docs/PERFORMANCE.md. */
#include <stdio.h>

#include "krait.h"

int main(void) {
    kr_interp *I = kr_new(NULL);
    if (!I) return 1;
    size_t fresh = kr_memory_used(I);
    printf("fresh interpreter: %zu bytes\n", fresh);
    if (kr_run_string(I, "x = [i for i in range(1000000)]", "<bench>") != KR_OK) return 1;
    printf("a list of 10^6 small ints: %zu bytes above a fresh interpreter\n",
           kr_memory_used(I) - fresh);
    kr_free(I);
    return 0;
}
