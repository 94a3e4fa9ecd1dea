/* main.c: the `krait` command line: run a file, a -c string, a -m module or standard
 * input, with CPython's conventions for sys.argv, sys.path[0] and exit statuses; start the
 * REPL (repl.c) when standard input is a terminal or -i asks for it afterwards. */
#include <limits.h>
#include <signal.h>
#include <sys/stat.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "krait.h"
#include "repl.h"

static void usage(FILE *out) {
    fprintf(out,
            "usage: krait [option] ... [-c cmd | -m mod | file | -] [arg] ...\n"
            "Options:\n"
            "  -c cmd   program passed in as string (terminates option list)\n"
            "  -h       print this help message and exit (also --help)\n"
            "  -i       inspect interactively after running script or command\n"
            "  -m mod   run library module as a script (terminates option list)\n"
            "  -q       don't print version messages on interactive startup\n"
            "  -V       print the krait version number and exit (also --version)\n"
            "  file     program read from script file\n"
            "  -        program read from stdin (default; interactive mode if a tty)\n"
            "  arg ...  arguments passed to program in sys.argv[1:]\n"
            "Environment:\n"
            "  KRAIT_PATH       ':'-separated folders prefixed to the module search path\n"
            "  KRAIT_HISTFILE   the REPL's history file (default ~/.krait_history; empty: none)\n"
            "  KRAIT_GC_STRESS  non-empty: collect garbage at every allocation (testing)\n"
            "  KRAIT_DEVICE     gpu backend: cpu, cuda, mock, mock-async (default: cuda if a "
            "device starts)\n"
            "  KRAIT_CACHE_DIR  compiled-kernel cache (default ~/.cache/krait; empty: none)\n"
            "  KRAIT_NVRTC_PATH an NVRTC library to load first\n"
            "  KRAIT_CUBLASLT   the cuBLASLt library to use (default: search for one)\n"
            "  KRAIT_MATMUL     own: never cuBLASLt, krait's own matmul kernels\n"
            "  KRAIT_TILE_DUMP  1: print each tile kernel's CUDA C and cache key to stderr;\n"
            "                   a folder: write them there as NAME-KEY.cu\n"
            "  KRAIT_TILE_CHECK_NVRTC  1: also compile CPU-path tile kernels with NVRTC\n"
            "                   (the variant the arguments select; 2: both variants)\n"
            "  KRAIT_TILE_EXACT 0: tile kernels always run their general variant\n"
            "  KRAIT_TILE_SM90  Hopper tile matmul loops: cpasync (default), tma, off;\n"
            "                   serial: the attention loop without its software pipeline,\n"
            "                   pingpong: its two warpgroups taking turns at the tensor cores,\n"
            "                   pipeline: the pipeline at one block an SM before the\n"
            "                   occupancy hint without it,\n"
            "                   ws: the matmul loop warp-specialized (a TMA producer warpgroup)\n"
            "  KRAIT_FUSE_INTERP a new fused expression's first launches: auto (default:\n"
            "                   interpreted while its kernel compiles), off, always, first\n"
            "  KRAIT_ROWS_KERNEL 0: a row program (softmax written with array ops) stage by\n"
            "                   stage on a GPU (default: one kernel per row)\n"
            "  KRAIT_MOCK_DEVICES devices the mock and the CPU backend show (1 to 16)\n"
            "  KRAIT_NCCL       the NCCL library to load before libnccl.so.2\n"
            "  KRAIT_TILE_HOIST 1: tile loops' invariant broadcasts of one-element tiles\n"
            "                   emitted before the loop (opt-in: not yet run on a GPU)\n"
            "  KRAIT_KERNEL_TIMEOUT    seconds a wait for the GPU may last (default: no limit)\n");
}

static char *read_stream(FILE *f, size_t *len) {
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    while (buf) {
        n += fread(buf + n, 1, cap - n - 1, f);
        if (n < cap - 1) break;
        char *nb = realloc(buf, cap * 2);
        if (!nb) {
            free(buf);
            return NULL;
        }
        buf = nb;
        cap *= 2;
    }
    if (buf) buf[n] = '\0';
    *len = n;
    return buf;
}

/* The library never reads the environment: the command maps its variables onto the
 * interpreter's settings, as documented in usage(). */
