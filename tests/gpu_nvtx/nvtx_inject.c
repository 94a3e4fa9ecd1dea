/* nvtx_inject.c: a stand-in for Nsight in tests: an NVTX injection library (the protocol
 * nvtxDetail/nvtxInit.h describes: NVTX_INJECTION64_PATH names it, the NVTX library calls its
 * InitializeInjectionNvtx2 at the first NVTX call) that appends "push MSG", "pop" and
 * "mark MSG" lines to the file KRAIT_NVTX_TEST_LOG names, so a script can check the ranges
 * krait emitted reach a tool. */
#define NVTX_NO_IMPL
#include <nvtx3/nvToolsExt.h>
#include <stdio.h>
#include <stdlib.h>

static void log_line(const char *what, const char *msg) {
    const char *path = getenv("KRAIT_NVTX_TEST_LOG");
    FILE *f = path ? fopen(path, "a") : NULL;
    if (!f) return;
    fprintf(f, "%s%s%s\n", what, msg ? " " : "", msg ? msg : "");
    fclose(f);
}

static int NVTX_API push_a(const char *msg) {
    log_line("push", msg);
    return 0;
}

static int NVTX_API pop(void) {
    log_line("pop", NULL);
    return 0;
}

static void NVTX_API mark_a(const char *msg) {
    log_line("mark", msg);
}

NVTX_DYNAMIC_EXPORT int NVTX_API InitializeInjectionNvtx2(NvtxGetExportTableFunc_t get) {
    const NvtxExportTableCallbacks *cb = (const NvtxExportTableCallbacks *)get(NVTX_ETID_CALLBACKS);
    NvtxFunctionTable table = NULL;
    unsigned size = 0;
    if (!cb || !cb->GetModuleFunctionTable(NVTX_CB_MODULE_CORE, &table, &size) ||
        size <= NVTX_CBID_CORE_RangePop)
        return 0;
    *table[NVTX_CBID_CORE_RangePushA] = (NvtxFunctionPointer)push_a;
    *table[NVTX_CBID_CORE_RangePop] = (NvtxFunctionPointer)pop;
    *table[NVTX_CBID_CORE_MarkA] = (NvtxFunctionPointer)mark_a;
    log_line("attached", NULL);
    return 1;
}
