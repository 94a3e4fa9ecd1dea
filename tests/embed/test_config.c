/* test_config.c: the GPU settings of kr_config. The library never reads the environment, so
 * two interpreters in one process follow their own settings (one forced onto the CPU, one
 * with a bad device name, one with the defaults), whatever KRAIT_DEVICE says; kr_new copies
 * the strings, so the host's buffer may change or go away after it. None of this needs a
 * GPU. */
#include <stddef.h>
#include <string.h>

#include "embed_test.h"

static kr_interp *with_device(const char *device) {
    kr_config cfg;
    kr_config_init(&cfg);
    char buf[32];
    snprintf(buf, sizeof buf, "%s", device);
    cfg.gpu_device = buf;
    cfg.gpu_cache_dir = ""; /* no disk cache */
    kr_interp *I = kr_new(&cfg);
    memset(buf, 'x', sizeof buf - 1); /* the interpreter kept its own copy */
    return I;
}

static void check_str(kr_interp *I, const char *name, const char *want) {
    kr_value *v = NULL;
    const char *s = NULL;
    size_t n = 0;
    CHECK(kr_get_global(I, name, &v) == KR_OK);
    CHECK(kr_get_str(I, v, &s, &n) == KR_OK);
    if (strcmp(s, want) != 0) fprintf(stderr, "%s = '%s', want '%s'\n", name, s, want);
    CHECK(strcmp(s, want) == 0);
    kr_release(I, v);
}

int main(void) {
    /* The environment says something else: it must not matter. */
    setenv("KRAIT_DEVICE", "cuda", 1);
    setenv("KRAIT_CACHE_DIR", "/nonexistent/krait-env-cache", 1);

    kr_interp *cpu = with_device("cpu");
    kr_interp *bad = with_device("tpu");
    CHECK(cpu && bad);

    CHECK(kr_run_string(cpu, "import gpu\nb = gpu.backend()\n", "<cpu>") == KR_OK);
    check_str(cpu, "b", "cpu");
    CHECK(kr_run_string(cpu, "x = str(gpu.arange(4) * 2)\n", "<cpu>") == KR_OK);
    check_str(cpu, "x", "[0 2 4 6]");

    CHECK(kr_run_string(bad, "import gpu\n", "<bad>") == KR_ERROR);
    CHECK(strcmp(kr_error_type(bad), "RuntimeError") == 0);
    CHECK(strstr(kr_error_message(bad), "'tpu'") != NULL);

    /* The first interpreter is unaffected by the second's failure. */
    CHECK(kr_run_string(cpu, "y = str(gpu.ones(2, dtype=gpu.int32))\n", "<cpu>") == KR_OK);
    check_str(cpu, "y", "[1 1]");
    kr_free(bad);
    kr_free(cpu);

    /* Defaults: no setting at all is valid, and picks a backend. */
    kr_interp *I = kr_new(NULL);
    CHECK(I);
    CHECK(kr_run_string(I, "import gpu\nassert gpu.backend() in ('cpu', 'cuda')\n", "<def>") ==
          KR_OK);
    kr_free(I);

    /* The run-time version matches the header this host was compiled with. */
    CHECK(strcmp(kr_version(), KR_VERSION_STRING) == 0);
    CHECK(kr_version_number() ==
          KR_VERSION_MAJOR * 10000 + KR_VERSION_MINOR * 100 + KR_VERSION_PATCH);

    /* A host compiled against an older, shorter kr_config: the fields after its size are
     * defaulted, whatever bytes follow its struct in memory. */
    struct {
        kr_config cfg;
        char junk[64];
    } old;
    memset(&old, 0x5a, sizeof old);
    kr_config_init(&old.cfg);
    old.cfg.recursion_limit = 50;
    old.cfg.struct_size = offsetof(kr_config, step_limit);
    memset((char *)&old.cfg + old.cfg.struct_size, 0x5a, sizeof old.cfg - old.cfg.struct_size);
    I = kr_new(&old.cfg);
    CHECK(I);
    CHECK(kr_run_string(I, "import sys\nr = str(sys.getrecursionlimit())\n", "<old>") == KR_OK);
    check_str(I, "r", "50");
    /* step_limit and the GPU strings were junk in the host's memory: defaulted, not read */
    CHECK(kr_run_string(I, "n = 0\nfor i in range(100000): n += 1\nn = str(n)\n", "<old>") ==
          KR_OK);
    check_str(I, "n", "100000");
    kr_free(I);
    /* Too short to hold even the first version's fields: refused. */
    old.cfg.struct_size = sizeof(size_t);
    CHECK(kr_new(&old.cfg) == NULL);
    /* A zeroed struct (no kr_config_init) is read as the library's own size. */
    kr_config zero;
    memset(&zero, 0, sizeof zero);
    I = kr_new(&zero);
    CHECK(I);
    kr_free(I);

    printf("test_config: ok\n");
    return 0;
}
