/* profile.c: the runtime's profiler and the kernel-name map (profile.h). Events are made per
 * record and destroyed at the next start or at gpu_prof_free: a profile of 10^5 launches
 * holds 2 x 10^5 events, which the driver makes in well under a microsecond each. */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "profile.h"

double gpu_prof_now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

const char *gpu_prof_kind_name(int kind) {
    static const char *const names[GPU_PROF__KINDS] = {
        "kernel", "copy HtoD", "copy DtoH", "copy DtoD", "matmul", "compile", "load",
    };
    return kind >= 0 && kind < GPU_PROF__KINDS ? names[kind] : "?";
}

static void prof_clear(GpuState *G, GpuProfiler *p) {
    for (size_t i = 0; i < p->n; i++) {
        if (p->recs[i].start) G->api.cuEventDestroy(p->recs[i].start);
        if (p->recs[i].end) G->api.cuEventDestroy(p->recs[i].end);
    }
    p->n = 0;
    for (size_t i = 0; i < p->nfiles; i++)
        gpu_host_free(G, p->files[i], strlen(p->files[i]) + 1);
    p->nfiles = 0;
    if (p->base) G->api.cuEventDestroy(p->base);
    p->base = NULL;
}

void gpu_prof_free(GpuState *G) {
    GpuProfiler *p = G->prof_state;
    if (!p) return;
    if (G->device_state > 0) prof_clear(G, p);
    gpu_host_free(G, p->recs, p->cap * sizeof *p->recs);
    gpu_host_free(G, p->files, p->capfiles * sizeof *p->files);
    gpu_host_free(G, p, sizeof *p);
    G->prof_state = NULL;
    G->prof = NULL;
}

int gpu_prof_start(GpuState *G, GpuProfSiteFn site, void *ud, size_t *first) {
    *first = 0;
    if (gpu_ensure(G) < 0) return -1;
    if (G->prof) {
        *first = G->prof->n;
        G->prof->depth++;
        return 0;
    }
    GpuProfiler *p = G->prof_state;
    if (!p) {
        p = gpu_host_alloc(G, sizeof *p);
        if (!p) return gpu_set_error(G, GPU_ERR_HOST_MEMORY, "out of memory starting a profile");
        memset(p, 0, sizeof *p);
        G->prof_state = p;
    }
    G->prof = NULL;
    prof_clear(G, p);
    p->site = site;
    p->site_ud = ud;
    if (gpu_event_create(G, true, &p->base) < 0) return -1;
    p->t0_ms = gpu_prof_now_ms();
    if (gpu_event_record(G, p->base, NULL) < 0) return -1;
    p->depth = 1;
    G->prof = p;
    return 0;
}

static int prof_file_index(GpuState *G, GpuProfiler *p, const char *file) {
    if (!file) return -1;
    for (size_t i = 0; i < p->nfiles; i++)
        if (strcmp(p->files[i], file) == 0) return (int)i;
    if (p->nfiles == p->capfiles) {
        size_t cap = p->capfiles ? p->capfiles * 2 : 8;
        char **fs = gpu_host_realloc(G, p->files, p->capfiles * sizeof *fs, cap * sizeof *fs);
        if (!fs) return -1;
        p->files = fs;
        p->capfiles = cap;
    }
    size_t n = strlen(file) + 1;
    char *copy = gpu_host_alloc(G, n);
    if (!copy) return -1;
    memcpy(copy, file, n);
    p->files[p->nfiles] = copy;
    return (int)p->nfiles++;
}

static GpuProfRecord *prof_new(GpuState *G, GpuProfiler *p, int kind, const char *name) {
    if (p->n == p->cap) {
        size_t cap = p->cap ? p->cap * 2 : 256;
        GpuProfRecord *rs = gpu_host_realloc(G, p->recs, p->cap * sizeof *rs, cap * sizeof *rs);
        if (!rs) return NULL;
        p->recs = rs;
        p->cap = cap;
    }
    GpuProfRecord *r = &p->recs[p->n];
    memset(r, 0, sizeof *r);
    r->kind = kind;
    r->name = name ? name : gpu_prof_kind_name(kind);
    r->file = -1;
    r->host_ms = gpu_prof_now_ms() - p->t0_ms;
    if (p->site) {
        const char *file = NULL;
        p->site(p->site_ud, &file, &r->line);
        r->file = prof_file_index(G, p, file);
    }
    return r;
}

GpuProfRecord *gpu_prof_begin(GpuState *G, int kind, const char *name, CUstream stream) {
    GpuProfiler *p = G->prof;
    GpuProfRecord *r = prof_new(G, p, kind, name);
    if (!r) return NULL;
    CUstream s = gpu_stream_or_default(G, stream);
    if (G->api.cuEventCreate(&r->start, CU_EVENT_DEFAULT) != CUDA_SUCCESS) return NULL;
    if (G->api.cuEventCreate(&r->end, CU_EVENT_DEFAULT) != CUDA_SUCCESS ||
        G->api.cuEventRecord(r->start, s) != CUDA_SUCCESS) {
        G->api.cuEventDestroy(r->start);
        if (r->end) G->api.cuEventDestroy(r->end);
        return NULL;
    }
    p->n++;
    if (G->nvtx.record_ranges && G->nvtx.state > 0) {
        /* a range around the work's enqueueing, named as the table names it, so Nsight
         * shows which script line issued each launch (gpu_prof_end pops it) */
        char msg[256];
        const char *file = r->file >= 0 ? p->files[r->file] : NULL;
        if (file)
            snprintf(msg, sizeof msg, "%s %s:%d", r->name, file, r->line);
        else
            snprintf(msg, sizeof msg, "%s", r->name);
        G->nvtx.push(msg);
    }
    return r;
}

