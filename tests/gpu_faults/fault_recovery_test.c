/* fault_recovery_test.c: what a script sees after a kernel fault, and after the device works
 * again (the H200's CUDA_ERROR_MISALIGNED_ADDRESS of 2026-12-02, docs/RELIABILITY.md).
 *
 * One interpreter on the mock device. The harness changes the mock's driver table between
 * the script's parts, as mirror_fault_test.c does (so the library gets no fault setting and
 * no state): the setup makes 1000- and 7-element arrays of four dtypes, their values and
 * NumPy's answers computed by Python from tolist(), device sums nobody read yet and
 * pending results of a 3x4 array (fused, row reductions, a cast, a transpose; an axis-0 sum
 * and a cumsum, which run at their call). Then
 *   1. every kernel launch returns 716 (a faulting sort kernel): each np.sort must raise
 *      the CUDA error as a RuntimeError with the driver's words, and each pending result
 *      read must raise it or be right;
 *   2. every driver call that reaches the device returns 716, as a real context does after
 *      a sticky fault: a loop of sort, argsort, sum, all, `| True`, [::2], astype, the
 *      pending sums and results, each in try/except, must raise RuntimeError naming the
 *      CUDA error or give the right value; never another exception (the H200 diagnosis
 *      printed a TypeError there: its own step() had returned None for a failed astype,
 *      see RELIABILITY.md) and never a wrong value;
 *   3. the table is back (the device works again): the same loop, the sort first, over the
 *      old arrays, sums and results and over new ones, must give every right value.
 * The script collects what went wrong in `bad`; the harness asserts it is empty. */
#include <string.h>

#include "../../gpu/runtime/gpu.h"
#include "../../vm/interp.h"
#include "../embed/embed_test.h"

#define MISALIGNED 716 /* CUDA_ERROR_MISALIGNED_ADDRESS: sticky */

static CUresult dead_launch(CUfunction f, unsigned gx, unsigned gy, unsigned gz, unsigned bx,
                            unsigned by, unsigned bz, unsigned shared, CUstream s, void **params,
                            void **extra) {
    (void)f, (void)gx, (void)gy, (void)gz, (void)bx, (void)by, (void)bz, (void)shared, (void)s;
    (void)params, (void)extra;
    return MISALIGNED;
}
static CUresult dead_alloc(CUdeviceptr *p, size_t bytes, CUstream s) {
    (void)p, (void)bytes, (void)s;
    return MISALIGNED;
}
static CUresult dead_htod(CUdeviceptr dst, const void *src, size_t bytes, CUstream s) {
    (void)dst, (void)src, (void)bytes, (void)s;
    return MISALIGNED;
}
static CUresult dead_dtoh(void *dst, CUdeviceptr src, size_t bytes, CUstream s) {
    (void)dst, (void)src, (void)bytes, (void)s;
    return MISALIGNED;
}
static CUresult dead_dtod(CUdeviceptr dst, CUdeviceptr src, size_t bytes, CUstream s) {
    (void)dst, (void)src, (void)bytes, (void)s;
    return MISALIGNED;
}
static CUresult dead_memset8(CUdeviceptr dst, unsigned char v, size_t n, CUstream s) {
    (void)dst, (void)v, (void)n, (void)s;
    return MISALIGNED;
}
static CUresult dead_memset32(CUdeviceptr dst, unsigned v, size_t n, CUstream s) {
    (void)dst, (void)v, (void)n, (void)s;
    return MISALIGNED;
}
static CUresult dead_stream(CUstream s) {
    (void)s;
    return MISALIGNED;
}
static CUresult dead_wait_event(CUstream s, CUevent e, unsigned flags) {
    (void)s, (void)e, (void)flags;
    return MISALIGNED;
}
static CUresult dead_context(void) {
    return MISALIGNED;
}
static CUresult dead_record(CUevent e, CUstream s) {
    (void)e, (void)s;
    return MISALIGNED;
}
static CUresult dead_event(CUevent e) {
    (void)e;
    return MISALIGNED;
}
static CUresult dead_host_func(CUstream s, CUhostFn fn, void *data) {
    (void)s, (void)fn, (void)data;
    return MISALIGNED;
}
static CUresult dead_module_load(CUmodule *m, const void *image) {
    (void)m, (void)image;
    return MISALIGNED;
}

