/* os.c: the os module's common file-system and process calls over POSIX, with CPython's
 * OSError subclasses and messages ("[Errno 2] No such file or directory: 'x'"). os.path is a
 * separate module object (os_path.c), registered in sys.modules as "os.path" and set as the
 * attribute `path` of os. stat() returns an instance of a small heap class, os.stat_result,
 * whose fields are plain attributes. The whole module is unavailable in the sandbox. */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "builtins.h"
#include "classes.h"
#include "os.h"

extern char **environ;

Value os_raise_errno(Interp *I, int err, Value filename, Value filename2) {
    Str *msg = str_from_cstr(I, strerror(err));
    if (!msg) return V_NULL;
    Value args[5] = {v_int(err), v_obj(msg), filename, V_NONE, filename2};
    int n = is_null(filename) ? 2 : is_null(filename2) ? 3 : 5;
    Type *t = exc_type(I, TY_OS_ERROR);
    Value e = t ? exc_new(I, t, n, args) : V_NULL;
    if (is_null(e)) return V_NULL;
    return err_set_value(I, e);
}

/* A path argument as a C string (str only; bytes paths are not supported). Every native that
 * names a file takes its path through here (open, io.open, os.*, numpy.save/load), so in the
 * sandbox this one refusal closes the file system, before any path is looked at (an error
 * that depended on the path would tell the script which paths exist). */
bool os_path_arg(Interp *I, const char *fname, const char *argname, Value v, const char **out) {
    if (I->sandbox) {
        err_format(I, TY_PERMISSION_ERROR, "%s: the file system is not available in the sandbox",
                   fname);
        return false;
    }
    if (!is_str(I, v)) {
        err_format(I, TY_TYPE_ERROR, "%s: %s should be string, bytes or os.PathLike, not %s", fname,
                   argname, type_name(I, v));
        return false;
    }
    Str *s = as_str(v);
    if (strlen(s->data) != s->len) {
        err_format(I, TY_VALUE_ERROR, "%s: embedded null character in %s", fname, argname);
        return false;
    }
    *out = s->data;
    return true;
}

static Value os_getcwd(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "getcwd", kw) || !arg_count(I, "getcwd", argc, 0, 0)) return V_NULL;
    char buf[4096];
    if (!getcwd(buf, sizeof buf)) return os_raise_errno(I, errno, V_NULL, V_NULL);
    Str *s = str_from_cstr(I, buf);
    return s ? v_obj(s) : V_NULL;
}

static Value os_listdir(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"path"};
    Value a[1];
    if (!arg_parse(I, "listdir", argc, argv, kw, names, 1, 0, 1, a)) return V_NULL;
    const char *path = ".";
    if (!is_null(a[0]) && !is_none(a[0]) && !os_path_arg(I, "listdir", "path", a[0], &path))
        return V_NULL;
    DIR *d = opendir(path);
    if (!d)
        return os_raise_errno(I, errno, is_null(a[0]) ? v_obj(str_from_cstr(I, ".")) : a[0],
                              V_NULL);
    List *l = list_new(I, 0);
    struct dirent *ent;
    while (l && (ent = readdir(d))) {
        if (strcmp(ent->d_name, ".") == 0 || strcmp(ent->d_name, "..") == 0) continue;
        size_t len = strlen(ent->d_name);
        if (utf8_validate(ent->d_name, len) >= 0) continue; /* undecodable names are skipped */
        Str *s = str_new(I, ent->d_name, len);
        if (!s || !list_append(I, l, v_obj(s))) l = NULL;
    }
    closedir(d);
    return l ? v_obj(l) : V_NULL;
}

static Value os_mkdir(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"path", "mode"};
    Value a[2];
    const char *path;
    int64_t mode = 0777;
    if (!arg_parse(I, "mkdir", argc, argv, kw, names, 2, 1, 2, a) ||
        !os_path_arg(I, "mkdir", "path", a[0], &path) ||
        (!is_null(a[1]) && obj_index(I, a[1], &mode) < 0))
        return V_NULL;
    if (mkdir(path, (mode_t)mode) < 0) return os_raise_errno(I, errno, a[0], V_NULL);
    return V_NONE;
}