void gpu_prof_traffic(GpuState *G, uint64_t bytes, double flops) {
    if (!G->prof) return;
    G->prof->next_bytes = bytes;
    G->prof->next_flops = flops;
}

void gpu_prof_end(GpuState *G, GpuProfRecord *r, CUstream stream) {
    if (G->nvtx.record_ranges && G->nvtx.state > 0) G->nvtx.pop();
    /* a failed record leaves the end event unrecorded: gpu_prof_stop then skips it */
    if (G->api.cuEventRecord(r->end, gpu_stream_or_default(G, stream)) != CUDA_SUCCESS) {
        G->api.cuEventDestroy(r->end);
        r->end = NULL;
    }
}

void gpu_prof_host(GpuState *G, int kind, const char *name, double start_ms, double end_ms) {
    GpuProfiler *p = G->prof;
    int k = prof_file_index(G, p, name); /* the name may be the caller's: keep a copy */
    GpuProfRecord *r = prof_new(G, p, kind, k >= 0 ? p->files[k] : NULL);
    if (!r) return;
    r->start_ms = start_ms - p->t0_ms;
    r->host_ms = r->start_ms;
    r->dur_ms = end_ms - start_ms;
    p->n++;
}

int gpu_prof_stop(GpuState *G, size_t first) {
    GpuProfiler *p = G->prof_state;
    if (!p) return 0;
    if (G->prof && --p->depth <= 0) G->prof = NULL;
    for (size_t i = first; i < p->n; i++) {
        GpuProfRecord *r = &p->recs[i];
        if (!r->start || r->resolved) continue;
        if (!r->end) continue; /* its end could not be recorded: no time */
        if (gpu_event_synchronize(G, r->end) < 0) return -1;
        float ms = 0.0f, at = 0.0f;
        if (gpu_event_elapsed_ms(G, r->start, r->end, &ms) < 0 ||
            gpu_event_elapsed_ms(G, p->base, r->start, &at) < 0)
            return -1;
        r->dur_ms = ms;
        r->start_ms = at;
        r->resolved = true;
    }
    return 0;
}

const GpuProfRecord *gpu_prof_records(GpuState *G, size_t *n) {
    GpuProfiler *p = G->prof_state;
    *n = p ? p->n : 0;
    return *n ? p->recs : NULL;
}

const char *gpu_prof_file(GpuState *G, int index) {
    GpuProfiler *p = G->prof_state;
    return p && index >= 0 && (size_t)index < p->nfiles ? p->files[index] : NULL;
}

/* ---- kernel names: an open-addressed map CUfunction -> name, at most half full ---- */

static size_t fname_slot(CUfunction f, size_t cap) {
    uintptr_t h = (uintptr_t)f;
    h ^= h >> 17;
    h *= 0x9E3779B97F4A7C15ull;
    return (size_t)(h >> 20) & (cap - 1);
}

void gpu_func_name_set(GpuState *G, CUfunction f, const char *name) {
    GpuFuncNames *m = &G->fnames;
    if (!f || !name) return;
    if ((m->n + 1) * 2 > m->cap) {
        size_t cap = m->cap ? m->cap * 2 : 64;
        GpuFuncName *slots = gpu_host_alloc(G, cap * sizeof *slots);
        if (!slots) return;
        memset(slots, 0, cap * sizeof *slots);
        for (size_t i = 0; i < m->cap; i++) {
            if (!m->slots[i].f) continue;
            size_t j = fname_slot(m->slots[i].f, cap);
            while (slots[j].f)
                j = (j + 1) & (cap - 1);
            slots[j] = m->slots[i];
        }
        gpu_host_free(G, m->slots, m->cap * sizeof *m->slots);
        m->slots = slots;
        m->cap = cap;
    }
    size_t i = fname_slot(f, m->cap);
    while (m->slots[i].f && m->slots[i].f != f)
        i = (i + 1) & (m->cap - 1);
    if (!m->slots[i].f) m->n++;
    m->slots[i].f = f;
    m->slots[i].name = name;
}

const char *gpu_func_name(GpuState *G, CUfunction f) {
    GpuFuncNames *m = &G->fnames;
    if (!m->cap || !f) return NULL;
    for (size_t i = fname_slot(f, m->cap); m->slots[i].f; i = (i + 1) & (m->cap - 1))
        if (m->slots[i].f == f) return m->slots[i].name;
    return NULL;
}

void gpu_func_names_free(GpuState *G) {
    gpu_host_free(G, G->fnames.slots, G->fnames.cap * sizeof *G->fnames.slots);
    memset(&G->fnames, 0, sizeof G->fnames);
}
