/* gpu_module.h: what the files of the gpu module (stdlib/gpu/) share: the natives that
 * gpu_module.c's function table lists from the other files. */
#ifndef KRAIT_STDLIB_GPU_MODULE_H
#define KRAIT_STDLIB_GPU_MODULE_H

#include "../../vm/object.h"

/* gpu_npy.c */
Value gpu_f_save(Interp *I, int argc, Value *argv, Tuple *kw);
Value gpu_f_load(Interp *I, int argc, Value *argv, Tuple *kw);

/* gpu_device.c */
Value gpu_f_backend(Interp *I, int argc, Value *argv, Tuple *kw);
Value gpu_f_synchronize(Interp *I, int argc, Value *argv, Tuple *kw);
Value gpu_f_device(Interp *I, int argc, Value *argv, Tuple *kw);
Value gpu_f_memory_info(Interp *I, int argc, Value *argv, Tuple *kw);
Value gpu_f_geterr(Interp *I, int argc, Value *argv, Tuple *kw);
Value gpu_f_seterr(Interp *I, int argc, Value *argv, Tuple *kw);
Value gpu_f_seterrcall(Interp *I, int argc, Value *argv, Tuple *kw);
Value gpu_f_geterrcall(Interp *I, int argc, Value *argv, Tuple *kw);
Value gpu_f_set_printoptions(Interp *I, int argc, Value *argv, Tuple *kw);
Value gpu_f_get_printoptions(Interp *I, int argc, Value *argv, Tuple *kw);
int gpu_add_stream_classes(Interp *I, Module *m); /* numpy.Stream, numpy.Event */

/* gpu_await.c: GPU work as asyncio futures */
Value gpu_stream_done(Interp *I, int argc, Value *argv, Tuple *kw);
Value gpu_event_done(Interp *I, int argc, Value *argv, Tuple *kw);
int gpu_add_await_methods(Interp *I); /* ndarray.to_host() */

/* gpu_scalar.c */
int gpu_add_scalar_classes(Interp *I, Module *m); /* np.float64 ..., np.generic ... */
int gpu_add_info_classes(Interp *I, Module *m);   /* np.iinfo, np.finfo */
int gpu_add_linalg(Interp *I, Module *np);        /* numpy.linalg (gpu_linalg.c) */
int gpu_add_profile(Interp *I, Module *np);       /* gpu.profile (gpu_profile.c) */
int gpu_nvtx_add_functions(Interp *I, Module *m); /* _gpuprof's nvtx_* (gpu_nvtx.c) */
int gpu_add_graph(Interp *I, Module *np);         /* gpu.graph, gpu.Graph (gpu_graph.c) */
int gpu_add_core(Interp *I, Module *np);          /* gpu.RawKernel (gpu_core.c) */
int gpu_add_devices(Interp *I, Module *np);       /* device_count, _device_* (gpu_devices.c) */
int gpu_add_nccl(Interp *I, Module *np);          /* _nccl_* (gpu_nccl.c) */
/* A device argument (an int or a gpu.Device: __index__) into *out; -1 after raising. */
int gpu_device_arg(Interp *I, Value v, int *out);
/* module.name(*args, **kw), the frozen module (dotted: a submodule) imported at the first
 * call, so importing gpu costs nothing more (gpu_profile.c). */
Value gpu_call_frozen(Interp *I, const char *module, const char *name, int argc, Value *argv,
                      Tuple *kw);
Value gpu_f_issubdtype(Interp *I, int argc, Value *argv, Tuple *kw);

#endif
