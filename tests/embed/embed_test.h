/* embed_test.h: a tiny check macro shared by the embedding API tests. */
#ifndef EMBED_TEST_H
#define EMBED_TEST_H
#include <stdio.h>
#include <stdlib.h>

#define CHECK(cond)                                                                                \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);               \
            exit(1);                                                                               \
        }                                                                                          \
    } while (0)

/* Whether the VM calls the API's limit check (step/time limits, kr_terminate): the tests of
 * those are skipped, with a message, on a VM without it. */
#include "krait.h"
static inline int vm_has_limit_hook(void) {
    kr_config cfg;
    kr_config_init(&cfg);
    cfg.step_limit = 1000;
    cfg.check_interval = 100;
    kr_interp *I = kr_new(&cfg);
    int rc = I ? kr_run_string(I, "for i in range(300000): pass", "<probe>") : KR_OK;
    kr_free(I);
    if (rc != KR_LIMIT) fprintf(stderr, "SKIP: the VM does not call api_check_limits yet\n");
    return rc == KR_LIMIT;
}
#endif
