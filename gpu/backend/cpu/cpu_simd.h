/* cpu_simd.h: SIMD_CLONES marks a hot typed loop of the CPU backend to be compiled for AVX2
 * as well as the baseline (SSE2) where the compiler can clone functions (x86-64 with GCC or
 * clang, through ifunc); the loader picks the clone the CPU runs, as NumPy dispatches its
 * loops at run time. Sanitizer builds keep one version. */
#ifndef KRAIT_GPU_CPU_SIMD_H
#define KRAIT_GPU_CPU_SIMD_H

#if defined(__x86_64__) && defined(__GNUC__) && defined(__linux__) &&                              \
    !defined(__SANITIZE_ADDRESS__)
#define SIMD_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define SIMD_CLONES
#endif

#endif
