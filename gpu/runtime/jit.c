/* jit.c: NVRTC compilation to CUBIN behind an in-memory and an on-disk cache.
 *
 * The key of a kernel is SHA-256 over a format tag, NVRTC's version, the target arch, the
 * program name, every NVRTC option and the source: anything that can change the CUBIN. The
 * disk entry for key K is <root>/jit-v1/K[0:2]/K.cubin:
 *
 *   offset  size  field
 *   0       8     magic "KRAITJIT"
 *   8       4     format version (1), little-endian
 *   12      4     header size (88)
 *   16      8     payload length
 *   24      32    the key (so a file copied under another name is not trusted)
 *   56      32    SHA-256 of the payload
 *   88      ...   the CUBIN
 *
 * Files are written to a unique temporary name in the same folder and renamed over the
 * final name, so a reader sees either the old file or the whole new one; the payload hash
 * catches what rename cannot (a crash before the data reached the disk, a disk error, a
 * user's stray edit). A file that fails any check is recompiled and replaced. The disk
 * cache is best effort: failing to write it never fails a compile. */
#include "gpu.h"
#include "profile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define JIT_FORMAT       1
#define JIT_HEADER_SIZE  88
#define JIT_MAX_FILE     (256u << 20) /* no CUBIN krait generates comes near this */
#define JIT_PATH_MAX     4096
#define JIT_BASE_OPTIONS 5

static const char jit_magic[8] = {'K', 'R', 'A', 'I', 'T', 'J', 'I', 'T'};

/* What a request resolves to: the target arch, the full option list and the key. */
typedef struct JitPlan {
    const char *name;
    const char *arch;
    char arch_option[40];
    const char **options; /* JIT_BASE_OPTIONS + req->noptions slots, from gpu_host_alloc */
    size_t options_size;
    int noptions;
    uint8_t key[SHA256_SIZE];
} JitPlan;

static double jit_now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

/* An arch goes into a file name and an option: accept sm_XY, sm_XYa, compute_XY, ... only. */
static bool jit_arch_valid(const char *arch) {
    size_t n = strlen(arch);
    if (n == 0 || n > 24) return false;
    for (size_t i = 0; i < n; i++) {
        char c = arch[i];
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_')) return false;
    }
    return true;
}

static void jit_plan_free(GpuState *G, JitPlan *plan) {
    gpu_host_free(G, plan->options, plan->options_size);
    plan->options = NULL;
}

static int jit_plan(GpuState *G, const JitRequest *req, JitPlan *plan) {
    memset(plan, 0, sizeof *plan);
    if (!req->source) return gpu_set_error(G, GPU_ERR_CUDA, "JIT request without source");
    if (req->noptions < 0 || (req->noptions > 0 && !req->options))
        return gpu_set_error(G, GPU_ERR_CUDA, "JIT request with a bad option list");
    if (cuda_load_nvrtc(G) < 0) return -1;
    if (req->arch) {
        plan->arch = req->arch;
    } else {
        if (gpu_ensure(G) < 0) return -1;
        plan->arch = G->arch;
    }
    if (!jit_arch_valid(plan->arch))
        return gpu_set_error(G, GPU_ERR_CUDA, "bad GPU architecture '%.40s'", plan->arch);
    plan->name = req->name ? req->name : "krait_kernel.cu";
    snprintf(plan->arch_option, sizeof plan->arch_option, "-arch=%s", plan->arch);

    plan->options_size = sizeof(char *) * (size_t)(JIT_BASE_OPTIONS + req->noptions);
    plan->options = gpu_host_alloc(G, plan->options_size);
    if (!plan->options) return -1;
    int n = 0;
    plan->options[n++] = plan->arch_option;
    plan->options[n++] = "-default-device";
    plan->options[n++] = "-std=c++17";
    if (req->flags & JIT_FAST_MATH) plan->options[n++] = "--use_fast_math";
    if (req->flags & JIT_LINEINFO) plan->options[n++] = "-lineinfo";
    for (int i = 0; i < req->noptions; i++)
        plan->options[n++] = req->options[i];
    plan->noptions = n;

    /* Every field ends with a NUL so that ("ab","c") and ("a","bc") hash differently. */
    Sha256 h;
    sha256_init(&h);
    char version[64];
    int len = snprintf(version, sizeof version, "krait-jit %d nvrtc %d.%d", JIT_FORMAT,
                       G->nvrtc_major, G->nvrtc_minor);
    sha256_update(&h, version, (size_t)len + 1);
    sha256_update(&h, plan->arch, strlen(plan->arch) + 1);
    sha256_update(&h, plan->name, strlen(plan->name) + 1);
    for (int i = 0; i < n; i++)
        sha256_update(&h, plan->options[i], strlen(plan->options[i]) + 1);
    sha256_update(&h, "\n", 2);
    sha256_update(&h, req->source, strlen(req->source));
    sha256_final(&h, plan->key);
    return 0;
}

