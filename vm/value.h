/* value.h: the 16-byte tagged value every part of krait passes around.
 *
 * A Value is either an immediate (None, bool, a small int that fits in int64, a float) or a
 * pointer to a heap object. Keeping ints and floats unboxed means arithmetic loops allocate
 * nothing; ints that overflow int64 are promoted to a heap BigInt by the int code, so the
 * script still sees Python's unbounded int. The tag KR_TNULL is not a Python value: it is the
 * "no value" that functions return to signal a raised exception (as CPython's NULL), and it
 * marks unbound locals and absent optional arguments. */
#ifndef KRAIT_VALUE_H
#define KRAIT_VALUE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct kr_interp Interp;
typedef struct Obj Obj;
typedef struct Type Type;

typedef enum ValueTag {
    KR_TNULL = 0, /* no value: an exception is pending, or a slot is empty */
    KR_TNONE,
    KR_TBOOL,
    KR_TINT, /* small int, int64 range; bigger ints are BigInt heap objects */
    KR_TFLOAT,
    KR_TOBJ,
} ValueTag;

typedef struct Value {
    uint32_t tag;
    union {
        int64_t i; /* KR_TINT, and KR_TBOOL (0 or 1) */
        double f;
        Obj *o;
    } as;
} Value;

/* Every heap object starts with this 16-byte header. The collector finds objects through
 * its pages (gc_heap.c), so no per-object link is needed. */
struct Obj {
    Type *type;
    uint32_t gc_flags;  /* GC_MARKED, GC_LIVE, ... (gc.h) */
    uint32_t obj_flags; /* free for the owning type's use (e.g. Str: interned) */
};

#define V_NULL  ((Value){.tag = KR_TNULL})
#define V_NONE  ((Value){.tag = KR_TNONE})
#define V_TRUE  ((Value){.tag = KR_TBOOL, .as.i = 1})
#define V_FALSE ((Value){.tag = KR_TBOOL, .as.i = 0})

static inline Value v_int(int64_t i) {
    Value v;
    v.tag = KR_TINT;
    v.as.i = i;
    return v;
}
static inline Value v_float(double f) {
    Value v;
    v.tag = KR_TFLOAT;
    v.as.f = f;
    return v;
}
static inline Value v_bool(bool b) {
    Value v;
    v.tag = KR_TBOOL;
    v.as.i = b ? 1 : 0;
    return v;
}
static inline Value v_obj(void *o) {
    Value v;
    v.tag = KR_TOBJ;
    v.as.o = (Obj *)o;
    return v;
}

static inline bool is_null(Value v) {
    return v.tag == KR_TNULL;
}
static inline bool is_none(Value v) {
    return v.tag == KR_TNONE;
}
static inline bool is_bool(Value v) {
    return v.tag == KR_TBOOL;
}
static inline bool is_smallint(Value v) {
    return v.tag == KR_TINT;
}
static inline bool is_float(Value v) {
    return v.tag == KR_TFLOAT;
}
static inline bool is_obj(Value v) {
    return v.tag == KR_TOBJ;
}
static inline Obj *as_obj(Value v) {
    return v.as.o;
}

/* Identity, as Python's `is`. */
static inline bool v_is(Value a, Value b) {
    if (a.tag != b.tag) return false;
    switch (a.tag) {
    case KR_TNULL:
    case KR_TNONE: return true;
    case KR_TFLOAT: return a.as.i == b.as.i; /* bit identity */
    case KR_TOBJ: return a.as.o == b.as.o;
    default: return a.as.i == b.as.i;
    }
}

#endif
