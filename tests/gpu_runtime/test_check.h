/* test_check.h: CHECK(c), the gpu_runtime tests' assertion: prints the file, line and
 * condition and exits 1 when c is false (also in Release builds, unlike assert). */
#ifndef KRAIT_TEST_GPU_RUNTIME_CHECK_H
#define KRAIT_TEST_GPU_RUNTIME_CHECK_H

#include <stdio.h>
#include <stdlib.h>

#define CHECK(c)                                                                                   \
    do {                                                                                           \
        if (!(c)) {                                                                                \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #c);                  \
            exit(1);                                                                               \
        }                                                                                          \
    } while (0)

#endif