/* ---- the disk cache ---- */

static int jit_set_dir(GpuState *G, const char *dir) {
    JitCache *jc = &G->jit;
    gpu_host_free(G, jc->dir, jc->dir_size);
    jc->dir = NULL;
    jc->dir_size = 0;
    jc->dir_resolved = true;
    if (!dir || !*dir) return 0;
    size_t n = strlen(dir) + 1;
    char *copy = gpu_host_alloc(G, n);
    if (!copy) return -1;
    memcpy(copy, dir, n);
    while (n > 2 && copy[n - 2] == '/') /* "a/b/" -> "a/b" */
        copy[--n - 1] = '\0';
    jc->dir = copy;
    jc->dir_size = strlen(dir) + 1;
    return 0;
}

int jit_set_cache_dir(GpuState *G, const char *dir) {
    return jit_set_dir(G, dir);
}

/* The cache root, from the settings on first use; NULL when disabled. */
static const char *jit_dir(GpuState *G) {
    if (G->jit.dir_resolved) return G->jit.dir;
    const char *dir = G->settings.cache_dir;
    if (dir) {
        jit_set_dir(G, dir);
    } else {
        const char *home = G->settings.home_dir;
        char path[JIT_PATH_MAX];
        if (home && *home &&
            (size_t)snprintf(path, sizeof path, "%s/.cache/krait", home) < sizeof path)
            jit_set_dir(G, path);
        else
            jit_set_dir(G, NULL);
    }
    return G->jit.dir;
}

const char *jit_cache_root(GpuState *G) {
    return jit_dir(G);
}

static int jit_file_path(GpuState *G, const JitPlan *plan, char *out, size_t size) {
    const char *dir = jit_dir(G);
    if (!dir) return -1;
    char hex[2 * SHA256_SIZE + 1];
    hash_to_hex(plan->key, SHA256_SIZE, hex);
    int n = snprintf(out, size, "%s/jit-v%d/%.2s/%s.cubin", dir, JIT_FORMAT, hex, hex);
    return n > 0 && (size_t)n < size ? 0 : -1;
}

int jit_request_key(GpuState *G, const JitRequest *req, uint8_t key[SHA256_SIZE]) {
    JitPlan plan;
    int r = jit_plan(G, req, &plan);
    if (r == 0) memcpy(key, plan.key, SHA256_SIZE);
    jit_plan_free(G, &plan);
    return r;
}

int jit_cache_path(GpuState *G, const JitRequest *req, char *out, size_t size) {
    JitPlan plan;
    if (jit_plan(G, req, &plan) < 0) {
        jit_plan_free(G, &plan);
        return -1;
    }
    int r = jit_file_path(G, &plan, out, size);
    jit_plan_free(G, &plan);
    if (r < 0) gpu_set_error(G, GPU_ERR_IO, "no disk cache");
    return r;
}