/* The faulted context. Frees, unloads and destroys keep the mock's own functions: on a real
 * device they fail too, but a block the mock never frees would be a leak under ASan, and
 * what krait does about a failed free is not what this test is about. */
static void kill_context(CudaApi *a) {
    a->cuLaunchKernel = dead_launch;
    a->cuMemAllocAsync = dead_alloc;
    a->cuMemcpyHtoDAsync = dead_htod;
    a->cuMemcpyDtoHAsync = dead_dtoh;
    a->cuMemcpyDtoDAsync = dead_dtod;
    a->cuMemsetD8Async = dead_memset8;
    a->cuMemsetD32Async = dead_memset32;
    a->cuStreamSynchronize = dead_stream;
    a->cuStreamQuery = dead_stream;
    a->cuStreamWaitEvent = dead_wait_event;
    a->cuCtxSynchronize = dead_context;
    a->cuEventRecord = dead_record;
    a->cuEventSynchronize = dead_event;
    a->cuEventQuery = dead_event;
    a->cuLaunchHostFunc = dead_host_func;
    a->cuModuleLoadData = dead_module_load;
}

/* x as in bench/gpu/device/diag_2026-12-02.py; want() is NumPy's answer from the host list. */
static const char setup[] =
    "import numpy as np\n"
    "DTS = (np.bool_, np.int8, np.int32, np.float32)\n"
    "def make(n):\n"
    "    x = (np.arange(n, dtype=np.int64) * 2654435761 + 12345) % 1000003 - 500000\n"
    "    return [x.astype(dt) for dt in DTS]\n"
    "def want(a):\n"
    "    v = a.tolist()\n"
    "    f = a.dtype.kind == 'f'\n"
    "    return {'sort': sorted(v),\n"
    "            'argsort': sorted(range(len(v)), key=v.__getitem__),\n"
    "            'sum': sum(v), 'all': all(v),\n"
    "            'or': None if f else [e | True for e in v],\n"
    "            'step': v[::2],\n"
    "            'int8': None if f else [(int(e) + 128) % 256 - 128 for e in v]}\n"
    "arrays = make(1000) + make(7)\n"
    "wants = [want(a) for a in arrays]\n"
    "sums = [a.sum() for a in arrays]  # device scalars nobody has read\n"
    "m = np.arange(12.0).reshape(3, 4)\n"
    "mh = m.tolist()\n"
    "def pend():\n"
    "    return [(m * 2 + 1, [[2 * e + 1 for e in r] for r in mh]),\n"
    "            (m.sum(axis=1), [sum(r) for r in mh]),\n"
    "            (m.sum(axis=0), [sum(c) for c in zip(*mh)]),\n"
    "            ((m - m.max(axis=1, keepdims=True)).sum(axis=1),\n"
    "             [sum(e - max(r) for e in r) for r in mh]),\n"
    "            (m.astype(np.int8)[::-1], [[int(e) for e in r] for r in mh[::-1]]),\n"
    "            ((m + 1).T, [list(c) for c in zip(*[[e + 1 for e in r] for r in mh])]),\n"
    "            (np.cumsum(m, axis=1), [[sum(r[:i + 1]) for i in range(4)] for r in mh])]\n"
    "pending = pend()  # unread\n"
    "def read_pending(phase, dead):\n"
    "    return [step(phase, 'pending %d' % i, lambda: p.tolist(), w, dead)\n"
    "            for i, (p, w) in enumerate(pending)]\n"
    "bad = []\n"
    "def same(got, w):\n"
    "    if isinstance(w, float) or isinstance(got, float):\n"
    "        return abs(got - w) <= 1e-6 * abs(w)\n"
    "    return got == w\n"
    /* one step: its value must be w; under a dead context it may raise the CUDA error */
    "def step(phase, what, f, w, dead):\n"
    "    try:\n"
    "        got = f()\n"
    "    except RuntimeError as e:\n"
    "        if dead and 'CUDA error' in str(e):\n"
    "            return 'raised'\n"
    "        bad.append((phase, what, 'RuntimeError', str(e)))\n"
    "        return 'bad'\n"
    "    except BaseException as e:\n"
    "        bad.append((phase, what, type(e).__name__, str(e)))\n"
    "        return 'bad'\n"
    "    if not same(got, w):\n"
    "        bad.append((phase, what, 'wrong value', repr(got)[:60], repr(w)[:60]))\n"
    "        return 'bad'\n"
    "    return 'ok'\n"
    "def loop(phase, arrays, wants, sums, dead):\n"
    "    seen = []\n"
    "    for a, w, s in zip(arrays, wants, sums):\n"
    "        k = '%s %d' % (a.dtype, a.size)\n"
    "        seen.append(step(phase, 'sort ' + k, lambda: np.sort(a).tolist(), w['sort'], dead))\n"
    "        seen.append(step(phase, 'argsort ' + k,\n"
    "                         lambda: np.argsort(a, kind='stable').tolist(), w['argsort'], dead))\n"
    "        seen.append(step(phase, 'sum ' + k, lambda: a.sum().item(), w['sum'], dead))\n"
    "        seen.append(step(phase, 'all ' + k, lambda: bool(a.all()), w['all'], dead))\n"
    "        if w['or'] is not None:\n"
    "            seen.append(step(phase, '| True ' + k,\n"
    "                             lambda: (a | True).tolist(), w['or'], dead))\n"
    "            seen.append(step(phase, 'astype int8 ' + k,\n"
    "                             lambda: a.astype(np.int8).tolist(), w['int8'], dead))\n"
    "        seen.append(step(phase, '[::2] ' + k, lambda: a[::2].tolist(), w['step'], dead))\n"
    "        seen.append(step(phase, 'pending sum ' + k, lambda: s.item(), w['sum'], dead))\n"
    "    return seen\n";

