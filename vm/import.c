/* import.c: the `import` statement (vm_import, behind IMPORT_NAME).
 *
 * Follows importlib's observable behaviour for the cases scripts meet: sys.modules is
 * consulted first, then the native modules the host registered (I->hooks.native_modules:
 * kr_new gives the standard library's table, stdlib/modules.c), then the frozen ones
 * (Python source compiled into the library, stdlib/py; I->hooks.frozen_modules), then
 * the host's module loader (I->hooks.load_source, kr_set_module_loader), then NAME.py or
 * NAME/__init__.py in each folder of sys.path (or of the parent package's
 * __path__). A dotted name imports its parents first and binds each submodule as an
 * attribute of its parent. A module is entered in sys.modules before its code runs, so
 * circular imports see the partly initialised module as in CPython, and removed again if
 * its code raises. The return value is __import__'s: the top package for `import a.b`,
 * the module itself when there is a fromlist. */
#include <stdio.h>
#include <string.h>

#include "dict.h"
#include "error.h"
#include "frame.h"
#include "seq.h"
#include "str.h"
#include "vm.h"

/* ModuleNotFoundError with its name attribute (ExcObj.extra is ImportError's (name, path)). */
static Value err_not_found(Interp *I, Str *name) {
    err_format(I, TY_MODULE_NOT_FOUND_ERROR, "No module named '%s'", name->data);
    ExcObj *e = I->exc ? (ExcObj *)I->exc : NULL;
    if (e && is_obj(e->extra) && as_obj(e->extra)->type->id == TY_TUPLE &&
        as_tuple(e->extra)->len > 0) {
        as_tuple(e->extra)->items[0] = v_obj(name);
    }
    return V_NULL;
}

static Value modules_get(Interp *I, Str *name) {
    return dict_get_str(I->modules, name);
}

/* Read a whole file into a NUL-terminated mem_alloc'd buffer; NULL (no exception) if it
 * cannot be opened, NULL with MemoryError/OSError if reading fails. */
static char *read_file(Interp *I, const char *path, size_t *len, size_t *cap, bool *failed) {
    *failed = false;
    FILE *fp = fopen(path, "rb");
    if (!fp) return NULL;
    size_t size = 4096, n = 0;
    char *buf = mem_alloc(I, size);
    if (!buf) goto fail;
    for (;;) {
        if (n + 1 >= size) {
            char *nb = mem_realloc(I, buf, size, size * 2);
            if (!nb) goto fail;
            buf = nb;
            size *= 2;
        }
        size_t got = fread(buf + n, 1, size - n - 1, fp);
        n += got;
        if (got == 0) break;
    }
    if (ferror(fp)) {
        err_format(I, TY_OS_ERROR, "could not read '%s'", path);
        goto fail;
    }
    fclose(fp);
    buf[n] = 0;
    *len = n;
    *cap = size;
    return buf;
fail:
    if (buf) mem_free(I, buf, size);
    fclose(fp);
    *failed = true;
    return NULL;
}

static bool set_attr_str(Interp *I, Dict *d, const char *name, Value v) {
    Str *s = str_intern_cstr(I, name);
    return s && dict_set_str(I, d, s, v) == 0;
}

/* Run the file at path as module `fullname`. */
static Value exec_module_file(Interp *I, Str *fullname, const char *path, const char *src,
                              size_t len, bool package, const char *dir) {
    Module *m = module_new(I, fullname);
    if (!m) return V_NULL;
    Str *file = str_from_cstr(I, path);
    if (!file) return V_NULL;
    if (dict_set_str(I, m->dict, I->names.name, v_obj(fullname)) < 0 ||
        dict_set_str(I, m->dict, I->names.file, v_obj(file)) < 0)
        return V_NULL;
    Str *pkg;
    if (package) {
        pkg = fullname;
        List *p = list_new(I, 1);
        Str *d = str_from_cstr(I, dir);
        if (!p || !d || !list_append(I, p, v_obj(d))) return V_NULL;
        if (dict_set_str(I, m->dict, I->names.path, v_obj(p)) < 0) return V_NULL;
    } else {
        const char *dot = strrchr(fullname->data, '.');
        pkg = dot ? str_new(I, fullname->data, (size_t)(dot - fullname->data)) : I->empty_str;
        if (!pkg) return V_NULL;
    }
    if (!set_attr_str(I, m->dict, "__package__", v_obj(pkg))) return V_NULL;
    if (dict_set_str(I, I->modules, fullname, v_obj(m)) < 0) return V_NULL;
    Value r = vm_exec_source(I, src, len, path, m->dict, EXEC_FILE);
    if (is_null(r)) {
        Obj *exc = err_fetch(I);
        dict_del(I, I->modules, v_obj(fullname));
        err_clear(I);
        err_restore(I, exc);
        return V_NULL;
    }
    Value final = modules_get(I, fullname);
    return is_null(final) ? v_obj(m) : final;
}

