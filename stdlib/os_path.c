/* os_path.c: os.path, as CPython's posixpath: the pure string functions (join, split,
 * splitext, normpath, relpath...) follow posixpath.py line by line so edge cases (trailing
 * slashes, leading dots, '//' roots) agree; the queries (exists, isfile, getsize...) call
 * stat. os.c creates this module and registers it as "os.path". */
#include <errno.h>
#include <limits.h>
#include <pwd.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "builtins.h"
#include "os.h"

static Value mkstr(Interp *I, const char *s, size_t n) {
    Str *r = str_new(I, s, n);
    return r ? v_obj(r) : V_NULL;
}

static bool str_arg(Interp *I, const char *fname, Value v, Str **out) {
    if (!is_str(I, v)) {
        err_format(I, TY_TYPE_ERROR,
                   "%s() argument must be str, bytes, or os.PathLike object, "
                   "not '%s'",
                   fname, type_name(I, v));
        return false;
    }
    *out = as_str(v);
    return true;
}

static bool one_path(Interp *I, const char *fname, int argc, Value *argv, Tuple *kw, Str **p) {
    if (!arg_no_kw(I, fname, kw) || !arg_count(I, fname, argc, 1, 1)) return false;
    if (!is_str(I, argv[0])) {
        err_format(I, TY_TYPE_ERROR, "expected str, bytes or os.PathLike object, not %s",
                   type_name(I, argv[0]));
        return false;
    }
    *p = as_str(argv[0]);
    return true;
}

/* index just past the last '/', as p.rfind('/') + 1 */
static size_t split_index(Str *p) {
    size_t i = p->len;
    while (i > 0 && p->data[i - 1] != '/')
        i--;
    return i;
}

/* head of split(): p[:i] with trailing slashes removed unless it is all slashes */
static size_t head_len(Str *p, size_t i) {
    size_t h = i;
    bool all = true;
    for (size_t k = 0; k < i; k++)
        if (p->data[k] != '/') all = false;
    if (h && !all)
        while (h > 0 && p->data[h - 1] == '/')
            h--;
    return h;
}

static Value op_join(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "join", kw) || !arg_count(I, "join", argc, 1, INT32_MAX)) return V_NULL;
    StrBuf b;
    sb_init(&b);
    for (int k = 0; k < argc; k++) {
        Str *s;
        if (!str_arg(I, "join", argv[k], &s)) {
            sb_free(I, &b);
            return V_NULL;
        }
        if (k == 0)
            sb_append(I, &b, s->data, s->len);
        else if (s->len && s->data[0] == '/') {
            b.len = 0;
            sb_append(I, &b, s->data, s->len);
        } else if (b.len == 0 || b.data[b.len - 1] == '/') {
            sb_append(I, &b, s->data, s->len);
        } else {
            sb_append_char(I, &b, '/');
            sb_append(I, &b, s->data, s->len);
        }
    }
    if (b.len == 0) {
        sb_free(I, &b);
        return v_obj(I->empty_str);
    }
    Str *r = sb_finish(I, &b);
    return r ? v_obj(r) : V_NULL;
}

static Value op_split(Interp *I, int argc, Value *argv, Tuple *kw) {
    Str *p;
    if (!one_path(I, "split", argc, argv, kw, &p)) return V_NULL;
    size_t i = split_index(p);
    Value h = mkstr(I, p->data, head_len(p, i));
    Value t = is_null(h) ? h : mkstr(I, p->data + i, p->len - i);
    if (is_null(t)) return V_NULL;
    Tuple *r = tuple_pack(I, 2, h, t);
    return r ? v_obj(r) : V_NULL;
}

static Value op_basename(Interp *I, int argc, Value *argv, Tuple *kw) {
    Str *p;
    if (!one_path(I, "basename", argc, argv, kw, &p)) return V_NULL;
    size_t i = split_index(p);
    return mkstr(I, p->data + i, p->len - i);
}