static void put_u32(uint8_t *p, uint32_t v) {
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}
static void put_u64(uint8_t *p, uint64_t v) {
    for (int i = 0; i < 8; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}
static uint32_t get_u32(const uint8_t *p) {
    uint32_t v = 0;
    for (int i = 0; i < 4; i++)
        v |= (uint32_t)p[i] << (8 * i);
    return v;
}
static uint64_t get_u64(const uint8_t *p) {
    uint64_t v = 0;
    for (int i = 0; i < 8; i++)
        v |= (uint64_t)p[i] << (8 * i);
    return v;
}

static bool read_all(int fd, void *buf, size_t n) {
    uint8_t *p = buf;
    while (n > 0) {
        ssize_t k = read(fd, p, n);
        if (k < 0 && errno == EINTR) continue;
        if (k <= 0) return false;
        p += k;
        n -= (size_t)k;
    }
    return true;
}

static bool write_all(int fd, const void *buf, size_t n) {
    const uint8_t *p = buf;
    while (n > 0) {
        ssize_t k = write(fd, p, n);
        if (k < 0 && errno == EINTR) continue;
        if (k <= 0) return false;
        p += k;
        n -= (size_t)k;
    }
    return true;
}

enum { DISK_ABSENT, DISK_HIT, DISK_REJECTED, DISK_FAILED };

/* Read and verify the entry at path. DISK_FAILED only when the host allocator fails. */
static int jit_disk_read(GpuState *G, const char *path, const uint8_t key[SHA256_SIZE],
                         JitBinary *out) {
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return errno == ENOENT ? DISK_ABSENT : DISK_REJECTED;
    struct stat st;
    uint8_t header[JIT_HEADER_SIZE];
    if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) || st.st_size < JIT_HEADER_SIZE ||
        st.st_size > (off_t)JIT_MAX_FILE || !read_all(fd, header, sizeof header)) {
        close(fd);
        return DISK_REJECTED;
    }
    uint64_t length = get_u64(header + 16);
    if (memcmp(header, jit_magic, 8) != 0 || get_u32(header + 8) != JIT_FORMAT ||
        get_u32(header + 12) != JIT_HEADER_SIZE ||
        length != (uint64_t)st.st_size - JIT_HEADER_SIZE || length == 0 ||
        memcmp(header + 24, key, SHA256_SIZE) != 0) {
        close(fd);
        return DISK_REJECTED;
    }
    uint8_t *data = gpu_host_alloc(G, (size_t)length);
    if (!data) {
        close(fd);
        return DISK_FAILED;
    }
    bool ok = read_all(fd, data, (size_t)length);
    close(fd);
    uint8_t digest[SHA256_SIZE];
    if (ok) sha256(data, (size_t)length, digest);
    if (!ok || memcmp(digest, header + 56, SHA256_SIZE) != 0) {
        gpu_host_free(G, data, (size_t)length);
        return DISK_REJECTED;
    }
    out->data = data;
    out->size = (size_t)length;
    out->from_disk = true;
    return DISK_HIT;
}

/* mkdir -p of the folder that holds path. */
static bool jit_make_parents(const char *path) {
    char buf[JIT_PATH_MAX];
    size_t n = strlen(path);
    if (n >= sizeof buf) return false;
    memcpy(buf, path, n + 1);
    char *slash = strrchr(buf, '/');
    if (!slash || slash == buf) return true;
    *slash = '\0';
    for (char *p = buf + 1; *p; p++) {
        if (*p != '/') continue;
        *p = '\0';
        if (mkdir(buf, 0755) < 0 && errno != EEXIST) return false;
        *p = '/';
    }
    return mkdir(buf, 0755) == 0 || errno == EEXIST;
}

static void jit_disk_write(GpuState *G, const char *path, const uint8_t key[SHA256_SIZE],
                           const JitBinary *bin) {
    JitCache *jc = &G->jit;
    char temp[JIT_PATH_MAX];
    int n = snprintf(temp, sizeof temp, "%s.tmp.%ld.%u", path, (long)getpid(), jc->temp_counter++);
    if (n < 0 || (size_t)n >= sizeof temp || !jit_make_parents(path)) {
        jc->stats.disk_errors++;
        return;
    }
    uint8_t header[JIT_HEADER_SIZE];
    memcpy(header, jit_magic, 8);
    put_u32(header + 8, JIT_FORMAT);
    put_u32(header + 12, JIT_HEADER_SIZE);
    put_u64(header + 16, bin->size);
    memcpy(header + 24, key, SHA256_SIZE);
    sha256(bin->data, bin->size, header + 56);
    int fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (fd < 0) {
        jc->stats.disk_errors++;
        return;
    }
    bool ok = write_all(fd, header, sizeof header) && write_all(fd, bin->data, bin->size);
    ok = close(fd) == 0 && ok;
    if (!ok || rename(temp, path) < 0) {
        unlink(temp);
        jc->stats.disk_errors++;
        return;
    }
    jc->stats.disk_writes++;
}