static void config_from_env(kr_config *cfg) {
    cfg->gpu_device = getenv("KRAIT_DEVICE");
    cfg->gpu_cache_dir = getenv("KRAIT_CACHE_DIR");
    cfg->gpu_home_dir = getenv("HOME");
    cfg->gpu_nvrtc_path = getenv("KRAIT_NVRTC_PATH");
    cfg->gpu_cublaslt_path = getenv("KRAIT_CUBLASLT");
    const char *matmul = getenv("KRAIT_MATMUL");
    cfg->gpu_matmul_own = matmul && strcmp(matmul, "own") == 0;
    cfg->gpu_tile_dump = getenv("KRAIT_TILE_DUMP");
    const char *check = getenv("KRAIT_TILE_CHECK_NVRTC");
    cfg->gpu_tile_check_nvrtc = !check || !*check || strcmp(check, "0") == 0 ? 0
                                : strcmp(check, "2") == 0                    ? 2
                                                                             : 1;
    const char *sm90 = getenv("KRAIT_TILE_SM90");
    cfg->gpu_tile_sm90 = !sm90                           ? 0
                         : strcmp(sm90, "serial") == 0   ? 5
                         : strcmp(sm90, "pingpong") == 0 ? 6
                         : strcmp(sm90, "pipeline") == 0 ? 7
                         : strcmp(sm90, "off") == 0      ? 1
                         : strcmp(sm90, "tma") == 0      ? 2
                         : strcmp(sm90, "cpasync") == 0  ? 3
                         : strcmp(sm90, "ws") == 0       ? 4
                                                         : 0;
    const char *exact = getenv("KRAIT_TILE_EXACT");
    cfg->gpu_tile_general_only = exact && strcmp(exact, "0") == 0;
    const char *interp = getenv("KRAIT_FUSE_INTERP");
    cfg->gpu_fuse_interp = !interp                         ? 0
                           : strcmp(interp, "auto") == 0   ? 1
                           : strcmp(interp, "always") == 0 ? 2
                           : strcmp(interp, "first") == 0  ? 3
                           : strcmp(interp, "off") == 0    ? 4
                                                           : 0;
    const char *rows = getenv("KRAIT_ROWS_KERNEL");
    cfg->gpu_rows_kernel = !rows ? 0 : strcmp(rows, "0") == 0 ? 2 : 1;
    const char *devices = getenv("KRAIT_MOCK_DEVICES");
    if (devices && *devices) cfg->gpu_mock_devices = atoi(devices);
    cfg->gpu_nccl_path = getenv("KRAIT_NCCL");
    const char *hoist = getenv("KRAIT_TILE_HOIST");
    cfg->gpu_tile_hoist = hoist && strcmp(hoist, "1") == 0;
    const char *timeout = getenv("KRAIT_KERNEL_TIMEOUT");
    if (timeout && *timeout) cfg->gpu_kernel_timeout = strtod(timeout, NULL);
}

static void add_env_paths(kr_interp *I) {
    const char *p = getenv("KRAIT_PATH");
    if (!p || !*p) return;
    char *copy = strdup(p);
    if (!copy) return;
    for (char *save = NULL, *tok = strtok_r(copy, ":", &save); tok;
         tok = strtok_r(NULL, ":", &save))
        kr_add_module_path(I, tok);
    free(copy);
}

/* The command's state between parsing the options and running. */
typedef struct Command {
    kr_interp *I;
    ReplSignals *sig;
    bool inspect; /* -i */
    bool quiet;   /* -q */
    bool killed_by_interrupt;
    const char *profile; /* KRAIT_PROFILE: "1" or a trace path; NULL: off */
} Command;

/* KRAIT_PROFILE: a gpu.profile() around the whole run (stdlib/py/_gpu_profile.py), started
 * before the script and reported after it, the table on stderr. */
static void profile_start(Command *c) {
    const char *p = getenv("KRAIT_PROFILE");
    if (!p || !*p || strcmp(p, "0") == 0) return;
    if (kr_run_string(c->I, "__import__('_gpu_profile')._whole_start()", "<KRAIT_PROFILE>") !=
        KR_OK) {
        kr_print_error(c->I);
        return;
    }
    c->profile = p;
}

static void profile_end(Command *c) {
    if (!c->profile) return;
    kr_value *fn, *res, *arg = kr_str(c->I, c->profile);
    if (!arg || kr_eval(c->I, "__import__('_gpu_profile')._whole_end", &fn) != KR_OK ||
        kr_call(c->I, fn, 1, &arg, &res) != KR_OK)
        kr_print_error(c->I);
}