static Value op_dirname(Interp *I, int argc, Value *argv, Tuple *kw) {
    Str *p;
    if (!one_path(I, "dirname", argc, argv, kw, &p)) return V_NULL;
    return mkstr(I, p->data, head_len(p, split_index(p)));
}

static Value op_splitext(Interp *I, int argc, Value *argv, Tuple *kw) {
    Str *p;
    if (!one_path(I, "splitext", argc, argv, kw, &p)) return V_NULL;
    int64_t sep = -1, dot = -1;
    for (size_t k = 0; k < p->len; k++) {
        if (p->data[k] == '/') sep = (int64_t)k;
        if (p->data[k] == '.') dot = (int64_t)k;
    }
    size_t cut = p->len;
    if (dot > sep)
        for (int64_t f = sep + 1; f < dot; f++)
            if (p->data[f] != '.') {
                cut = (size_t)dot;
                break;
            }
    Value a = mkstr(I, p->data, cut);
    Value b = is_null(a) ? a : mkstr(I, p->data + cut, p->len - cut);
    if (is_null(b)) return V_NULL;
    Tuple *r = tuple_pack(I, 2, a, b);
    return r ? v_obj(r) : V_NULL;
}

/* posixpath.normpath over a C string into b */
static bool normpath_into(Interp *I, const char *s, size_t n, StrBuf *b) {
    if (n == 0) return sb_append_char(I, b, '.');
    int initial = s[0] == '/' ? 1 : 0;
    if (initial && n >= 2 && s[1] == '/' && !(n >= 3 && s[2] == '/')) initial = 2;
    /* components as (offset, length) pairs */
    size_t cap = n / 2 + 2, nc = 0;
    size_t *off = mem_alloc(I, cap * 2 * sizeof(size_t));
    if (!off) return false;
    size_t k = 0;
    while (k <= n) {
        size_t e = k;
        while (e < n && s[e] != '/')
            e++;
        size_t len = e - k;
        bool dotdot = len == 2 && s[k] == '.' && s[k + 1] == '.';
        if (len == 0 || (len == 1 && s[k] == '.')) {
            /* skip */
        } else if (!dotdot || (!initial && nc == 0) ||
                   (nc > 0 && off[2 * nc - 1] == 2 && s[off[2 * nc - 2]] == '.' &&
                    s[off[2 * nc - 2] + 1] == '.')) {
            off[2 * nc] = k;
            off[2 * nc + 1] = len;
            nc++;
        } else if (nc > 0) {
            nc--;
        }
        k = e + 1;
    }
    size_t start = b->len;
    for (int i = 0; i < initial; i++)
        sb_append_char(I, b, '/');
    for (size_t c = 0; c < nc; c++) {
        if (c) sb_append_char(I, b, '/');
        sb_append(I, b, s + off[2 * c], off[2 * c + 1]);
    }
    if (b->len == start) sb_append_char(I, b, '.');
    mem_free(I, off, cap * 2 * sizeof(size_t));
    return !b->failed;
}

static Value finish(Interp *I, StrBuf *b) {
    Str *r = sb_finish(I, b);
    return r ? v_obj(r) : V_NULL;
}

static Value op_normpath(Interp *I, int argc, Value *argv, Tuple *kw) {
    Str *p;
    if (!one_path(I, "normpath", argc, argv, kw, &p)) return V_NULL;
    StrBuf b;
    sb_init(&b);
    if (!normpath_into(I, p->data, p->len, &b)) {
        sb_free(I, &b);
        return V_NULL;
    }
    return finish(I, &b);
}

/* abspath(p) into b */
static bool abspath_into(Interp *I, Str *p, StrBuf *b) {
    if (p->len && p->data[0] == '/') return normpath_into(I, p->data, p->len, b);
    char cwd[PATH_MAX];
    if (!getcwd(cwd, sizeof cwd)) {
        os_raise_errno(I, errno, V_NULL, V_NULL);
        return false;
    }
    StrBuf t;
    sb_init(&t);
    sb_append_cstr(I, &t, cwd);
    if (p->len) {
        if (t.len == 0 || t.data[t.len - 1] != '/') sb_append_char(I, &t, '/');
        sb_append(I, &t, p->data, p->len);
    }
    bool ok = !t.failed && normpath_into(I, t.data, t.len, b);
    sb_free(I, &t);
    return ok;
}