/* ---- NVRTC ---- */

/* The first line of the log that reports an error, for the one-line message. */
static void jit_first_error(const char *log, char *out, size_t size) {
    const char *line = strstr(log, "error");
    if (line) {
        while (line > log && line[-1] != '\n')
            line--;
    } else {
        line = log;
    }
    size_t n = strcspn(line, "\n");
    if (n >= size) n = size - 1;
    memcpy(out, line, n);
    out[n] = '\0';
}

/* ---- one NVRTC compile, on any thread (jit_job_*) ---- */

/* Everything a compile needs, copied out of the request and the state, so that jit_job_run
 * touches neither (only NVRTC's function pointers, loaded before): it may run on a worker
 * thread while the interpreter goes on. The results are malloc'd, freed by the owner. */
struct JitJob {
    const CudaApi *api;
    char *source, *name, *arch;
    char **options;
    int noptions;
    uint8_t key[SHA256_SIZE];
    bool disk, load;
    char path[JIT_PATH_MAX];
    /* results */
    nvrtcResult result;
    const char *failed_call; /* the NVRTC call that failed, NULL */
    uint8_t *cubin;
    size_t size;
    char *log; /* NVRTC's log of a failed compile, NUL-terminated; NULL */
    size_t log_size;
    double ms;
};

static char *jit_strdup(const char *s) {
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    if (d) memcpy(d, s, n);
    return d;
}

void jit_job_free(JitJob *job) {
    if (!job) return;
    free(job->source);
    free(job->name);
    free(job->arch);
    for (int i = 0; job->options && i < job->noptions; i++)
        free(job->options[i]);
    free(job->options);
    free(job->cubin);
    free(job->log);
    free(job);
}

static JitJob *jit_job_new(GpuState *G, const JitRequest *req, const JitPlan *plan) {
    JitJob *job = calloc(1, sizeof *job);
    if (!job) return NULL;
    job->api = &G->api;
    memcpy(job->key, plan->key, SHA256_SIZE);
    job->source = jit_strdup(req->source);
    job->name = jit_strdup(plan->name);
    job->arch = jit_strdup(plan->arch);
    job->options = calloc((size_t)plan->noptions + 1, sizeof *job->options);
    bool ok = job->source && job->name && job->arch && job->options;
    for (int i = 0; ok && i < plan->noptions; i++) {
        job->options[i] = jit_strdup(plan->options[i]);
        ok = job->options[i] != NULL;
        job->noptions = i + 1;
    }
    if (!ok) {
        jit_job_free(job);
        return NULL;
    }
    return job;
}

void jit_job_run(JitJob *job) {
    const CudaApi *api = job->api;
    nvrtcProgram prog = NULL;
    double start = jit_now_ms();
    job->result = api->nvrtcCreateProgram(&prog, job->source, job->name, 0, NULL, NULL);
    if (job->result != NVRTC_SUCCESS) {
        job->failed_call = "nvrtcCreateProgram";
        return;
    }
    job->result = api->nvrtcCompileProgram(prog, job->noptions, (const char *const *)job->options);
    job->ms = jit_now_ms() - start;
    if (job->result != NVRTC_SUCCESS) {
        job->failed_call = "nvrtcCompileProgram";
        size_t n = 0;
        if (api->nvrtcGetProgramLogSize(prog, &n) == NVRTC_SUCCESS && n > 0 &&
            (job->log = malloc(n)) != NULL) {
            job->log_size = n;
            if (api->nvrtcGetProgramLog(prog, job->log) != NVRTC_SUCCESS) job->log[0] = '\0';
            job->log[n - 1] = '\0';
        }
    } else if ((job->result = api->nvrtcGetCUBINSize(prog, &job->size)) != NVRTC_SUCCESS) {
        job->failed_call = "nvrtcGetCUBINSize";
    } else if (job->size > 0 && (job->cubin = malloc(job->size)) != NULL &&
               (job->result = api->nvrtcGetCUBIN(prog, (char *)job->cubin)) != NVRTC_SUCCESS) {
        job->failed_call = "nvrtcGetCUBIN";
    }
    api->nvrtcDestroyProgram(&prog);
}