/* Report how a run ended; returns the exit status it asks for. */
static int report(Command *c, int rc) {
    if (rc == KR_ERROR || rc == KR_LIMIT) {
        const char *type = kr_error_type(c->I);
        if (type && strcmp(type, "KeyboardInterrupt") == 0) c->killed_by_interrupt = true;
        kr_print_error(c->I);
        return 1;
    }
    if (rc == KR_EXIT) return kr_exit_code(c->I);
    if (rc == KR_NOMEM) {
        fprintf(stderr, "krait: out of memory\n");
        return 1;
    }
    return 0;
}

/* The end of every path through main: -i's REPL if asked, then teardown. An uncaught
 * KeyboardInterrupt ends the process by SIGINT, as CPython does, so shells see it. */
static int finish(Command *c, int rc) {
    int status = report(c, rc);
    profile_end(c);
    if (c->inspect) {
        /* With -i even SystemExit leads to the prompt (CPython's inspect flag). */
        c->killed_by_interrupt = false;
        ReplOptions opts = {.banner = false};
        status = repl_run(c->I, c->sig, &opts);
    }
    fflush(stdout);
    repl_signals_stop(c->sig);
    kr_free(c->I);
    if (c->killed_by_interrupt) {
        fflush(stderr);
        signal(SIGINT, SIG_DFL);
        raise(SIGINT);
        return 130;
    }
    return status;
}

static bool file_exists(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) return false;
    fclose(f);
    return true;
}

/* -m NAME: NAME.py or NAME/__main__.py under dir, dots as folders; path gets the file. */
static bool module_in_dir(const char *dir, const char *name, char *path, size_t size) {
    char rel[PATH_MAX];
    snprintf(rel, sizeof rel, "%s", name);
    for (char *p = rel; *p; p++)
        if (*p == '.') *p = '/';
    snprintf(path, size, "%s/%s.py", dir, rel);
    if (file_exists(path)) return true;
    snprintf(path, size, "%s/%s/__main__.py", dir, rel);
    return file_exists(path);
}

/* Find a module for -m on the search path main() builds: the current folder, then
 * KRAIT_PATH. */
static bool find_module(const char *name, char *path, size_t size) {
    char cwd[PATH_MAX];
    if (getcwd(cwd, sizeof cwd) && module_in_dir(cwd, name, path, size)) return true;
    const char *env = getenv("KRAIT_PATH");
    if (!env || !*env) return false;
    char *copy = strdup(env);
    bool found = false;
    if (!copy) return false;
    for (char *save = NULL, *tok = strtok_r(copy, ":", &save); tok && !found;
         tok = strtok_r(NULL, ":", &save))
        found = module_in_dir(tok, name, path, size);
    free(copy);
    return found;
}

static int run_module(Command *c, const char *name, int argc, char **argv, int i) {
    char path[PATH_MAX * 2];
    if (!name[0] || !find_module(name, path, sizeof path)) {
        fprintf(stderr, "krait: No module named %s\n", name);
        c->inspect = false;
        finish(c, KR_OK);
        return 1;
    }
    char abspath[PATH_MAX];
    const char *file = realpath(path, abspath) ? abspath : path;
    /* sys.argv[0] is the module's file, sys.path[0] the current folder (CPython). */
    argv[i] = (char *)file;
    kr_set_argv(c->I, argc - i, (const char *const *)argv + i);
    char cwd[PATH_MAX];
    kr_add_module_path(c->I, getcwd(cwd, sizeof cwd) ? cwd : ".");
    add_env_paths(c->I);
    return finish(c, kr_run_file(c->I, file));
}