static Value abspath_value(Interp *I, Str *p) {
    StrBuf b;
    sb_init(&b);
    if (!abspath_into(I, p, &b)) {
        sb_free(I, &b);
        return V_NULL;
    }
    return finish(I, &b);
}

static Value op_abspath(Interp *I, int argc, Value *argv, Tuple *kw) {
    Str *p;
    if (!one_path(I, "abspath", argc, argv, kw, &p)) return V_NULL;
    return abspath_value(I, p);
}

static Value op_realpath(Interp *I, int argc, Value *argv, Tuple *kw) {
    Str *p;
    if (!arg_no_kw(I, "realpath", kw) || !arg_count(I, "realpath", argc, 1, 1)) return V_NULL;
    if (!str_arg(I, "realpath", argv[0], &p)) return V_NULL;
    char out[PATH_MAX];
    if (realpath(p->len ? p->data : ".", out)) {
        Str *r = str_from_cstr(I, out);
        return r ? v_obj(r) : V_NULL;
    }
    /* a path that does not exist resolves lexically, as posixpath does past the last link */
    return abspath_value(I, p);
}

static Value op_expanduser(Interp *I, int argc, Value *argv, Tuple *kw) {
    Str *p;
    if (!one_path(I, "expanduser", argc, argv, kw, &p)) return V_NULL;
    if (p->len == 0 || p->data[0] != '~') return argv[0];
    size_t i = 1;
    while (i < p->len && p->data[i] != '/')
        i++;
    const char *home = NULL;
    if (i == 1) {
        home = getenv("HOME");
        if (!home) {
            struct passwd *pw = getpwuid(getuid());
            if (!pw) return argv[0];
            home = pw->pw_dir;
        }
    } else {
        char name[256];
        if (i - 1 >= sizeof name) return argv[0];
        memcpy(name, p->data + 1, i - 1);
        name[i - 1] = '\0';
        struct passwd *pw = getpwnam(name);
        if (!pw) return argv[0];
        home = pw->pw_dir;
    }
    size_t hl = strlen(home);
    while (hl > 0 && home[hl - 1] == '/')
        hl--;
    StrBuf b;
    sb_init(&b);
    sb_append(I, &b, home, hl);
    sb_append(I, &b, p->data + i, p->len - i);
    if (b.len == 0) sb_append_char(I, &b, '/');
    return finish(I, &b);
}

static int stat_of(Interp *I, const char *fname, int argc, Value *argv, Tuple *kw,
                   struct stat *st) {
    if (!arg_no_kw(I, fname, kw) || !arg_count(I, fname, argc, 1, 1)) return -1;
    if (!is_str(I, argv[0])) return 0; /* CPython: False for unusable paths of other types */
    Str *s = as_str(argv[0]);
    if (strlen(s->data) != s->len) return 0;
    return stat(s->data, st) == 0 ? 1 : 0;
}

static Value op_exists(Interp *I, int argc, Value *argv, Tuple *kw) {
    struct stat st;
    int r = stat_of(I, "exists", argc, argv, kw, &st);
    return r < 0 ? V_NULL : v_bool(r);
}
static Value op_isfile(Interp *I, int argc, Value *argv, Tuple *kw) {
    struct stat st;
    int r = stat_of(I, "isfile", argc, argv, kw, &st);
    return r < 0 ? V_NULL : v_bool(r && S_ISREG(st.st_mode));
}
static Value op_isdir(Interp *I, int argc, Value *argv, Tuple *kw) {
    struct stat st;
    int r = stat_of(I, "isdir", argc, argv, kw, &st);
    return r < 0 ? V_NULL : v_bool(r && S_ISDIR(st.st_mode));
}