static bool is_dir_path(const char *p) {
    struct stat st;
    return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

static Value os_makedirs(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"name", "mode", "exist_ok"};
    Value a[3];
    const char *path;
    int64_t mode = 0777;
    if (!arg_parse(I, "makedirs", argc, argv, kw, names, 3, 1, 3, a) ||
        !os_path_arg(I, "makedirs", "path", a[0], &path) ||
        (!is_null(a[1]) && obj_index(I, a[1], &mode) < 0))
        return V_NULL;
    int exist_ok = is_null(a[2]) ? 0 : obj_truthy(I, a[2]);
    if (exist_ok < 0) return V_NULL;
    size_t len = strlen(path);
    char *buf = mem_alloc(I, len + 1);
    if (!buf) return V_NULL;
    memcpy(buf, path, len + 1);
    /* create each missing ancestor; only the leaf's own failure is reported */
    for (size_t i = 1; i < len; i++) {
        if (buf[i] != '/') continue;
        buf[i] = '\0';
        if (!is_dir_path(buf)) mkdir(buf, (mode_t)mode);
        buf[i] = '/';
    }
    mem_free(I, buf, len + 1);
    if (mkdir(path, (mode_t)mode) < 0) {
        int e = errno;
        if (e == EEXIST && exist_ok && is_dir_path(path)) return V_NONE;
        return os_raise_errno(I, e, a[0], V_NULL);
    }
    return V_NONE;
}

static Value path_call(Interp *I, const char *fname, int argc, Value *argv, Tuple *kw,
                       int (*fn)(const char *)) {
    static const char *const names[] = {"path"};
    Value a[1];
    const char *path;
    if (!arg_parse(I, fname, argc, argv, kw, names, 1, 1, 1, a) ||
        !os_path_arg(I, fname, "path", a[0], &path))
        return V_NULL;
    if (fn(path) < 0) return os_raise_errno(I, errno, a[0], V_NULL);
    return V_NONE;
}

static Value os_remove(Interp *I, int argc, Value *argv, Tuple *kw) {
    return path_call(I, "remove", argc, argv, kw, unlink);
}
static Value os_unlink(Interp *I, int argc, Value *argv, Tuple *kw) {
    return path_call(I, "unlink", argc, argv, kw, unlink);
}
static Value os_rmdir(Interp *I, int argc, Value *argv, Tuple *kw) {
    return path_call(I, "rmdir", argc, argv, kw, rmdir);
}
static Value os_chdir(Interp *I, int argc, Value *argv, Tuple *kw) {
    return path_call(I, "chdir", argc, argv, kw, chdir);
}

static Value rename_call(Interp *I, const char *fname, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"src", "dst"};
    Value a[2];
    const char *src, *dst;
    if (!arg_parse(I, fname, argc, argv, kw, names, 2, 2, 2, a) ||
        !os_path_arg(I, fname, "src", a[0], &src) || !os_path_arg(I, fname, "dst", a[1], &dst))
        return V_NULL;
    if (rename(src, dst) < 0) return os_raise_errno(I, errno, a[0], a[1]);
    return V_NONE;
}
static Value os_rename(Interp *I, int argc, Value *argv, Tuple *kw) {
    return rename_call(I, "rename", argc, argv, kw);
}
static Value os_replace(Interp *I, int argc, Value *argv, Tuple *kw) {
    return rename_call(I, "replace", argc, argv, kw);
}

static double ts_seconds(struct timespec t) {
    return (double)t.tv_sec + t.tv_nsec * 1e-9;
}
static Value ts_ns(Interp *I, struct timespec t) {
    Value s = int_mul(I, v_int(t.tv_sec), v_int(1000000000));
    return is_null(s) ? s : int_add(I, s, v_int(t.tv_nsec));
}