int main(int argc, char **argv) {
    int i = 1;
    const char *code = NULL, *module = NULL;
    bool inspect = false, quiet = false;
    for (; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--version") == 0 || strcmp(a, "-V") == 0) {
            printf("krait %s\n", KR_VERSION_STRING);
            return 0;
        }
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            return 0;
        }
        if (strcmp(a, "-i") == 0) {
            inspect = true;
            continue;
        }
        if (strcmp(a, "-q") == 0) {
            quiet = true;
            continue;
        }
        if (strcmp(a, "-c") == 0 || strcmp(a, "-m") == 0) {
            if (i + 1 >= argc) {
                fprintf(stderr, "Argument expected for the %s option\n", a);
                usage(stderr);
                return 2;
            }
            if (a[1] == 'c')
                code = argv[i + 1];
            else
                module = argv[i + 1];
            i += 1;
            break;
        }
        if (a[0] == '-' && a[1] != '\0') {
            fprintf(stderr, "Unknown option: %s\n", a);
            usage(stderr);
            return 2;
        }
        break;
    }

    /* As CPython: a write to a closed pipe or socket raises BrokenPipeError (EPIPE) instead
     * of killing the process (asyncio's streams, subprocess pipes). Children get the default
     * back from libuv's spawn. */
    signal(SIGPIPE, SIG_IGN);

    kr_config cfg;
    kr_config_init(&cfg);
    config_from_env(&cfg);
    kr_interp *I = kr_new(&cfg);
    if (!I) {
        fprintf(stderr, "krait: cannot create the interpreter (out of memory)\n");
        return 1;
    }
    const char *stress = getenv("KRAIT_GC_STRESS");
    if (stress && *stress && strcmp(stress, "0") != 0) kr_gc_set_stress(I, 1);
    Command c = {.I = I, .inspect = inspect, .quiet = quiet};
    c.sig = repl_signals_start(I);
    profile_start(&c);

    if (code) {
        /* sys.argv = ['-c', args...], sys.path[0] = '' as CPython. */
        argv[i - 1] = "-c";
        kr_set_argv(I, argc - (i - 1) - 1, (const char *const *)argv + i);
        kr_add_module_path(I, "");
        add_env_paths(I);
        return finish(&c, kr_run_string(I, code, "<string>"));
    }
    if (module) return run_module(&c, module, argc, argv, i);

    if (i < argc && strcmp(argv[i], "-") != 0) {
        const char *path = argv[i];
        FILE *f = fopen(path, "rb");
        if (!f) {
            char abs[PATH_MAX * 2 + 2];
            const char *shown = realpath(path, abs) ? abs : path;
            if (path[0] != '/' && shown == path) {
                char cwd[PATH_MAX];
                if (getcwd(cwd, sizeof cwd)) {
                    snprintf(abs, sizeof abs, "%.*s/%.*s", PATH_MAX, cwd, PATH_MAX, path);
                    shown = abs;
                }
            }
            fprintf(stderr, "krait: can't open file '%s': [Errno 2] No such file or directory\n",
                    shown);
            repl_signals_stop(c.sig);
            kr_free(I);
            return 2;
        }
        fclose(f);
        kr_set_argv(I, argc - i, (const char *const *)argv + i);
        struct stat st;
        if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
            /* a folder runs its __main__.py, the folder first on sys.path (CPython) */
            char main_py[PATH_MAX * 2], absdir[PATH_MAX];
            snprintf(main_py, sizeof main_py, "%s/__main__.py", path);
            if (!file_exists(main_py)) {
                fprintf(stderr, "krait: can't find '__main__' module in '%s'\n", path);
                c.inspect = false;
                finish(&c, KR_OK);
                return 1;
            }
            kr_add_module_path(I, realpath(path, absdir) ? absdir : path);
            add_env_paths(I);
            char abspath[PATH_MAX];
            return finish(&c, kr_run_file(I, realpath(main_py, abspath) ? abspath : main_py));
        }
        char dir[PATH_MAX];
        snprintf(dir, sizeof dir, "%s", path);
        char *slash = strrchr(dir, '/');
        if (slash) {
            *slash = '\0';
            if (!dir[0]) strcpy(dir, "/");
        } else {
            strcpy(dir, ".");
        }
        char absdir[PATH_MAX];
        kr_add_module_path(I, realpath(dir, absdir) ? absdir : dir);
        add_env_paths(I);
        /* CPython 3.11 makes __main__.__file__ (and so tracebacks) absolute. */
        char abspath[PATH_MAX];
        return finish(&c, kr_run_file(I, realpath(path, abspath) ? abspath : path));
    }

    const char *args0[] = {""};
    if (i < argc)
        kr_set_argv(I, argc - i, (const char *const *)argv + i);
    else
        kr_set_argv(I, 1, args0);
    kr_add_module_path(I, "");
    add_env_paths(I);

    /* A terminal (or -i) gets the REPL; anything else is read whole and run as a script,
     * as `python3 < file`. */
    if (isatty(0) || inspect) {
        ReplOptions opts = {.banner = !quiet && isatty(0)};
        c.inspect = false;
        int status = repl_run(I, c.sig, &opts);
        fflush(stdout);
        repl_signals_stop(c.sig);
        kr_free(I);
        return status;
    }
    size_t len;
    char *src = read_stream(stdin, &len);
    if (!src) {
        fprintf(stderr, "krait: out of memory reading stdin\n");
        repl_signals_stop(c.sig);
        kr_free(I);
        return 1;
    }
    int rc = kr_run_string(I, src, "<stdin>");
    free(src);
    return finish(&c, rc);
}