/* A compile for the profiler: it ended now (it may have run on a background thread). */
static void jit_prof_compile(GpuState *G, const JitJob *job) {
    if (!G->prof) return;
    double now = jit_now_ms();
    gpu_prof_host(G, GPU_PROF_COMPILE, job->name, now - job->ms, now);
}

/* The job's outcome as the state's error (the compile failed) or a CUBIN in out, from the
 * state's allocator. */
static int jit_job_binary(GpuState *G, JitJob *job, JitBinary *out) {
    jit_prof_compile(G, job);
    if (job->failed_call) {
        G->jit.stats.compile_ms += job->ms;
        if (strcmp(job->failed_call, "nvrtcCreateProgram") != 0) G->jit.stats.compiles++;
        if (job->result == NVRTC_ERROR_COMPILATION) {
            char first[256];
            jit_first_error(job->log ? job->log : "", first, sizeof first);
            gpu_set_error(G, GPU_ERR_COMPILE, "NVRTC could not compile %s for %s: %s", job->name,
                          job->arch, first);
        } else {
            nvrtc_check(G, job->result, job->failed_call);
        }
        if (job->log) gpu_set_log(G, job->log, strlen(job->log));
        return -1;
    }
    G->jit.stats.compile_ms += job->ms;
    G->jit.stats.compiles++;
    if (job->size == 0)
        return gpu_set_error(G, GPU_ERR_CUDA,
                             "NVRTC produced no CUBIN for %s (is -arch a real sm_XY?)", job->arch);
    if (!job->cubin) return gpu_set_error(G, GPU_ERR_HOST_MEMORY, "out of memory for a CUBIN");
    uint8_t *data = gpu_host_alloc(G, job->size);
    if (!data) return -1;
    memcpy(data, job->cubin, job->size);
    out->data = data;
    out->size = job->size;
    out->from_disk = false;
    return 0;
}

static int jit_nvrtc(GpuState *G, const JitRequest *req, const JitPlan *plan, JitBinary *out) {
    JitJob *job = jit_job_new(G, req, plan);
    if (!job) return gpu_set_error(G, GPU_ERR_HOST_MEMORY, "out of memory for an NVRTC compile");
    jit_job_run(job);
    int r = jit_job_binary(G, job, out);
    jit_job_free(job);
    return r;
}

static int jit_cubin(GpuState *G, const JitRequest *req, const JitPlan *plan, JitBinary *out) {
    char path[JIT_PATH_MAX];
    bool disk = !(req->flags & JIT_NO_DISK_CACHE) && jit_file_path(G, plan, path, sizeof path) == 0;
    if (disk) {
        double start = jit_now_ms();
        int found = jit_disk_read(G, path, plan->key, out);
        if (found == DISK_HIT) {
            G->jit.stats.disk_hits++;
            if (G->prof) gpu_prof_host(G, GPU_PROF_LOAD, plan->name, start, jit_now_ms());
            return 0;
        }
        if (found == DISK_FAILED) return -1;
        if (found == DISK_REJECTED) G->jit.stats.disk_rejected++;
    }
    if (jit_nvrtc(G, req, plan, out) < 0) return -1;
    if (disk) jit_disk_write(G, path, plan->key, out);
    return 0;
}

int jit_compile_to_cubin(GpuState *G, const JitRequest *req, JitBinary *out) {
    memset(out, 0, sizeof *out);
    JitPlan plan;
    int r = jit_plan(G, req, &plan);
    if (r == 0) r = jit_cubin(G, req, &plan, out);
    jit_plan_free(G, &plan);
    return r;
}

void jit_binary_free(GpuState *G, JitBinary *binary) {
    gpu_host_free(G, binary->data, binary->size);
    binary->data = NULL;
    binary->size = 0;
}

/* ---- the in-memory cache of loaded modules ---- */

static size_t jit_slot_index(const uint8_t key[SHA256_SIZE], size_t cap) {
    uint64_t h;
    memcpy(&h, key, sizeof h);
    return (size_t)h & (cap - 1);
}

