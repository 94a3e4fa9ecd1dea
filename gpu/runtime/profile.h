/* profile.h: the runtime's profiler (issue 18, item 3). While G->prof is set, every kernel
 * launch, copy and cuBLASLt matmul is bracketed by two timing events on its stream, and
 * every NVRTC compile and disk-cache load is timed on the host; each record carries the
 * script line the site callback reports (the layer above knows the VM, this one does not).
 * The records are read once the work is done (gpu_prof_records waits for the last event);
 * stdlib/gpu/gpu_profile.c turns them into Python tuples and stdlib/py/_gpu_profile.py
 * into the table and the Chrome trace. Kernel names come from gpu_func_name_set, called
 * where a CUfunction is made. */
#ifndef KRAIT_GPU_PROFILE_H
#define KRAIT_GPU_PROFILE_H

#include "gpu.h"

typedef enum GpuProfKind {
    GPU_PROF_KERNEL,
    GPU_PROF_COPY_HTOD,
    GPU_PROF_COPY_DTOH,
    GPU_PROF_COPY_DTOD,
    GPU_PROF_MATMUL,
    GPU_PROF_COMPILE,
    GPU_PROF_LOAD, /* a kernel binary read from the disk cache */
    GPU_PROF__KINDS
} GpuProfKind;

/* The script position of the work being recorded: *file stays valid during the call. */
typedef void (*GpuProfSiteFn)(void *ud, const char **file, int *line);

typedef struct GpuProfRecord {
    int kind;
    const char *name;   /* a static string or one that lives as long as G */
    CUevent start, end; /* device work; NULL for host records */
    double host_ms;     /* when it was issued (host clock, ms since the start) */
    double dur_ms;      /* host records: the host time; device ones: set by gpu_prof_records */
    double start_ms;    /* the start on the profile's timeline */
    uint64_t bytes;
    double flops;
    int file; /* index into GpuProfiler.files, -1: none */
    int line;
    unsigned grid[3], block[3];
    bool resolved; /* device times read */
} GpuProfRecord;

typedef struct GpuProfiler {
    GpuProfRecord *recs;
    size_t n, cap;
    char **files; /* the distinct file names seen, owned */
    size_t nfiles, capfiles;
    CUevent base; /* recorded at the start on krait's stream: device time 0 */
    double t0_ms; /* host time at the start */
    GpuProfSiteFn site;
    void *site_ud;
    int depth; /* profiles running (nested) */
    uint64_t next_bytes; /* gpu_prof_traffic's figures for the next kernel launch */
    double next_flops;
} GpuProfiler;

/* Start recording, or join the recording that runs (profiles nest: an inner one sees its
 * own slice of the records). *first: the index of this profile's first record. The
 * outermost start drops the previous records. 0, or -1 with G's error. */
int gpu_prof_start(GpuState *G, GpuProfSiteFn site, void *ud, size_t *first);
/* Leave the recording (the outermost stop ends it) and wait for the work of the records
 * from `first` on, whose durations and timeline are then filled; the records stay until
 * the next outermost start or gpu_prof_free. 0, or -1 with G's error. */
int gpu_prof_stop(GpuState *G, size_t first);
/* All records so far (those gpu_prof_stop resolved have their times); NULL when none. */
const GpuProfRecord *gpu_prof_records(GpuState *G, size_t *n);
const char *gpu_prof_file(GpuState *G, int index);
const char *gpu_prof_kind_name(int kind);
void gpu_prof_free(GpuState *G);

/* Recording, called by the runtime and the kernel library while G->prof is set: around a
 * piece of device work on a stream (begin returns the record, NULL when it could not be
 * made: the work then runs unrecorded), or a finished host step. */
GpuProfRecord *gpu_prof_begin(GpuState *G, int kind, const char *name, CUstream stream);
void gpu_prof_end(GpuState *G, GpuProfRecord *r, CUstream stream);
void gpu_prof_host(GpuState *G, int kind, const char *name, double start_ms, double end_ms);
double gpu_prof_now_ms(void);
/* The bytes the next kernel launch moves and the floating-point operations it does, as the
 * code that built its arguments knows them (0: unknown); the launch's record takes them. A
 * no-op unless a profile runs. */
void gpu_prof_traffic(GpuState *G, uint64_t bytes, double flops);

/* Kernel names for the profiler: the name lives as long as G (a static string, or the JIT's
 * copy). Failure to remember one only loses the name. */
void gpu_func_name_set(GpuState *G, CUfunction f, const char *name);
const char *gpu_func_name(GpuState *G, CUfunction f);
void gpu_func_names_free(GpuState *G);

#endif
