/* dtype.h: the element types of gpu arrays, shared by the array module (gpu/array/array*.c), the
 * CPU backend and the CUDA kernel generators (gpu/kernels/kernels*.c). The order is NumPy's
 * promotion lattice within each kind. */
#ifndef KRAIT_GPU_DTYPE_H
#define KRAIT_GPU_DTYPE_H

#include <stddef.h>

#define DTYPES(X)                                                                                  \
    /*  id        name        size  kind  C type for CUDA  */                                      \
    X(BOOL, "bool", 1, 'b', "bool")                                                                \
    X(INT8, "int8", 1, 'i', "signed char")                                                         \
    X(INT16, "int16", 2, 'i', "short")                                                             \
    X(INT32, "int32", 4, 'i', "int")                                                               \
    X(INT64, "int64", 8, 'i', "long long")                                                         \
    X(UINT8, "uint8", 1, 'u', "unsigned char")                                                     \
    X(UINT16, "uint16", 2, 'u', "unsigned short")                                                  \
    X(UINT32, "uint32", 4, 'u', "unsigned int")                                                    \
    X(UINT64, "uint64", 8, 'u', "unsigned long long")                                              \
    X(FLOAT16, "float16", 2, 'f', "__half")                                                        \
    X(BFLOAT16, "bfloat16", 2, 'f', "__nv_bfloat16")                                               \
    X(FLOAT32, "float32", 4, 'f', "float")                                                         \
    X(FLOAT64, "float64", 8, 'f', "double")

typedef enum DType {
#define X(id, name, size, kind, ctype) DT_##id,
    DTYPES(X)
#undef X
        DT__COUNT
} DType;

/* The bytes of one element of dt, its kind ('b', 'i', 'u', 'f') and its NumPy name (dtype.c). */
int gpu_dtype_size(DType dt);
char gpu_dtype_kind(DType dt);
const char *gpu_dtype_name(DType dt);
/* NumPy's result dtype of a binary operation between arrays of dtypes a and b (bfloat16 as
 * ml_dtypes: with float16 it gives float32). The only copy of the promotion rules. */
DType gpu_dtype_promote(DType a, DType b);

#endif