/* os.stat_result(...): a heap class made once per os module */
static Value make_stat_result(Interp *I, const struct stat *st) {
    Value mod = V_NULL;
    Type *cls = NULL;
    Str *osname = str_intern_cstr(I, "os");
    if (osname && dict_get(I, I->modules, v_obj(osname), &mod) > 0 && is_obj(mod) &&
        as_obj(mod)->type == I->types[TY_MODULE]) {
        Value c = dict_get_str(((Module *)as_obj(mod))->dict, str_intern_cstr(I, "stat_result"));
        if (!is_null(c) && is_obj(c) && as_obj(c)->type == I->types[TY_TYPE])
            cls = (Type *)as_obj(c);
    }
    if (!cls) {
        static const MethodDef none[] = {{NULL, NULL, 0}};
        if (!(cls = stdlib_make_class(I, "stat_result", "os", none))) return V_NULL;
    }
    Value r = object_alloc(I, cls);
    if (is_null(r)) return V_NULL;
    struct {
        const char *name;
        Value v;
    } f[] = {
        {"st_mode", v_int(st->st_mode)},
        {"st_ino", int_from_u64(I, st->st_ino)},
        {"st_dev", int_from_u64(I, st->st_dev)},
        {"st_nlink", int_from_u64(I, st->st_nlink)},
        {"st_uid", v_int(st->st_uid)},
        {"st_gid", v_int(st->st_gid)},
        {"st_size", v_int(st->st_size)},
        {"st_atime", v_float(ts_seconds(st->st_atim))},
        {"st_mtime", v_float(ts_seconds(st->st_mtim))},
        {"st_ctime", v_float(ts_seconds(st->st_ctim))},
        {"st_atime_ns", ts_ns(I, st->st_atim)},
        {"st_mtime_ns", ts_ns(I, st->st_mtim)},
        {"st_ctime_ns", ts_ns(I, st->st_ctim)},
    };
    for (size_t i = 0; i < sizeof f / sizeof f[0]; i++) {
        Str *n = str_intern_cstr(I, f[i].name);
        if (!n || is_null(f[i].v) || obj_setattr(I, r, n, f[i].v) < 0) return V_NULL;
    }
    return r;
}

static Value os_stat(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"path"};
    Value a[1];
    const char *path;
    if (!arg_parse(I, "stat", argc, argv, kw, names, 1, 1, 1, a) ||
        !os_path_arg(I, "stat", "path", a[0], &path))
        return V_NULL;
    struct stat st;
    if (stat(path, &st) < 0) return os_raise_errno(I, errno, a[0], V_NULL);
    return make_stat_result(I, &st);
}

static Value os_getenv(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"key", "default"};
    Value a[2];
    if (!arg_parse(I, "getenv", argc, argv, kw, names, 2, 1, 2, a)) return V_NULL;
    if (!is_str(I, a[0]))
        return err_format(I, TY_TYPE_ERROR, "str expected, not %s", type_name(I, a[0]));
    /* os.getenv reads os.environ, as CPython's does, so assignments to it are seen */
    Str *mname = str_intern_cstr(I, "os"), *ename = str_intern_cstr(I, "environ");
    Value mod = mname ? dict_get_str(I->modules, mname) : V_NULL;
    if (ename && !is_null(mod) && is_obj(mod) && as_obj(mod)->type == I->types[TY_MODULE]) {
        Value env = dict_get_str(((Module *)as_obj(mod))->dict, ename);
        if (!is_null(env) && is_dict(I, env)) {
            Value r;
            int found = dict_get(I, as_dict(env), a[0], &r);
            if (found < 0) return V_NULL;
            return found ? r : is_null(a[1]) ? V_NONE : a[1];
        }
    }
    const char *v = getenv(as_str(a[0])->data);
    if (!v || utf8_validate(v, strlen(v)) >= 0) return is_null(a[1]) ? V_NONE : a[1];
    Str *s = str_from_cstr(I, v);
    return s ? v_obj(s) : V_NULL;
}

static Value os_putenv(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "putenv", kw) || !arg_count(I, "putenv", argc, 2, 2)) return V_NULL;
    if (!is_str(I, argv[0]) || !is_str(I, argv[1]))
        return err_format(I, TY_TYPE_ERROR, "str expected, not %s",
                          type_name(I, is_str(I, argv[0]) ? argv[1] : argv[0]));
    const char *k = as_str(argv[0])->data;
    if (!*k || strchr(k, '='))
        return err_format(I, TY_VALUE_ERROR, "illegal environment variable name");
    if (setenv(k, as_str(argv[1])->data, 1) < 0) return os_raise_errno(I, errno, V_NULL, V_NULL);
    return V_NONE;
}

static Value os_getpid(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "getpid", kw) || !arg_count(I, "getpid", argc, 0, 0)) return V_NULL;
    return v_int(getpid());
}

/* os.strerror(code): the C library's message, as CPython's. */
static Value os_strerror(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "strerror", kw) || !arg_count(I, "strerror", argc, 1, 1)) return V_NULL;
    int64_t code;
    if (obj_index(I, argv[0], &code) < 0) return V_NULL;
    if (code < INT_MIN || code > INT_MAX)
        return err_format(I, TY_OVERFLOW_ERROR, "signed integer is greater than maximum");
    Str *s = str_from_cstr(I, strerror((int)code));
    return s ? v_obj(s) : V_NULL;
}

