/* loader.c: a sandboxed host that serves a script's imports and its input itself.
 *
 *   - the module loader (kr_set_module_loader) serves modules from an archive in memory
 *     (here a table; a zip file or a database works the same), packages included, and a
 *     native module made on demand;
 *   - the input callback (kr_config.read_in) is the script's stdin: input() and sys.stdin
 *     read the host's buffer, never the terminal;
 *   - allow-lists (kr_config.sandbox_modules / sandbox_builtins) say which modules and
 *     builtins the script may use, on top of the sandbox (no files, no os).
 * Build: cc loader.c $(pkg-config --cflags --libs krait) */
#include <stdio.h>
#include <string.h>

#include <krait.h>

/* The archive: name -> source. "geo" is a package, "geo.units" its submodule. */
static const struct {
    const char *name, *source;
} archive[] = {
    {"geo", "PI = 3.141592653589793\n"},
    {"geo.units", "def to_cm(inches):\n"
                  "    return round(inches * 2.54, 2)\n"},
    {"shapes", "from geo import PI\n"
               "def circle_area(r):\n"
               "    return PI * r * r\n"},
    {"broken", "def f():\n"
               "    return 1 / 0\n"
               "f()\n"},
};

static int hostmath_clamp(kr_interp *I, int argc, kr_value *const *argv, kr_value *kwargs,
                          kr_value **result, void *ud) {
    double x, lo = 0, hi = 1;
    if (kr_parse_args(I, argc, argv, kwargs, "clamp(x: f, lo: f = ?, hi: f = ?)", &x, &lo, &hi) !=
        KR_OK)
        return KR_ERROR;
    *result = kr_float(I, x < lo ? lo : x > hi ? hi : x);
    return *result ? KR_OK : KR_ERROR;
}

/* Asked for every name no built-in or frozen module has (dotted names in full). */
static int load(kr_interp *I, const char *name, void *ud, const char **source, size_t *len,
                const char **filename) {
    int *served = ud;
    for (size_t i = 0; i < sizeof archive / sizeof *archive; i++) {
        if (strcmp(archive[i].name, name) != 0) continue;
        *source = archive[i].source; /* copied by import: a temporary buffer is fine */
        *len = strlen(*source);
        *filename = name; /* what tracebacks show */
        ++*served;
        return KR_OK;
    }
    if (strcmp(name, "hostmath") == 0) { /* a native module, made when first imported */
        static const kr_function_def fns[] = {{"clamp", hostmath_clamp}, {NULL, NULL}};
        ++*served;
        return kr_register_module(I, name, fns, NULL, NULL);
    }
    return KR_OK; /* not ours: *source left NULL, import goes on (and fails in the sandbox) */
}

/* The script's stdin: lines from a buffer, handed out in small pieces. */
typedef struct Input {
    const char *text;
    size_t pos;
} Input;

static long read_input(void *ud, char *buf, size_t size) {
    Input *in = ud;
    size_t left = strlen(in->text + in->pos);
    size_t n = left < size ? left : size;
    if (n > 8) n = 8; /* any size works: krait buffers */
    memcpy(buf, in->text + in->pos, n);
    in->pos += n;
    return (long)n; /* 0: end of input (EOFError in input()) */
}

static const char *script = "import shapes, json\n"
                            "from geo.units import to_cm\n"
                            "import hostmath\n"
                            "n = int(input())\n"
                            "radii = [float(x) for x in input().split()]\n"
                            "assert len(radii) == n\n"
                            "areas = [round(shapes.circle_area(r), 3) for r in radii]\n"
                            "print(json.dumps({'areas': areas, 'cm': to_cm(10)}))\n"
                            "print('clamped:', hostmath.clamp(1.7), hostmath.clamp(-3, lo=-1))\n"
                            "try:\n"
                            "    input()\n"
                            "except EOFError:\n"
                            "    print('end of input')\n"
                            "for name in ('itertools', 'os', 'broken'):\n"
                            "    try:\n"
                            "        __import__(name)\n"
                            "    except ImportError as e:\n"
                            "        print('import', name, '->', type(e).__name__)\n"
                            "    except ZeroDivisionError:\n"
                            "        print('import', name, '-> ZeroDivisionError in the module')\n"
                            "try:\n"
                            "    sorted(radii)\n"
                            "except NameError as e:\n"
                            "    print('NameError:', e)\n";

int main(void) {
    /* What the script may use. The loader's modules are listed too: a listed package
     * allows its submodules. */
    static const char *const modules[] = {"json", "geo", "shapes", "hostmath", "broken", NULL};
    static const char *const builtins[] = {"print",
                                           "input",
                                           "int",
                                           "float",
                                           "len",
                                           "round",
                                           "type",
                                           "EOFError",
                                           "ImportError",
                                           "NameError",
                                           "ZeroDivisionError",
                                           NULL};
    Input in = {"3\n1 2.5 10\n", 0};
    int served = 0;
    kr_config cfg;
    kr_config_init(&cfg);
    cfg.sandbox = 1;
    cfg.sandbox_modules = modules;
    cfg.sandbox_builtins = builtins;
    cfg.read_in = read_input;
    cfg.read_ud = &in;
    kr_interp *I = kr_new(&cfg);
    if (!I) return 1;
    kr_set_module_loader(I, load, &served);

    int rc = kr_run_string(I, script, "main.py");
    if (rc != KR_OK) kr_print_error(I);
    printf("host: the loader served %d modules\n", served);
    kr_free(I);
    return rc == KR_OK ? 0 : 1;
}
