/* api_native.c: what the host adds to the script's world: C functions (kr_cfunction, called
 * through a trampoline that gives the arguments as handles and turns KR_ERROR back into the
 * raised exception), native modules, and host classes whose instances carry host data and
 * a finalizer. Host functions are objects of a runtime type made per interpreter, so no
 * type object is shared between interpreters. */
#include <string.h>

#include "api_internal.h"
#include "../vm/dict.h"
#include "../vm/error.h"
#include "../vm/gc.h"
#include "../vm/seq.h"
#include "../vm/str.h"

/* ---- host functions ------------------------------------------------------------------- */

static void apifunc_trace(Interp *I, Obj *o) {
    gc_mark_obj(I, (Obj *)((ApiFunc *)o)->name);
}

static Value apifunc_call(Interp *I, Value self, int argc, Value *argv, Tuple *kw) {
    ApiFunc *f = (ApiFunc *)self.as.o;
    ApiState *a = I->api;
    size_t mark = a->nslots;
    int npos = argc; /* keyword values follow the positional ones in argv */
    kr_value *small[8];
    kr_value **h = small;
    if (npos > 8 && !(h = mem_alloc(I, (size_t)npos * sizeof *h))) return V_NULL;
    Value out = V_NULL;
    kr_value *hkw = NULL;
    for (int i = 0; i < npos; i++)
        if (!(h[i] = api_handle_new(I, argv[i]))) goto done;
    if (kw && kw->len) {
        Dict *d = dict_new(I);
        if (!d || !(hkw = api_handle_new(I, v_obj(d)))) goto done;
        for (size_t i = 0; i < kw->len; i++)
            if (dict_set(I, d, kw->items[i], argv[npos + (int)i]) < 0) goto done;
    }
    kr_value *res = NULL;
    I->last_error = NULL;
    int rc = f->fn(I, npos, h, hkw, &res, f->ud);
    if (rc == KR_OK) {
        err_clear(I);
        I->last_error = NULL;
        out = V_NONE;
        if (res && !api_handle_get(I, res, &out)) {
            out = err_format(I, TY_SYSTEM_ERROR, "%s() returned a released handle", f->name->data);
        } else if (!gc_temp_push(I, out)) { /* rooted until the VM takes it */
            out = err_nomem(I);
        }
    } else if (!err_occurred(I)) {
        Obj *e = I->last_error;
        I->last_error = NULL;
        if (e)
            err_restore(I, e);
        else
            err_format(I, TY_SYSTEM_ERROR, "%s() returned an error without raising one",
                       f->name->data);
    }
done:
    if (h != small) mem_free(I, h, (size_t)npos * sizeof *h);
    kr_scope_pop(I, mark);
    return out;
}

static Value apifunc_descr_get(Interp *I, Value descr, Value obj, Type *owner) {
    if (is_null(obj)) return descr;
    return bound_method_new(I, descr, obj);
}

static Value apifunc_repr(Interp *I, Value self) {
    Str *s = str_printf(I, "<built-in function %s>", ((ApiFunc *)self.as.o)->name->data);
    return s ? v_obj(s) : V_NULL;
}

bool api_native_init(Interp *I) {
    Type *obj = I->types[TY_OBJECT];
    Type *t = gc_new(I, I->types[TY_TYPE], sizeof(Type));
    if (!t) return false;
    I->api->func_type = t;
    t->name = t->qualname = str_intern_cstr(I, "builtin_function_or_method");
    t->base = obj;
    t->bases = tuple_pack(I, 1, v_obj(obj));
    t->mro = tuple_pack(I, 2, v_obj(t), v_obj(obj));
    t->tdict = dict_new(I);
    if (!t->name || !t->bases || !t->mro || !t->tdict) return false;
    t->id = -1;
    t->version = 1;
    t->instance_size = sizeof(ApiFunc);
    t->slots = obj->slots;
    t->slots.new = NULL;
    t->slots.trace = apifunc_trace;
    t->slots.call = apifunc_call;
    t->slots.descr_get = apifunc_descr_get;
    t->slots.repr = apifunc_repr;
    return true;
}

static ApiFunc *func_new(Interp *I, const char *name, kr_cfunction fn, void *ud) {
    Str *s = str_intern_cstr(I, name);
    if (!s) return NULL;
    ApiFunc *f = gc_new(I, I->api->func_type, sizeof(ApiFunc));
    if (!f) return NULL;
    f->name = s;
    f->fn = fn;
    f->ud = ud;
    return f;
}

static bool valid_name(const char *name) {
    return name && *name && utf8_validate(name, strlen(name)) < 0;
}

kr_value *kr_function(kr_interp *I, const char *name, kr_cfunction fn, void *ud) {
    if (!I || !valid_name(name) || !fn) return NULL;
    size_t mark = gc_temp_mark(I);
    ApiFunc *f = func_new(I, name, fn, ud);
    kr_value *h = f ? api_give(I, v_obj(f)) : (api_take_error(I), NULL);
    gc_temp_reset(I, mark);
    return h;
}