static Value find_in_path(Interp *I, Str *fullname, const char *last, Value paths, bool *found) {
    *found = false;
    if (I->sandbox || !is_obj(paths) || as_obj(paths)->type->id != TY_LIST) return V_NULL;
    List *l = as_list(paths);
    for (size_t i = 0; i < l->len; i++) {
        Value dirv = l->items[i];
        if (!is_str(I, dirv)) continue;
        const char *dir = as_str(dirv)->data;
        const char *sep = dir[0] && dir[strlen(dir) - 1] != '/' ? "/" : "";
        for (int pass = 0; pass < 2; pass++) {
            Str *path = pass == 0 ? str_printf(I, "%s%s%s/__init__.py", dir, sep, last)
                                  : str_printf(I, "%s%s%s.py", dir, sep, last);
            if (!path) return V_NULL;
            size_t len, cap;
            bool failed;
            char *src = read_file(I, path->data, &len, &cap, &failed);
            if (failed) {
                *found = true;
                return V_NULL;
            }
            if (!src) continue;
            *found = true;
            Str *pkgdir = NULL;
            if (pass == 0) {
                pkgdir = str_printf(I, "%s%s%s", dir, sep, last);
                if (!pkgdir) {
                    mem_free(I, src, cap);
                    return V_NULL;
                }
            }
            Value m = exec_module_file(I, fullname, path->data, src, len, pass == 0,
                                       pkgdir ? pkgdir->data : NULL);
            mem_free(I, src, cap);
            return m;
        }
    }
    return V_NULL;
}

/* The native module named name in the host's table, or NULL. An entry without a
 * constructor (builtins, sys: made with the interpreter) is never created here. */
static const NativeModuleDef *native_module_find(Interp *I, const char *name) {
    const NativeModuleDef *d = I->hooks.native_modules;
    for (; d && d->name; d++)
        if (d->create && strcmp(d->name, name) == 0) return d;
    return NULL;
}

/* The frozen module named name in the host's table, or NULL. */
static const FrozenModuleDef *frozen_module_find(Interp *I, const char *name) {
    const FrozenModuleDef *d = I->hooks.frozen_modules;
    for (; d && d->name; d++)
        if (strcmp(d->name, name) == 0) return d;
    return NULL;
}

/* Import one level: fullname, whose parent module (if any) is already imported. */
/* The host's module loader (I->hooks.load_source), asked for the full dotted name before
 * sys.path, so it can serve packages and their submodules alike: the module, V_NULL when
 * the host has none of that name, None after raising. */
static Value import_from_host(Interp *I, Str *fullname) {
    if (!I->hooks.load_source) return V_NULL;
    Str *file = NULL;
    Value src = I->hooks.load_source(I, fullname, &file);
    if (is_null(src)) return V_NONE;
    if (is_none(src)) {
        /* the loader may have registered a native module of that name itself */
        return modules_get(I, fullname);
    }
    size_t mark = gc_temp_mark(I);
    Value m = V_NULL;
    if (gc_temp_push(I, src) && gc_temp_push(I, v_obj(file))) {
        Str *s = as_str(src);
        m = exec_module_file(I, fullname, file->data, s->data, s->len, false, NULL);
    }
    gc_temp_reset(I, mark);
    return is_null(m) ? V_NONE : m;
}

