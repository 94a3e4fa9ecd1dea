/* prebuilt_none.c: an empty table of prebuilt kernels (gpu/runtime/jit_prebuilt.h), for the
 * generator itself (tools/prebuild/prebuild_kernels.c, which links the library's objects
 * before any table exists) and for builds without one (KRAIT_PREBUILT_KERNELS=OFF): every
 * kernel then compiles with NVRTC at its first use, as before. */
#include "../../gpu/runtime/jit_prebuilt.h"

const JitPrebuilt jit_prebuilt_table[1] = {{0}};
const size_t jit_prebuilt_count = 0;