int kr_register_function(kr_interp *I, const char *name, kr_cfunction fn, void *ud) {
    if (!I || !valid_name(name) || !fn) return KR_BADARG;
    size_t mark = gc_temp_mark(I);
    ApiFunc *f = func_new(I, name, fn, ud);
    int rc = KR_OK;
    /* (a host function is meant for the script: a sandbox's builtins allow-list keeps it) */
    if (!f || dict_set_str(I, I->builtins->dict, f->name, v_obj(f)) < 0 ||
        (I->script_builtins && dict_set_str(I, I->script_builtins, f->name, v_obj(f)) < 0))
        rc = api_take_error(I);
    gc_temp_reset(I, mark);
    return rc;
}

int kr_register_module(kr_interp *I, const char *name, const kr_function_def *fns, void *ud,
                       kr_value **module) {
    if (module) *module = NULL;
    if (!I || !valid_name(name)) return KR_BADARG;
    if (fns)
        for (const kr_function_def *d = fns; d->name; d++)
            if (!valid_name(d->name) || !d->fn) return KR_BADARG;
    size_t mark = gc_temp_mark(I);
    int rc = KR_OK;
    Str *s = str_intern_cstr(I, name);
    Module *m = s ? module_new(I, s) : NULL;
    if (!m) goto fail;
    if (fns) {
        for (const kr_function_def *d = fns; d->name; d++) {
            ApiFunc *f = func_new(I, d->name, d->fn, ud);
            if (!f || dict_set_str(I, m->dict, f->name, v_obj(f)) < 0) goto fail;
        }
    }
    if (dict_set_str(I, I->modules, s, v_obj(m)) < 0) goto fail;
    if (I->sandbox_modules && dict_set_str(I, I->sandbox_modules, s, V_NONE) < 0) goto fail;
    rc = api_give_out(I, v_obj(m), module);
    gc_temp_reset(I, mark);
    return rc;
fail:
    rc = api_take_error(I);
    gc_temp_reset(I, mark);
    return rc;
}

/* ---- host classes --------------------------------------------------------------------- */

/* What a host class needs on the C side, in a bytes blob (GC'd, no pointers to trace) that
 * only the Type's host_info field holds: scripts can neither see nor forge it. */
typedef struct ApiTypeInfo {
    kr_finalizer fin;
    kr_finalizer_ex fin_ex;
    void *ud;
    const kr_type_def *def;
    ApiState *owner;
} ApiTypeInfo;

static ApiTypeInfo *type_info(Interp *I, Type *t) {
    Obj *b = t->host_info;
    if (!b || b->type != I->types[TY_BYTES] || ((Bytes *)b)->len != sizeof(ApiTypeInfo))
        return NULL;
    return (ApiTypeInfo *)((Bytes *)b)->data;
}

static void apiinst_finalize(Interp *I, Obj *o) {
    ApiInst *x = (ApiInst *)o;
    if (x->owner && x->fin) x->fin(x->data, x->ud);
    if (x->owner && x->fin_ex) x->fin_ex(I, x->data, x->ud);
    x->fin = NULL;
    x->fin_ex = NULL;
}

static Value apiinst_new_obj(Interp *I, Type *t) {
    ApiTypeInfo *info = type_info(I, t);
    if (!info) return err_format(I, TY_TYPE_ERROR, "cannot create '%s' instances", t->name->data);
    ApiTypeInfo copy = *info;
    ApiInst *x = gc_new(I, t, t->instance_size);
    if (!x) return V_NULL;
    x->owner = I->api;
    x->fin = copy.fin;
    x->fin_ex = copy.fin_ex;
    x->ud = copy.ud;
    return v_obj(x);
}

static Value apiinst_new(Interp *I, Type *t, int argc, Value *argv, Tuple *kw) {
    return apiinst_new_obj(I, t);
}

/* A property from a kr_property_def: the builtin property type over host functions. */
static bool add_property(Interp *I, Dict *ns, const kr_property_def *p, void *ud) {
    Value args[2] = {V_NONE, V_NONE};
    ApiFunc *g = func_new(I, p->name, p->get, ud);
    if (!g) return false;
    args[0] = v_obj(g);
    if (p->set) {
        ApiFunc *f = func_new(I, p->name, p->set, ud);
        if (!f) return false;
        args[1] = v_obj(f);
    }
    Value prop = obj_call(I, v_obj(I->types[TY_PROPERTY]), 2, args, NULL);
    if (is_null(prop) || !gc_temp_push(I, prop)) return false;
    Str *name = str_intern_cstr(I, p->name);
    return name && dict_set_str(I, ns, name, prop) >= 0;
}