static Value op_islink(Interp *I, int argc, Value *argv, Tuple *kw) {
    Str *p;
    if (!one_path(I, "islink", argc, argv, kw, &p)) return V_NULL;
    struct stat st;
    return v_bool(lstat(p->data, &st) == 0 && S_ISLNK(st.st_mode));
}

static Value op_isabs(Interp *I, int argc, Value *argv, Tuple *kw) {
    Str *p;
    if (!one_path(I, "isabs", argc, argv, kw, &p)) return V_NULL;
    return v_bool(p->len && p->data[0] == '/');
}

static Value stat_field(Interp *I, const char *fname, int argc, Value *argv, Tuple *kw, int which) {
    const char *path;
    if (!arg_no_kw(I, fname, kw) || !arg_count(I, fname, argc, 1, 1) ||
        !os_path_arg(I, "stat", "path", argv[0], &path))
        return V_NULL;
    struct stat st;
    if (stat(path, &st) < 0) return os_raise_errno(I, errno, argv[0], V_NULL);
    if (which == 0) return v_int(st.st_size);
    return v_float((double)st.st_mtim.tv_sec + st.st_mtim.tv_nsec * 1e-9);
}
static Value op_getsize(Interp *I, int argc, Value *argv, Tuple *kw) {
    return stat_field(I, "getsize", argc, argv, kw, 0);
}
static Value op_getmtime(Interp *I, int argc, Value *argv, Tuple *kw) {
    return stat_field(I, "getmtime", argc, argv, kw, 1);
}

static Value op_relpath(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"path", "start"};
    Value a[2];
    Str *p, *start = NULL;
    if (!arg_parse(I, "relpath", argc, argv, kw, names, 2, 1, 2, a) ||
        !str_arg(I, "relpath", a[0], &p))
        return V_NULL;
    if (p->len == 0) return err_format(I, TY_VALUE_ERROR, "no path specified");
    if (!is_null(a[1]) && !is_none(a[1]) && !str_arg(I, "relpath", a[1], &start)) return V_NULL;
    if (!start && !(start = str_from_cstr(I, "."))) return V_NULL;
    StrBuf sa, pa, out;
    sb_init(&sa);
    sb_init(&pa);
    sb_init(&out);
    Value r = V_NULL;
    if (!abspath_into(I, start, &sa) || !abspath_into(I, p, &pa)) goto done;
    /* components: skip empty ones; count the common prefix */
    const char *s1 = sa.data, *s2 = pa.data;
    size_t n1 = sa.len, n2 = pa.len, i1 = 0, i2 = 0;
    for (;;) {
        while (i1 < n1 && s1[i1] == '/')
            i1++;
        while (i2 < n2 && s2[i2] == '/')
            i2++;
        if (i1 >= n1 || i2 >= n2) break;
        size_t e1 = i1, e2 = i2;
        while (e1 < n1 && s1[e1] != '/')
            e1++;
        while (e2 < n2 && s2[e2] != '/')
            e2++;
        if (e1 - i1 != e2 - i2 || memcmp(s1 + i1, s2 + i2, e1 - i1) != 0) break;
        i1 = e1;
        i2 = e2;
    }
    for (;;) { /* a '..' for each remaining component of start */
        while (i1 < n1 && s1[i1] == '/')
            i1++;
        if (i1 >= n1) break;
        while (i1 < n1 && s1[i1] != '/')
            i1++;
        if (out.len) sb_append_char(I, &out, '/');
        sb_append_cstr(I, &out, "..");
    }
    for (;;) {
        while (i2 < n2 && s2[i2] == '/')
            i2++;
        if (i2 >= n2) break;
        size_t e2 = i2;
        while (e2 < n2 && s2[e2] != '/')
            e2++;
        if (out.len) sb_append_char(I, &out, '/');
        sb_append(I, &out, s2 + i2, e2 - i2);
        i2 = e2;
    }
    if (out.len == 0) sb_append_char(I, &out, '.');
    r = finish(I, &out);