/* The kernels fault: the sorts must raise, saying what the driver said (the H200's words);
 * the pending results raise or are right. */
static const char part_kernel_fault[] =
    "for a in arrays:\n"
    "    try:\n"
    "        np.sort(a)\n"
    "        bad.append(('kernel fault', 'sort %s %d' % (a.dtype, a.size), 'no error'))\n"
    "    except RuntimeError as e:\n"
    "        if 'CUDA error CUDA_ERROR_MISALIGNED_ADDRESS (misaligned address)' not in str(e):\n"
    "            bad.append(('kernel fault', 'sort', 'RuntimeError', str(e)))\n"
    "    except BaseException as e:\n"
    "        bad.append(('kernel fault', 'sort', type(e).__name__, str(e)))\n"
    "read_pending('kernel fault', True)\n";

/* The context is dead: every step raises the CUDA error or gives the right value. At least
 * the sorts and the pending sums must have raised (else the table change did nothing). */
static const char part_dead[] =
    "seen = loop('dead', arrays, wants, sums, True) + read_pending('dead', True)\n"
    "assert seen.count('raised') >= 2 * len(arrays), seen\n";

/* The device works again: the old arrays, the old pending sums and new arrays are right. */
static const char part_recovered[] =
    "loop('recovered', arrays, wants, sums, False)\n"
    "read_pending('recovered', False)\n"
    "pending = pend()\n"
    "read_pending('recovered, new', False)\n"
    "fresh = make(1000) + make(7)\n"
    "loop('recovered, new arrays', fresh, [want(a) for a in fresh], [a.sum() for a in fresh],\n"
    "     False)\n";

static const char check[] = "for b in bad:\n"
                            "    print('FAIL', *b)\n"
                            "assert not bad, '%d steps went wrong' % len(bad)\n";

static void run(kr_interp *K, const char *src, const char *name) {
    if (kr_run_string(K, src, name) != KR_OK) {
        fprintf(stderr, "%s failed:\n%s\n", name, kr_error_traceback(K));
        kr_run_string(K, check, "<check>");
        exit(1);
    }
}

int main(void) {
    kr_config cfg;
    kr_config_init(&cfg);
    cfg.gpu_device = "mock";
    kr_interp *K = kr_new(&cfg);
    CHECK(K);
    run(K, setup, "<setup>");
    Interp *I = (Interp *)K;
    CHECK(I->gpu && I->gpu->mock);
    CudaApi working = I->gpu->api;

    I->gpu->api.cuLaunchKernel = dead_launch;
    run(K, part_kernel_fault, "<kernel fault>");
    kill_context(&I->gpu->api);
    run(K, part_dead, "<dead context>");
    I->gpu->api = working;
    run(K, part_recovered, "<recovered>");
    run(K, check, "<check>");
    kr_free(K);
    printf("ok: after a kernel fault every step raised the CUDA error or was right; after the "
           "device came back every value was right\n");
    return 0;
}