int kr_new_type(kr_interp *I, const kr_type_def *def, void *ud, kr_value **type) {
    return kr_new_type_ex(I, def, NULL, ud, type);
}

int kr_new_type_ex(kr_interp *I, const kr_type_def *def, const kr_type_ext *ext, void *ud,
                   kr_value **type) {
    static const kr_type_ext none = {NULL, 0, NULL, NULL};
    if (!ext) ext = &none;
    if (type) *type = NULL;
    if (!I || !def || !valid_name(def->name) || !type || def->data_size > ((size_t)1 << 40))
        return KR_BADARG;
    if (def->methods)
        for (const kr_function_def *d = def->methods; d->name; d++)
            if (!valid_name(d->name) || !d->fn) return KR_BADARG;
    if (ext->properties)
        for (const kr_property_def *p = ext->properties; p->name; p++)
            if (!valid_name(p->name) || !p->get) return KR_BADARG;
    if (ext->doc && utf8_validate(ext->doc, strlen(ext->doc)) >= 0) return KR_BADARG;
    size_t mark = gc_temp_mark(I);
    Str *name = str_intern_cstr(I, def->name);
    Dict *ns = name ? dict_new(I) : NULL;
    Tuple *bases = ns ? tuple_new(I, 0) : NULL;
    if (!bases) goto fail;
    ApiTypeInfo info = {def->finalize, ext->finalize_ex, ud, def, I->api};
    Bytes *blob = bytes_new(I, &info, sizeof info);
    Str *modname = blob ? str_intern_cstr(I, "builtins") : NULL;
    if (!modname || dict_set_str(I, ns, I->names.module, v_obj(modname)) < 0) goto fail;
    if (ext->doc) {
        Str *doc = str_from_cstr(I, ext->doc);
        Str *key = doc ? str_intern_cstr(I, "__doc__") : NULL;
        if (!key || dict_set_str(I, ns, key, v_obj(doc)) < 0) goto fail;
    }
    if (def->methods) {
        for (const kr_function_def *d = def->methods; d->name; d++) {
            ApiFunc *f = func_new(I, d->name, d->fn, ud);
            if (!f || dict_set_str(I, ns, f->name, v_obj(f)) < 0) goto fail;
        }
    }
    if (ext->properties)
        for (const kr_property_def *p = ext->properties; p->name; p++)
            if (!add_property(I, ns, p, ud)) goto fail;
    Type *t = type_new_heap(I, name, bases, ns);
    if (!t) goto fail;
    t->flags &= ~TF_BASETYPE;
    if (ext->sealed) t->flags |= TF_SEALED;
    t->flags |= TF_FIXED_CLASS; /* one class's methods never get another's host data */
    t->dictoffset = offsetof(ApiInst, dict);
    t->instance_size = offsetof(ApiInst, data) + def->data_size;
    t->host_info = (Obj *)blob;
    t->slots.new = apiinst_new;
    t->slots.finalize = apiinst_finalize;
    int rc = api_give_out(I, v_obj(t), type);
    gc_temp_reset(I, mark);
    return rc;
fail:;
    int rc2 = api_take_error(I);
    gc_temp_reset(I, mark);
    return rc2;
}

static Type *host_class(Interp *I, kr_value *type) {
    Value t;
    if (!api_handle_get(I, type, &t) || !is_obj(t) || t.as.o->type != I->types[TY_TYPE])
        return NULL;
    Type *ty = (Type *)t.as.o;
    return type_info(I, ty) ? ty : NULL;
}

int kr_new_instance(kr_interp *I, kr_value *type, kr_value **out) {
    if (out) *out = NULL;
    Type *t = host_class(I, type);
    if (!t || !out) return KR_BADARG;
    size_t mark = gc_temp_mark(I);
    Value v = apiinst_new_obj(I, t);
    int rc = is_null(v) ? api_take_error(I) : api_give_out(I, v, out);
    gc_temp_reset(I, mark);
    return rc;
}

void *kr_instance_data(kr_interp *I, kr_value *obj, kr_value *type) {
    Type *t = host_class(I, type);
    Value v;
    if (!t || !api_handle_get(I, obj, &v) || !is_obj(v) || v.as.o->type != t) return NULL;
    ApiInst *x = (ApiInst *)v.as.o;
    return x->owner == I->api ? x->data : NULL;
}

void *kr_instance_data_of(kr_interp *I, kr_value *obj, const kr_type_def *def) {
    Value v;
    if (!I || !def || !api_handle_get(I, obj, &v) || !is_obj(v)) return NULL;
    ApiTypeInfo *info = type_info(I, v.as.o->type);
    if (!info || info->def != def || info->owner != I->api) return NULL;
    ApiInst *x = (ApiInst *)v.as.o;
    return x->owner == I->api ? x->data : NULL;
}