static Value import_one(Interp *I, Str *fullname, Value parent, const char *last) {
    Value m = modules_get(I, fullname);
    if (!is_null(m)) {
        if (is_none(m)) {
            return err_format(I, TY_MODULE_NOT_FOUND_ERROR,
                              "import of %s halted; None in sys.modules", fullname->data);
        }
        return m;
    }
    const NativeModuleDef *def = native_module_find(I, fullname->data);
    const FrozenModuleDef *frozen = def ? NULL : frozen_module_find(I, fullname->data);
    if (frozen) {
        /* Python source compiled into the library; sandboxed interpreters get it too. */
        Str *where = str_printf(I, "<frozen %s>", frozen->name);
        if (!where) return V_NULL;
        m = exec_module_file(I, fullname, where->data, frozen->src, frozen->len, false, NULL);
        if (is_null(m)) return m;
    } else if (def) {
        Module *mod = def->create(I);
        if (!mod || !module_set_native_doc(I, mod)) return V_NULL;
        m = modules_get(I, fullname);
        if (is_null(m)) {
            m = v_obj(mod);
            if (dict_set_str(I, I->modules, fullname, m) < 0) return V_NULL;
        }
    } else if (!is_null(m = import_from_host(I, fullname))) {
        if (is_none(m)) return V_NULL; /* the loader raised */
    } else {
        Value paths = v_obj(I->sys_path);
        if (!is_null(parent)) {
            /* A native module may carry its submodule as an attribute (os.path). */
            Str *lastname = str_intern_cstr(I, last);
            if (!lastname) return V_NULL;
            Value sub;
            int has = obj_lookup_attr(I, parent, lastname, &sub);
            if (has < 0) return V_NULL;
            if (has && is_obj(sub) && as_obj(sub)->type->id == TY_MODULE) {
                if (dict_set_str(I, I->modules, fullname, sub) < 0) return V_NULL;
                return sub;
            }
            has = obj_lookup_attr(I, parent, I->names.path, &paths);
            if (has <= 0) {
                if (has < 0) return V_NULL;
                const char *pn = fullname->data;
                err_format(I, TY_MODULE_NOT_FOUND_ERROR,
                           "No module named '%s'; '%.*s' is not a package", pn,
                           (int)(strlen(pn) - strlen(last) - 1), pn);
                ExcObj *e = I->exc ? (ExcObj *)I->exc : NULL;
                if (e && is_obj(e->extra) && as_obj(e->extra)->type->id == TY_TUPLE &&
                    as_tuple(e->extra)->len > 0)
                    as_tuple(e->extra)->items[0] = v_obj(fullname);
                return V_NULL;
            }
        }
        bool found;
        m = find_in_path(I, fullname, last, paths, &found);
        if (!found) return err_not_found(I, fullname);
        if (is_null(m)) return m;
    }
    if (!is_null(parent)) {
        Str *lastname = str_intern_cstr(I, last);
        if (!lastname || obj_setattr(I, parent, lastname, m) < 0) return V_NULL;
    }
    return m;
}

/* Import every prefix of a dotted name; returns the last module. */
static Value import_dotted(Interp *I, Str *name, Value *top) {
    Value parent = V_NULL;
    *top = V_NULL;
    const char *s = name->data;
    size_t start = 0;
    for (size_t i = 0; i <= name->len; i++) {
        if (i < name->len && s[i] != '.') continue;
        if (i == start) return err_not_found(I, name);
        Str *full = i == name->len ? name : str_new(I, s, i);
        if (!full) return V_NULL;
        char last[256];
        size_t ln = i - start < sizeof last - 1 ? i - start : sizeof last - 1;
        memcpy(last, s + start, ln);
        last[ln] = 0;
        Value m = import_one(I, full, parent, last);
        if (is_null(m)) return m;
        if (is_null(*top)) *top = m;
        parent = m;
        start = i + 1;
    }
    return parent;
}

static Str *resolve_relative(Interp *I, Str *name, Value globals, int level) {
    Dict *g = (is_obj(globals) && is_dict(I, globals)) ? as_dict(globals) : NULL;
    Value pkg = g ? dict_get_str(g, str_intern_cstr(I, "__package__")) : V_NULL;
    Str *package = NULL;
    if (!is_null(pkg) && is_str(I, pkg) && as_str(pkg)->len > 0) {
        package = as_str(pkg);
    } else if (g) {
        Value modname = dict_get_str(g, I->names.name);
        if (!is_null(modname) && is_str(I, modname)) {
            if (!is_null(dict_get_str(g, I->names.path))) {
                package = as_str(modname);
            } else {
                const char *dot = strrchr(as_str(modname)->data, '.');
                if (dot) {
                    package =
                        str_new(I, as_str(modname)->data, (size_t)(dot - as_str(modname)->data));
                    if (!package) return NULL;
                }
            }
        }
    }
    if (!package) {
        err_format(I, TY_IMPORT_ERROR, "attempted relative import with no known parent package");
        return NULL;
    }
    size_t len = package->len;
    for (int i = 1; i < level; i++) {
        while (len > 0 && package->data[len - 1] != '.')
            len--;
        if (len == 0) {
            err_format(I, TY_IMPORT_ERROR, "attempted relative import beyond top-level package");
            return NULL;
        }
        len--;
    }
    if (name->len == 0) return str_new(I, package->data, len);
    return str_printf(I, "%.*s.%s", (int)len, package->data, name->data);
}