static Value os_urandom(Interp *I, int argc, Value *argv, Tuple *kw) {
    if (!arg_no_kw(I, "urandom", kw) || !arg_count(I, "urandom", argc, 1, 1)) return V_NULL;
    int64_t n;
    if (obj_index(I, argv[0], &n) < 0) return V_NULL;
    if (n < 0) return err_format(I, TY_VALUE_ERROR, "negative argument not allowed");
    unsigned char *buf = mem_alloc(I, (size_t)n + 1);
    if (!buf) return V_NULL;
    size_t got = 0;
    while (got < (size_t)n) {
        ssize_t r = getrandom(buf + got, (size_t)n - got, 0);
        if (r < 0) {
            if (errno == EINTR) continue;
            int e = errno;
            mem_free(I, buf, (size_t)n + 1);
            return os_raise_errno(I, e, V_NULL, V_NULL);
        }
        got += (size_t)r;
    }
    Bytes *b = bytes_new(I, buf, (size_t)n);
    mem_free(I, buf, (size_t)n + 1);
    return b ? v_obj(b) : V_NULL;
}

static Value os_cpu_count(Interp *I, int argc, Value *argv, Tuple *kw) {
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 ? v_int(n) : V_NONE;
}

/* os.walk(top): top-down, as a list of (dirpath, dirnames, filenames) built eagerly (CPython
 * returns a generator; iteration gives the same triples in the same order). */
static bool walk_into(Interp *I, List *out, Str *top) {
    DIR *d = opendir(top->data);
    if (!d) return true; /* onerror=None: errors are ignored */
    List *dirs = list_new(I, 0), *files = list_new(I, 0);
    if (!dirs || !files) {
        closedir(d);
        return false;
    }
    struct dirent *ent;
    bool ok = true;
    while (ok && (ent = readdir(d))) {
        if (strcmp(ent->d_name, ".") == 0 || strcmp(ent->d_name, "..") == 0) continue;
        size_t len = strlen(ent->d_name);
        if (utf8_validate(ent->d_name, len) >= 0) continue;
        Str *name = str_new(I, ent->d_name, len);
        Str *full =
            name ? str_printf(I, "%s%s%s", top->data,
                              top->len && top->data[top->len - 1] == '/' ? "" : "/", ent->d_name)
                 : NULL;
        if (!full) {
            ok = false;
            break;
        }
        ok = list_append(I, is_dir_path(full->data) ? dirs : files, v_obj(name));
    }
    closedir(d);
    if (!ok) return false;
    Tuple *t = tuple_pack(I, 3, v_obj(top), v_obj(dirs), v_obj(files));
    if (!t || !list_append(I, out, v_obj(t))) return false;
    for (size_t i = 0; i < dirs->len; i++) {
        Str *sub = str_printf(I, "%s%s%s", top->data,
                              top->len && top->data[top->len - 1] == '/' ? "" : "/",
                              as_str(dirs->items[i])->data);
        if (!sub || !walk_into(I, out, sub)) return false;
    }
    return true;
}

static Value os_walk(Interp *I, int argc, Value *argv, Tuple *kw) {
    static const char *const names[] = {"top", "topdown", "onerror", "followlinks"};
    Value a[4];
    const char *top;
    if (!arg_parse(I, "walk", argc, argv, kw, names, 4, 1, 4, a) ||
        !os_path_arg(I, "walk", "top", a[0], &top))
        return V_NULL;
    List *out = list_new(I, 0);
    if (!out || !walk_into(I, out, as_str(a[0]))) return V_NULL;
    return obj_iter(I, v_obj(out));
}

static const MethodDef os_functions[] = {
    {"getcwd", os_getcwd, 0},
    {"listdir", os_listdir, 0},
    {"mkdir", os_mkdir, 0},
    {"makedirs", os_makedirs, 0},
    {"remove", os_remove, 0},
    {"unlink", os_unlink, 0},
    {"rmdir", os_rmdir, 0},
    {"rename", os_rename, 0},
    {"replace", os_replace, 0},
    {"stat", os_stat, 0},
    {"getenv", os_getenv, 0},
    {"putenv", os_putenv, 0},
    {"getpid", os_getpid, 0},
    {"urandom", os_urandom, 0},
    {"chdir", os_chdir, 0},
    {"cpu_count", os_cpu_count, 0},
    {"walk", os_walk, 0},
    {"strerror", os_strerror, 0},
    {NULL, NULL, 0},
};

static const char *const uname_fields[] = {"sysname", "nodename", "release",
                                           "version", "machine",  NULL};