static JitModule *jit_find(JitCache *jc, const uint8_t key[SHA256_SIZE]) {
    if (jc->cap == 0) return NULL;
    for (size_t i = jit_slot_index(key, jc->cap);; i = (i + 1) & (jc->cap - 1)) {
        JitModule *m = &jc->slots[i];
        if (!m->module) return NULL;
        if (memcmp(m->key, key, SHA256_SIZE) == 0) return m;
    }
}

/* A free slot for key, growing the table to keep it at most half full. */
static JitModule *jit_insert_slot(GpuState *G, const uint8_t key[SHA256_SIZE]) {
    JitCache *jc = &G->jit;
    if ((jc->count + 1) * 2 > jc->cap) {
        size_t cap = jc->cap ? jc->cap * 2 : 16;
        JitModule *slots = gpu_host_alloc(G, cap * sizeof *slots);
        if (!slots) return NULL;
        memset(slots, 0, cap * sizeof *slots);
        for (size_t i = 0; i < jc->cap; i++) {
            JitModule *m = &jc->slots[i];
            if (!m->module) continue;
            size_t j = jit_slot_index(m->key, cap);
            while (slots[j].module)
                j = (j + 1) & (cap - 1);
            slots[j] = *m;
        }
        gpu_host_free(G, jc->slots, jc->cap * sizeof *jc->slots);
        jc->slots = slots;
        jc->cap = cap;
    }
    size_t i = jit_slot_index(key, jc->cap);
    while (jc->slots[i].module)
        i = (i + 1) & (jc->cap - 1);
    return &jc->slots[i];
}

static int jit_module_function(GpuState *G, JitModule *m, const char *kernel_name,
                               CUfunction *out) {
    for (size_t i = 0; i < m->nfunctions; i++) {
        if (strcmp(m->functions[i].name, kernel_name) == 0) {
            *out = m->functions[i].function;
            return 0;
        }
    }
    CUfunction f = NULL;
    CUresult r = G->api.cuModuleGetFunction(&f, m->module, kernel_name);
    if (r == CUDA_ERROR_NOT_FOUND)
        return gpu_set_error(G, GPU_ERR_CUDA,
                             "kernel '%.200s' not found in the compiled module (is it declared "
                             "extern \"C\" __global__?)",
                             kernel_name);
    if (cuda_check(G, r, "cuModuleGetFunction") < 0) return -1;
    if (m->nfunctions == m->capfunctions) {
        size_t cap = m->capfunctions ? m->capfunctions * 2 : 4;
        JitFunction *fs =
            gpu_host_realloc(G, m->functions, m->capfunctions * sizeof *fs, cap * sizeof *fs);
        if (!fs) return -1;
        m->functions = fs;
        m->capfunctions = cap;
    }
    size_t n = strlen(kernel_name) + 1;
    char *name = gpu_host_alloc(G, n);
    if (!name) return -1;
    memcpy(name, kernel_name, n);
    m->functions[m->nfunctions++] = (JitFunction){name, n, f};
    gpu_func_name_set(G, f, name);
    *out = f;
    return 0;
}

static int jit_load(GpuState *G, const uint8_t key[SHA256_SIZE], const JitBinary *bin);

int jit_get_function(GpuState *G, const JitRequest *req, const char *kernel_name, CUfunction *out) {
    *out = NULL;
    if (gpu_ensure(G) < 0) return -1;
    if (req->arch && strcmp(req->arch, G->arch) != 0)
        return gpu_set_error(G, GPU_ERR_CUDA, "cannot load code for %.40s on a %s device",
                             req->arch, G->arch);
    JitPlan plan;
    if (jit_plan(G, req, &plan) < 0) {
        jit_plan_free(G, &plan);
        return -1;
    }
    JitModule *m = jit_find(&G->jit, plan.key);
    if (m) {
        G->jit.stats.memory_hits++;
        jit_plan_free(G, &plan);
        return jit_module_function(G, m, kernel_name, out);
    }
    JitBinary bin;
    int r = jit_cubin(G, req, &plan, &bin);
    if (r < 0) {
        jit_plan_free(G, &plan);
        return -1;
    }
    r = jit_load(G, plan.key, &bin);
    jit_binary_free(G, &bin);
    m = r == 0 ? jit_find(&G->jit, plan.key) : NULL;
    jit_plan_free(G, &plan);
    if (!m) return -1;
    return jit_module_function(G, m, kernel_name, out);
}

