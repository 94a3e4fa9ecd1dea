/* main.c: the `krait` command line: run a file, a -c string or standard input, with
 * CPython's conventions for sys.argv, sys.path[0] and exit statuses. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "krait.h"

static void usage(FILE *out) {
    fprintf(out,
            "usage: krait [option] ... [-c cmd | file | -] [arg] ...\n"
            "Options:\n"
            "  -c cmd   program passed in as string (terminates option list)\n"
            "  -h       print this help message and exit (also --help)\n"
            "  -V       print the krait version number and exit (also --version)\n"
            "  file     program read from script file\n"
            "  -        program read from stdin (default; interactive mode if a tty)\n"
            "  arg ...  arguments passed to program in sys.argv[1:]\n"
            "Environment:\n"
            "  KRAIT_PATH       ':'-separated folders prefixed to the module search path\n"
            "  KRAIT_GC_STRESS  non-empty: collect garbage at every allocation (testing)\n");
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

static void add_env_paths(kr_interp *I) {
    const char *p = getenv("KRAIT_PATH");
    if (!p || !*p) return;
    char *copy = strdup(p);
    if (!copy) return;
    for (char *save = NULL, *tok = strtok_r(copy, ":", &save); tok; tok = strtok_r(NULL, ":", &save))
        kr_add_module_path(I, tok);
    free(copy);
}

static int finish(kr_interp *I, int rc) {
    int status = 0;
    if (rc == KR_ERROR) {
        kr_print_error(I);
        status = 1;
    } else if (rc == KR_EXIT) {
        status = kr_exit_code(I);
    } else if (rc == KR_NOMEM) {
        fprintf(stderr, "krait: out of memory\n");
        status = 1;
    }
    fflush(stdout);
    kr_free(I);
    return status;
}

int main(int argc, char **argv) {
    int i = 1;
    const char *code = NULL;
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
        if (strcmp(a, "-c") == 0) {
            if (i + 1 >= argc) {
                fprintf(stderr, "Argument expected for the -c option\n");
                usage(stderr);
                return 2;
            }
            code = argv[i + 1];
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

    kr_config cfg;
    kr_config_init(&cfg);
    kr_interp *I = kr_new(&cfg);
    if (!I) {
        fprintf(stderr, "krait: cannot create the interpreter (out of memory)\n");
        return 1;
    }
    const char *stress = getenv("KRAIT_GC_STRESS");
    if (stress && *stress && strcmp(stress, "0") != 0) kr_gc_set_stress(I, 1);

    if (code) {
        /* sys.argv = ['-c', args...], sys.path[0] = '' as CPython. */
        argv[i - 1] = "-c";
        kr_set_argv(I, argc - (i - 1) - 1, (const char *const *)argv + i);
        kr_add_module_path(I, "");
        add_env_paths(I);
        return finish(I, kr_run_string(I, code, "<string>"));
    }

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
            kr_free(I);
            return 2;
        }
        fclose(f);
        kr_set_argv(I, argc - i, (const char *const *)argv + i);
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
        return finish(I, kr_run_file(I, realpath(path, abspath) ? abspath : path));
    }

    /* Standard input as a script (the interactive REPL is repl/repl.c, a later issue). */
    const char *args0[] = {""};
    if (i < argc) kr_set_argv(I, argc - i, (const char *const *)argv + i);
    else kr_set_argv(I, 1, args0);
    kr_add_module_path(I, "");
    add_env_paths(I);
    size_t len;
    char *src = read_stream(stdin, &len);
    if (!src) {
        fprintf(stderr, "krait: out of memory reading stdin\n");
        kr_free(I);
        return 1;
    }
    int rc = kr_run_string(I, src, "<stdin>");
    free(src);
    return finish(I, rc);
}