/* from package import a, b: imports the names that are not attributes yet as submodules;
 * "*" does so for the names in the package's __all__ (as CPython's _handle_fromlist). */
static bool import_fromlist(Interp *I, Value m, Str *absname, Value fromlist, bool in_all) {
    if (!is_obj(fromlist) ||
        (as_obj(fromlist)->type->id != TY_TUPLE && as_obj(fromlist)->type->id != TY_LIST))
        return true;
    bool is_tuple = as_obj(fromlist)->type->id == TY_TUPLE;
    for (size_t i = 0;; i++) {
        /* re-read each time: a list (__all__) may change under the imports */
        size_t n = is_tuple ? as_tuple(fromlist)->len : as_list(fromlist)->len;
        if (i >= n) break;
        Value item = is_tuple ? as_tuple(fromlist)->items[i] : as_list(fromlist)->items[i];
        if (!is_str(I, item)) continue;
        Str *attr = as_str(item);
        if (attr->data[0] == '*') {
            if (in_all) continue;
            Value all;
            int has = obj_lookup_attr(I, m, I->names.all, &all);
            if (has < 0) return false;
            if (has == 0) continue;
            if (!import_fromlist(I, m, absname, all, true)) return false;
            continue;
        }
        Value have;
        int has = obj_lookup_attr(I, m, attr, &have);
        if (has < 0) return false;
        if (has) continue;
        Str *full = str_printf(I, "%s.%s", absname->data, attr->data);
        if (!full) return false;
        Value sub = import_one(I, full, m, attr->data);
        if (is_null(sub)) {
            /* A missing submodule is reported by IMPORT_FROM as "cannot import name". */
            if (err_matches(I, TY_MODULE_NOT_FOUND_ERROR)) {
                err_clear(I);
                continue;
            }
            return false;
        }
    }
    return true;
}

/* The sandbox's module allow-list: absname, or a package it is in, must be listed, unless
 * the import comes from the library's own frozen code (re importing _re, enum...). */
static int import_allowed(Interp *I, Str *absname) {
    if (!I->sandbox_modules) return 1;
    Frame *top = I->vm ? I->vm->top : NULL;
    if (top && code_is_frozen(top->code)) return 1;
    for (size_t i = 0; i <= absname->len; i++) {
        if (i < absname->len && absname->data[i] != '.') continue;
        Str *prefix = i == absname->len ? absname : str_new(I, absname->data, i);
        if (!prefix) return -1;
        if (!is_null(dict_get_str(I->sandbox_modules, prefix))) return 1;
    }
    err_format(I, TY_IMPORT_ERROR, "import of '%s' is not allowed in this sandbox", absname->data);
    return 0;
}

Value vm_import(Interp *I, Str *name, Value globals, Value fromlist, int level) {
    if (level < 0) return err_format(I, TY_VALUE_ERROR, "level must be >= 0");
    Str *absname = name;
    if (level > 0) {
        absname = resolve_relative(I, name, globals, level);
        if (!absname) return V_NULL;
    } else if (name->len == 0) {
        return err_format(I, TY_VALUE_ERROR, "Empty module name");
    }
    if (import_allowed(I, absname) <= 0) return V_NULL;
    Value top;
    Value m = import_dotted(I, absname, &top);
    if (is_null(m)) return m;
    int has_from = 0;
    if (!is_null(fromlist) && !is_none(fromlist)) {
        has_from = obj_truthy(I, fromlist);
        if (has_from < 0) return V_NULL;
    }
    if (!has_from) return level == 0 ? top : m;
    /* from package import submodule: import the names that are not attributes yet. */
    Value path;
    int has_path = obj_lookup_attr(I, m, I->names.path, &path);
    if (has_path <= 0) return has_path < 0 ? V_NULL : m;
    if (!import_fromlist(I, m, absname, fromlist, false)) return V_NULL;
    return m;
}