/* Loads a CUBIN and files it in the memory cache under key (unless it is there already). */
static int jit_load(GpuState *G, const uint8_t key[SHA256_SIZE], const JitBinary *bin) {
    if (jit_find(&G->jit, key)) return 0;
    CUmodule module = NULL;
    if (cuda_check(G, G->api.cuModuleLoadData(&module, bin->data), "cuModuleLoadData") < 0)
        return -1;
    JitModule *m = jit_insert_slot(G, key);
    if (!m) {
        G->api.cuModuleUnload(module);
        return -1;
    }
    memset(m, 0, sizeof *m);
    memcpy(m->key, key, SHA256_SIZE);
    m->module = module;
    G->jit.count++;
    return 0;
}

int jit_load_binary(GpuState *G, const uint8_t key[SHA256_SIZE], const void *image,
                    const char *kernel_name, CUfunction *out) {
    *out = NULL;
    JitBinary bin = {(uint8_t *)image, 0, false};
    if (jit_load(G, key, &bin) < 0) return -1;
    return jit_module_function(G, jit_find(&G->jit, key), kernel_name, out);
}

int jit_job_begin(GpuState *G, const JitRequest *req, bool load, JitJob **out) {
    *out = NULL;
    if (load && gpu_ensure(G) < 0) return -1;
    JitPlan plan;
    if (jit_plan(G, req, &plan) < 0) {
        jit_plan_free(G, &plan);
        return -1;
    }
    int r = 1;
    if (load && jit_find(&G->jit, plan.key)) {
        G->jit.stats.memory_hits++;
        goto done;
    }
    char path[JIT_PATH_MAX];
    bool disk =
        !(req->flags & JIT_NO_DISK_CACHE) && jit_file_path(G, &plan, path, sizeof path) == 0;
    if (disk) {
        JitBinary bin;
        int found = jit_disk_read(G, path, plan.key, &bin);
        if (found == DISK_HIT) {
            G->jit.stats.disk_hits++;
            if (load && jit_load(G, plan.key, &bin) < 0) r = -1;
            jit_binary_free(G, &bin);
            goto done;
        }
        if (found == DISK_FAILED) {
            r = -1;
            goto done;
        }
        if (found == DISK_REJECTED) G->jit.stats.disk_rejected++;
    }
    JitJob *job = jit_job_new(G, req, &plan);
    if (!job) {
        r = gpu_set_error(G, GPU_ERR_HOST_MEMORY, "out of memory for an NVRTC compile");
        goto done;
    }
    job->disk = disk;
    job->load = load;
    if (disk) memcpy(job->path, path, sizeof path);
    *out = job;
    r = 0;
done:
    jit_plan_free(G, &plan);
    return r;
}

int jit_job_end(GpuState *G, JitJob *job) {
    JitBinary bin = {0};
    int r = jit_job_binary(G, job, &bin);
    if (r == 0) {
        if (job->disk) jit_disk_write(G, job->path, job->key, &bin);
        if (job->load) r = jit_load(G, job->key, &bin);
        jit_binary_free(G, &bin);
    }
    jit_job_free(job);
    return r;
}

void jit_cache_free(GpuState *G) {
    JitCache *jc = &G->jit;
    for (size_t i = 0; i < jc->cap; i++) {
        JitModule *m = &jc->slots[i];
        if (!m->module) continue;
        if (G->device_state > 0) G->api.cuModuleUnload(m->module);
        for (size_t k = 0; k < m->nfunctions; k++)
            gpu_host_free(G, m->functions[k].name, m->functions[k].name_size);
        gpu_host_free(G, m->functions, m->capfunctions * sizeof *m->functions);
    }
    gpu_host_free(G, jc->slots, jc->cap * sizeof *jc->slots);
    gpu_host_free(G, jc->dir, jc->dir_size);
    jc->slots = NULL;
    jc->cap = jc->count = 0;
    jc->dir = NULL;
    jc->dir_size = 0;
    jc->dir_resolved = false;
}
