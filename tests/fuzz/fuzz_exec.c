/* fuzz_exec.c: run the input as a script in the sandbox under small limits (steps, memory,
 * time: fuzz_common.h). Whatever the script does, the run must end with a result code, the
 * error must be readable, and kr_free must give back every byte. The input reaches the
 * interpreter with its exact length, embedded NULs included, as kr_run_file passes a file.
 * Built twice: fuzz_exec with libFuzzer's byte mutations, fuzz_exec_py with the
 * token-aware mutator of py_mutator.c as well. */
#include "../../api/api_internal.h"
#include "../../vm/vm.h"
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    char *src = malloc(size + 1);
    if (!src) return 0;
    memcpy(src, data, size);
    src[size] = '\0';
    FuzzAlloc a;
    kr_interp *I = fuzz_new(&a, 1);
    fuzz_check_rc(I, api_exec(I, src, size, "<fuzz>", EXEC_FILE, NULL, NULL), 0);
    /* a run after whatever the script did (a limit hit, builtins replaced, memory held):
     * it may fail, but only with a result code and a readable error */
    fuzz_check_rc(I, kr_run_string(I, "x = [i * 2 for i in range(10)]\n", "<after>"), 0);
    fuzz_free(I, &a);
    free(src);
    return 0;
}