/* os.uname(): an os.uname_result struct sequence of uname(2)'s five strings */
static Value os_uname(Interp *I, int argc, Value *argv, Tuple *kw) {
    (void)argv;
    if (!arg_no_kw(I, "uname", kw) || !arg_count(I, "uname", argc, 0, 0)) return V_NULL;
    Str *osname = str_intern_cstr(I, "os"), *cname = str_intern_cstr(I, "uname_result");
    Value mod = V_NULL, cls = V_NULL;
    if (osname && cname && dict_get(I, I->modules, v_obj(osname), &mod) > 0 && is_obj(mod) &&
        as_obj(mod)->type == I->types[TY_MODULE])
        cls = dict_get_str(((Module *)as_obj(mod))->dict, cname);
    if (is_null(cls) || !is_obj(cls) || !type_is_subtype(type_of(I, cls), I->types[TY_TYPE]))
        return err_format(I, TY_SYSTEM_ERROR, "os.uname_result is missing");
    struct utsname u;
    if (uname(&u) < 0) return err_format(I, TY_OS_ERROR, "[Errno %d] %s", errno, strerror(errno));
    const char *parts[5] = {u.sysname, u.nodename, u.release, u.version, u.machine};
    Value items[5];
    for (int i = 0; i < 5; i++) {
        Str *s = str_from_cstr(I, parts[i]);
        if (!s) return V_NULL;
        items[i] = v_obj(s);
    }
    return structseq_make(I, (Type *)as_obj(cls), items, 5);
}

static const MethodDef os_more_functions[] = {
    {"uname", os_uname, 0},
    {NULL, NULL, 0},
};

static Dict *environ_snapshot(Interp *I) {
    Dict *d = dict_new(I);
    for (char **e = environ; d && e && *e; e++) {
        const char *eq = strchr(*e, '=');
        if (!eq) continue;
        size_t klen = (size_t)(eq - *e), vlen = strlen(eq + 1);
        if (utf8_validate(*e, klen) >= 0 || utf8_validate(eq + 1, vlen) >= 0) continue;
        Str *k = str_new(I, *e, klen);
        Str *v = k ? str_new(I, eq + 1, vlen) : NULL;
        if (!v || dict_set(I, d, v_obj(k), v_obj(v)) < 0) return NULL;
    }
    return d;
}

Module *os_module_create(Interp *I) {
    if (I->sandbox) {
        err_format(I, TY_IMPORT_ERROR, "os is disabled in the sandbox");
        return NULL;
    }
    Str *name = str_intern_cstr(I, "os");
    Module *m = name ? module_new(I, name) : NULL;
    if (!m || module_add_functions(I, m, os_functions) < 0 ||
        module_add_functions(I, m, os_more_functions) < 0)
        return NULL;
    Type *ut = structseq_new_type(I, "uname_result", "posix", uname_fields);
    if (!ut || module_set(I, m, "uname_result", v_obj(ut)) < 0) return NULL;
    static const MethodDef none[] = {{NULL, NULL, 0}};
    Type *st = stdlib_make_class(I, "stat_result", "os", none);
    Dict *env = environ_snapshot(I);
    Module *path = os_path_module_create(I);
    if (!st || !env || !path) return NULL;
    struct {
        const char *name;
        const char *text;
    } strs[] = {{"sep", "/"},      {"altsep", NULL}, {"linesep", "\n"},
                {"name", "posix"}, {"curdir", "."},  {"pardir", ".."},
                {"extsep", "."},   {"pathsep", ":"}, {"devnull", "/dev/null"}};
    for (size_t i = 0; i < sizeof strs / sizeof strs[0]; i++) {
        Str *s = strs[i].text ? str_from_cstr(I, strs[i].text) : NULL;
        if (strs[i].text && !s) return NULL;
        if (module_set(I, m, strs[i].name, s ? v_obj(s) : V_NONE) < 0) return NULL;
    }
    Str *pname = str_intern_cstr(I, "os.path");
    if (!pname || !exc_type(I, TY_OS_ERROR) || module_set(I, m, "stat_result", v_obj(st)) < 0 ||
        module_set(I, m, "environ", v_obj(env)) < 0 || module_set(I, m, "path", v_obj(path)) < 0 ||
        module_set(I, m, "error", v_obj(I->types[TY_OS_ERROR])) < 0 ||
        dict_set(I, I->modules, v_obj(pname), v_obj(path)) < 0)
        return NULL;
    return m;
}