done:
    sb_free(I, &sa);
    sb_free(I, &pa);
    if (is_null(r)) sb_free(I, &out);
    return r;
}

/* The rarely hot helpers, in Python as CPython's posixpath writes them. */
static const char os_path_frozen_src[] =
    "def commonprefix(m):\n"
    "    if not m:\n"
    "        return ''\n"
    "    if not isinstance(m[0], (list, tuple)):\n"
    "        m = tuple(m)\n"
    "    s1 = min(m)\n"
    "    s2 = max(m)\n"
    "    for i, c in enumerate(s1):\n"
    "        if c != s2[i]:\n"
    "            return s1[:i]\n"
    "    return s1\n"
    "\n"
    "\n"
    "def commonpath(paths):\n"
    "    if not paths:\n"
    "        raise ValueError('commonpath() arg is an empty sequence')\n"
    "    paths = tuple(paths)\n"
    "    for p in paths:\n"
    "        if not isinstance(p, str):\n"
    "            raise TypeError(\"expected str, bytes or os.PathLike object, not %s\"\n"
    "                            % type(p).__name__)\n"
    "    split_paths = [path.split('/') for path in paths]\n"
    "    try:\n"
    "        isabs, = set(p[:1] == '/' for p in paths)\n"
    "    except ValueError:\n"
    "        raise ValueError(\"Can't mix absolute and relative paths\") from None\n"
    "    split_paths = [[c for c in s if c and c != '.'] for s in split_paths]\n"
    "    s1 = min(split_paths)\n"
    "    s2 = max(split_paths)\n"
    "    common = s1\n"
    "    for i, c in enumerate(s1):\n"
    "        if c != s2[i]:\n"
    "            common = s1[:i]\n"
    "            break\n"
    "    prefix = '/' if isabs else ''\n"
    "    return prefix + '/'.join(common)\n"
    "\n"
    "\n"
    "def normcase(s):\n"
    "    return s\n"
    "\n"
    "\n"
    "def lexists(path):\n"
    "    return exists(path)\n"
    "\n"
    "\n"
    "def splitdrive(p):\n"
    "    return p[:0], p\n"
    "\n"
    "\n"
    "curdir = '.'\n"
    "pardir = '..'\n"
    "extsep = '.'\n"
    "altsep = None\n"
    "pathsep = ':'\n";

static const MethodDef os_path_functions[] = {
    {"join", op_join, 0},         {"split", op_split, 0},       {"basename", op_basename, 0},
    {"dirname", op_dirname, 0},   {"splitext", op_splitext, 0}, {"normpath", op_normpath, 0},
    {"abspath", op_abspath, 0},   {"realpath", op_realpath, 0}, {"expanduser", op_expanduser, 0},
    {"exists", op_exists, 0},     {"isfile", op_isfile, 0},     {"isdir", op_isdir, 0},
    {"isabs", op_isabs, 0},       {"islink", op_islink, 0},     {"getsize", op_getsize, 0},
    {"getmtime", op_getmtime, 0}, {"relpath", op_relpath, 0},   {NULL, NULL, 0},
};

Module *os_path_module_create(Interp *I) {
    if (I->sandbox) {
        err_format(I, TY_IMPORT_ERROR, "os is disabled in the sandbox");
        return NULL;
    }
    Str *name = str_intern_cstr(I, "posixpath");
    Module *m = name ? module_new(I, name) : NULL;
    if (!m || module_add_functions(I, m, os_path_functions) < 0) return NULL;
    Str *sep = str_from_cstr(I, "/");
    if (!sep || module_set(I, m, "sep", v_obj(sep)) < 0) return NULL;
    Value r = vm_exec_source(I, os_path_frozen_src, sizeof os_path_frozen_src - 1,
                             "<frozen posixpath>", m->dict, EXEC_FILE);
    if (is_null(r)) return NULL;
    return m;
}
