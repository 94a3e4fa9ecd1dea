/* object.h: the object model shared by every part of the VM.
 *
 * A Type is a heap object (so classes are first-class values) holding a table of C slots for
 * the protocols (repr, hash, compare, arithmetic, call, iteration, subscripting...) and a
 * dict of attributes. Builtin types are described by const TypeSpec tables (one per type
 * family, in that family's file) and instantiated per interpreter at start-up, so no mutable
 * type object is ever shared between interpreters. User classes are heap types whose slots
 * are generic functions that look up the dunder methods (type.c).
 *
 * Error convention, everywhere in the VM: a function returning Value returns V_NULL after
 * raising (I->exc is set); one returning int returns -1 after raising. Iteration's `next`
 * slot returns V_NULL with no exception set when the iterator is exhausted. */
#ifndef KRAIT_OBJECT_H
#define KRAIT_OBJECT_H

#include "value.h"

typedef struct Str Str;
typedef struct BigInt BigInt;
typedef struct Bytes Bytes;
typedef struct List List;
typedef struct Tuple Tuple;
typedef struct Dict Dict;
typedef struct Set Set;
typedef struct Module Module;
typedef struct BufView BufView; /* vm/buffer.h */

/* Calling convention for every native function and method ("vectorcall"): argv holds argc
 * positional values followed by one value per name in kwnames (NULL when there are no
 * keyword arguments). For methods, argv[0] is self and counts in argc. argv is owned by the
 * caller and stays rooted for the duration of the call. */
typedef Value (*NativeFn)(Interp *I, int argc, Value *argv, Tuple *kwnames);

enum { CMP_LT, CMP_LE, CMP_EQ, CMP_NE, CMP_GT, CMP_GE };
enum {
    BIN_ADD,
    BIN_SUB,
    BIN_MUL,
    BIN_MATMUL,
    BIN_TRUEDIV,
    BIN_FLOORDIV,
    BIN_MOD,
    BIN_POW,
    BIN_LSHIFT,
    BIN_RSHIFT,
    BIN_AND,
    BIN_OR,
    BIN_XOR,
    BIN__COUNT
};
enum { UN_NEG, UN_POS, UN_INVERT };

/* Protocol slots. NULL means "not supported" (the generic function raises the TypeError
 * CPython raises). Builtin subtypes inherit NULL slots from their base at type creation. */
typedef struct TypeSlots {
    void (*trace)(Interp *I, Obj *o);    /* mark every Value/Obj the object holds (gc.h) */
    void (*finalize)(Interp *I, Obj *o); /* release memory the object owns (not the object) */
    Value (*repr)(Interp *I, Value self);
    Value (*str)(Interp *I, Value self);                       /* NULL: use repr */
    int (*hash)(Interp *I, Value self, int64_t *out);          /* NULL: unhashable */
    Value (*richcompare)(Interp *I, Value a, Value b, int op); /* may return NotImplemented */
    /* Binary operators: called as binop(a, b, op) first on type(a) then, if that returns
     * NotImplemented, on type(b) with the same (a, b) order; so a slot must accept self on
     * either side. Returns NotImplemented for operands it does not handle. */
    Value (*binop)(Interp *I, Value a, Value b, int op);
    Value (*inplace)(Interp *I, Value a, Value b, int op); /* NULL or NotImplemented: binop */
    Value (*unop)(Interp *I, Value a, int op);
    int (*truthy)(Interp *I, Value self);  /* NULL: len if present, else true */
    int64_t (*len)(Interp *I, Value self); /* -1 on error */
    Value (*getitem)(Interp *I, Value self, Value key);
    int (*setitem)(Interp *I, Value self, Value key, Value v); /* v V_NULL: delete */
    int (*contains)(Interp *I, Value self, Value item);        /* 1, 0, -1 */
    Value (*iter)(Interp *I, Value self);
    Value (*next)(Interp *I, Value self); /* V_NULL, no exception: exhausted */
    Value (*call)(Interp *I, Value self, int argc, Value *argv, Tuple *kwnames);
    /* Attribute access. NULL getattr/setattr mean the generic ones (type.c). */
    Value (*getattr)(Interp *I, Value self, Str *name);
    int (*setattr)(Interp *I, Value self, Str *name, Value v); /* v V_NULL: delete */
    /* Descriptor protocol, for function, property, staticmethod, classmethod. */
    Value (*descr_get)(Interp *I, Value descr, Value obj, Type *owner); /* obj V_NULL: class */
    int (*descr_set)(Interp *I, Value descr, Value obj, Value v);
    /* Construction: type(...) calls new, then __init__ if the result is an instance. */
    Value (*new)(Interp *I, Type *type, int argc, Value *argv, Tuple *kwnames);
    Value (*index)(Interp *I, Value self); /* __index__: return an int Value */
    /* The buffer protocol (vm/buffer.h): fill *out, 0; -1 after raising. NULL: no buffer. */
    int (*getbuf)(Interp *I, Value self, BufView *out);
} TypeSlots;

enum {
    METH_STATIC = 1, /* no self: argv holds only the arguments */
    METH_CLASS = 2,  /* argv[0] is the type */
};
typedef struct MethodDef {
    const char *name;
    NativeFn fn;
    unsigned flags;
} MethodDef;

typedef struct GetSetDef {
    const char *name;
    Value (*get)(Interp *I, Value self);
    int (*set)(Interp *I, Value self, Value v); /* NULL: read-only */
} GetSetDef;

enum {
    TF_HEAPTYPE = 1u << 0, /* created by a class statement */
    TF_BASETYPE = 1u << 1, /* may be subclassed */
    TF_EXCEPTION = 1u << 2,
    TF_HAS_DICT = 1u << 3, /* instances carry a Dict* at dictoffset */
    /* Subclass of a variable-size builtin (tuple, str, bytes): the instance dict lives in the
     * object's GC prefix (gc_prefix_dict), since the items follow the fixed header. */
    TF_PREFIX_DICT = 1u << 4,
    /* A class whose __slots__ leave its instances without a __dict__ (slots.c). */
    TF_NODICT = 1u << 5,
    TF_SEALED = 1u << 6, /* a heap type whose attributes scripts cannot set or delete */
    /* Instances never change class (__class__ assignment refuses): the C API's host classes,
     * whose instances carry host data only their own class's methods may read. */
    TF_FIXED_CLASS = 1u << 7,
};

/* The const description of a builtin type, in the file of its family. */
typedef struct TypeSpec {
    const char *name;
    int base; /* a TypeId (below); TY_OBJECT for plain types; -1 only for object itself */
    size_t instance_size;
    unsigned flags;
    TypeSlots slots;
    const MethodDef *methods; /* NULL-terminated array, or NULL */
    const GetSetDef *getsets; /* NULL-terminated array, or NULL */
    size_t dictoffset; /* with TF_HAS_DICT: offset of the instances' Dict* (interp.c copies it
                          to Type.dictoffset; 0 elsewhere) */
} TypeSpec;

struct Type {
    Obj hdr;
    Str *name;
    Str *qualname;
    Str *module; /* __module__, NULL for builtins */
    Type *base;
    Tuple *bases;
    Tuple *mro;  /* NULL for a builtin type until its first use: read it through type_mro */
    Dict *tdict; /* NULL for a builtin type until its first use: read it through type_dict */
    unsigned flags;
    size_t instance_size;
    size_t dictoffset; /* 0: no instance dict */
    TypeSlots slots;
    int id;           /* TypeId for builtins, -1 for heap types */
    uint64_t version; /* bumped when dict or bases change; for inline caches */
    /* __slots__ values: Values from this offset to instance_size (0: none; slots.c) */
    uint32_t slot_start;
    /* A host class's C-side description (api/api_native.c: finalizer, user data), traced,
     * never reachable from scripts; NULL for every other type. */
    Obj *host_info;
};

/* Builtin types. X(ID, spec) where spec is the extern const TypeSpec of the owning file.
 * Order is start-up order; a type's base must come before it. */
#define BUILTIN_TYPES(X)                                                                           \
    X(OBJECT, object_spec)                                                                         \
    X(TYPE, type_spec)                                                                             \
    X(NONE, none_spec)                                                                             \
    X(NOTIMPL, notimpl_spec)                                                                       \
    X(ELLIPSIS, ellipsis_spec)                                                                     \
    X(INT, int_spec)                                                                               \
    X(BOOL, bool_spec)                                                                             \
    X(FLOAT, float_spec)                                                                           \
    X(STR, str_spec)                                                                               \
    X(BYTES, bytes_spec)                                                                           \
    X(BYTEARRAY, bytearray_spec)                                                                   \
    X(LIST, list_spec)                                                                             \
    X(TUPLE, tuple_spec)                                                                           \
    X(DICT, dict_spec)                                                                             \
    X(SET, set_spec)                                                                               \
    X(FROZENSET, frozenset_spec)                                                                   \
    X(RANGE, range_spec)                                                                           \
    X(SLICE, slice_spec)                                                                           \
    X(STR_ITER, str_iter_spec)                                                                     \
    X(BYTES_ITER, bytes_iter_spec)                                                                 \
    X(LIST_ITER, list_iter_spec)                                                                   \
    X(LIST_REVITER, list_reviter_spec)                                                             \
    X(TUPLE_ITER, tuple_iter_spec)                                                                 \
    X(RANGE_ITER, range_iter_spec)                                                                 \
    X(DICT_KEYS, dict_keys_spec)                                                                   \
    X(DICT_VALUES, dict_values_spec)                                                               \
    X(DICT_ITEMS, dict_items_spec)                                                                 \
    X(DICT_KEYITER, dict_keyiter_spec)                                                             \
    X(DICT_VALUEITER, dict_valueiter_spec)                                                         \
    X(DICT_ITEMITER, dict_itemiter_spec)                                                           \
    X(SET_ITER, set_iter_spec)                                                                     \
    X(SEQ_ITER, seq_iter_spec)                                                                     \
    X(ENUMERATE, enumerate_spec)                                                                   \
    X(ZIP, zip_spec)                                                                               \
    X(MAP, map_spec)                                                                               \
    X(FILTER, filter_spec)                                                                         \
    X(REVERSED, reversed_spec)                                                                     \
    X(CALLABLE_ITER, callable_iter_spec)                                                           \
    X(MODULE, module_spec)                                                                         \
    X(NATIVE_FUNC, native_func_spec)                                                               \
    X(BOUND_METHOD, bound_method_spec)                                                             \
    X(PROPERTY, property_spec)                                                                     \
    X(STATICMETHOD, staticmethod_spec)                                                             \
    X(CLASSMETHOD, classmethod_spec)                                                               \
    X(GETSET, getset_spec)                                                                         \
    X(MEMBER_DESCR, member_descr_spec)                                                             \
    X(SUPER, super_spec)                                                                           \
    X(FUNCTION, function_spec)                                                                     \
    X(CODE, code_spec)                                                                             \
    X(CELL, cell_spec)                                                                             \
    X(GENERATOR, generator_spec)                                                                   \
    X(COROUTINE, coroutine_spec)                                                                   \
    X(ASYNC_GENERATOR, async_generator_spec)                                                       \
    X(ASYNC_GEN_ASEND, async_gen_asend_spec)                                                       \
    X(ASYNC_GEN_ATHROW, async_gen_athrow_spec)                                                     \
    X(ANEXT_AWAITABLE, anext_awaitable_spec)                                                       \
    X(TRACEBACK, traceback_spec)                                                                   \
    X(FRAME, frame_spec)                                                                           \
    X(ARRAY, array_spec)                                                                           \
    X(DTYPE, dtype_spec)                                                                           \
    X(ARRAY_ITER, array_iter_spec)                                                                 \
    X(NPGENERIC, npgeneric_spec)                                                                   \
    X(NPSCALAR, npscalar_spec)                                                                     \
    X(TILE_KERNEL, tile_kernel_spec)                                                               \
    X(RE_CODE, re_code_spec)                                                                       \
    X(MEMORYVIEW, memoryview_spec)                                                                 \
    X(PYARRAY, pyarray_spec) /* array.array (stdlib/array.c) */                                    \
    X(WEAKREF, weakref_spec)                                                                       \
    X(GPU_GRAPH, gpu_graph_spec) /* gpu.Graph (stdlib/gpu/gpu_graph.c) */

/* The exception hierarchy: X(ID, "Name", BASE_ID). BASE_EXCEPTION's base is object. */
#define BUILTIN_EXCEPTIONS(X)                                                                      \
    X(BASE_EXCEPTION, "BaseException", OBJECT)                                                     \
    X(SYSTEM_EXIT, "SystemExit", BASE_EXCEPTION)                                                   \
    X(KEYBOARD_INTERRUPT, "KeyboardInterrupt", BASE_EXCEPTION)                                     \
    X(GENERATOR_EXIT, "GeneratorExit", BASE_EXCEPTION)                                             \
    X(EXCEPTION, "Exception", BASE_EXCEPTION)                                                      \
    X(STOP_ITERATION, "StopIteration", EXCEPTION)                                                  \
    X(STOP_ASYNC_ITERATION, "StopAsyncIteration", EXCEPTION)                                       \
    X(ARITHMETIC_ERROR, "ArithmeticError", EXCEPTION)                                              \
    X(FLOATING_POINT_ERROR, "FloatingPointError", ARITHMETIC_ERROR)                                \
    X(OVERFLOW_ERROR, "OverflowError", ARITHMETIC_ERROR)                                           \
    X(ZERO_DIVISION_ERROR, "ZeroDivisionError", ARITHMETIC_ERROR)                                  \
    X(ASSERTION_ERROR, "AssertionError", EXCEPTION)                                                \
    X(ATTRIBUTE_ERROR, "AttributeError", EXCEPTION)                                                \
    X(BUFFER_ERROR, "BufferError", EXCEPTION)                                                      \
    X(EOF_ERROR, "EOFError", EXCEPTION)                                                            \
    X(IMPORT_ERROR, "ImportError", EXCEPTION)                                                      \
    X(MODULE_NOT_FOUND_ERROR, "ModuleNotFoundError", IMPORT_ERROR)                                 \
    X(LOOKUP_ERROR, "LookupError", EXCEPTION)                                                      \
    X(INDEX_ERROR, "IndexError", LOOKUP_ERROR)                                                     \
    X(KEY_ERROR, "KeyError", LOOKUP_ERROR)                                                         \
    X(MEMORY_ERROR, "MemoryError", EXCEPTION)                                                      \
    X(NAME_ERROR, "NameError", EXCEPTION)                                                          \
    X(UNBOUND_LOCAL_ERROR, "UnboundLocalError", NAME_ERROR)                                        \
    X(OS_ERROR, "OSError", EXCEPTION)                                                              \
    X(FILE_NOT_FOUND_ERROR, "FileNotFoundError", OS_ERROR)                                         \
    X(FILE_EXISTS_ERROR, "FileExistsError", OS_ERROR)                                              \
    X(PERMISSION_ERROR, "PermissionError", OS_ERROR)                                               \
    X(IS_A_DIRECTORY_ERROR, "IsADirectoryError", OS_ERROR)                                         \
    X(NOT_A_DIRECTORY_ERROR, "NotADirectoryError", OS_ERROR)                                       \
    X(TIMEOUT_ERROR, "TimeoutError", OS_ERROR)                                                     \
    X(BLOCKING_IO_ERROR, "BlockingIOError", OS_ERROR)                                              \
    X(CHILD_PROCESS_ERROR, "ChildProcessError", OS_ERROR)                                          \
    X(INTERRUPTED_ERROR, "InterruptedError", OS_ERROR)                                             \
    X(PROCESS_LOOKUP_ERROR, "ProcessLookupError", OS_ERROR)                                        \
    X(CONNECTION_ERROR, "ConnectionError", OS_ERROR)                                               \
    X(BROKEN_PIPE_ERROR, "BrokenPipeError", CONNECTION_ERROR)                                      \
    X(CONNECTION_ABORTED_ERROR, "ConnectionAbortedError", CONNECTION_ERROR)                        \
    X(CONNECTION_REFUSED_ERROR, "ConnectionRefusedError", CONNECTION_ERROR)                        \
    X(CONNECTION_RESET_ERROR, "ConnectionResetError", CONNECTION_ERROR)                            \
    X(REFERENCE_ERROR, "ReferenceError", EXCEPTION)                                                \
    X(RUNTIME_ERROR, "RuntimeError", EXCEPTION)                                                    \
    X(NOT_IMPLEMENTED_ERROR, "NotImplementedError", RUNTIME_ERROR)                                 \
    X(RECURSION_ERROR, "RecursionError", RUNTIME_ERROR)                                            \
    X(SYNTAX_ERROR, "SyntaxError", EXCEPTION)                                                      \
    X(INDENTATION_ERROR, "IndentationError", SYNTAX_ERROR)                                         \
    X(TAB_ERROR, "TabError", INDENTATION_ERROR)                                                    \
    X(SYSTEM_ERROR, "SystemError", EXCEPTION)                                                      \
    X(TYPE_ERROR, "TypeError", EXCEPTION)                                                          \
    X(VALUE_ERROR, "ValueError", EXCEPTION)                                                        \
    X(UNICODE_ERROR, "UnicodeError", VALUE_ERROR)                                                  \
    X(UNICODE_DECODE_ERROR, "UnicodeDecodeError", UNICODE_ERROR)                                   \
    X(UNICODE_ENCODE_ERROR, "UnicodeEncodeError", UNICODE_ERROR)                                   \
    X(WARNING, "Warning", EXCEPTION)                                                               \
    X(DEPRECATION_WARNING, "DeprecationWarning", WARNING)                                          \
    X(RUNTIME_WARNING, "RuntimeWarning", WARNING)                                                  \
    X(USER_WARNING, "UserWarning", WARNING)                                                        \
    X(PENDING_DEPRECATION_WARNING, "PendingDeprecationWarning", WARNING)                           \
    X(SYNTAX_WARNING, "SyntaxWarning", WARNING)                                                    \
    X(FUTURE_WARNING, "FutureWarning", WARNING)                                                    \
    X(IMPORT_WARNING, "ImportWarning", WARNING)                                                    \
    X(UNICODE_WARNING, "UnicodeWarning", WARNING)                                                  \
    X(BYTES_WARNING, "BytesWarning", WARNING)                                                      \
    X(RESOURCE_WARNING, "ResourceWarning", WARNING)                                                \
    X(ENCODING_WARNING, "EncodingWarning", WARNING)                                                \
    X(BASE_EXCEPTION_GROUP, "BaseExceptionGroup", BASE_EXCEPTION)                                  \
    X(EXCEPTION_GROUP, "ExceptionGroup", BASE_EXCEPTION_GROUP)

typedef enum TypeId {
#define X(id, spec) TY_##id,
    BUILTIN_TYPES(X)
#undef X
#define X(id, name, base) TY_##id,
        BUILTIN_EXCEPTIONS(X)
#undef X
            TY__COUNT
} TypeId;

#define X(id, spec) extern const TypeSpec spec;
BUILTIN_TYPES(X)
#undef X

/* ---- Object layouts shared between families ---------------------------------------- */

/* str: UTF-8 bytes, NUL-terminated for C convenience. Owned by vm/str.c. */
#define STR_INTERNED 1u /* in Obj.obj_flags */
struct Str {
    Obj hdr;
    int64_t hash;  /* -1 until computed */
    size_t len;    /* bytes */
    size_t nchars; /* code points */
    bool ascii;    /* len == nchars: O(1) indexing */
    char data[];
};

/* bytes (immutable) shares the layout of its family; bytearray is a separate growable one. */
struct Bytes {
    Obj hdr;
    int64_t hash;
    size_t len;
    unsigned char data[];
};
typedef struct ByteArray {
    Obj hdr;
    size_t len, cap;
    unsigned char *data;
} ByteArray;

/* An int too big for int64, sign-magnitude with base 2^30 digits (vm/int.c). Every int
 * value that fits int64 is a KR_TINT immediate; the int code keeps that invariant. */
struct BigInt {
    Obj hdr;
    int32_t sign; /* -1 or 1 */
    uint32_t ndigits;
    uint32_t digits[]; /* little-endian, base 2^30 */
};

struct List {
    Obj hdr;
    size_t len, cap;
    Value *items;
};

struct Tuple {
    Obj hdr;
    size_t len;
    Value items[];
};

/* Insertion-ordered dict in the compact layout of CPython 3.6+: a dense entry array and a
 * sparse index table. Details private to vm/dict.c, but the fields are here so hot paths can
 * inline. */
typedef struct DictEntry {
    int64_t hash;
    Value key; /* V_NULL: deleted entry */
    Value value;
} DictEntry;
struct Dict {
    Obj hdr;
    size_t len;      /* live entries */
    size_t nentries; /* used entries, including deleted */
    size_t entries_cap;
    DictEntry *entries;
    size_t index_cap; /* power of two, 0 when empty */
    int32_t *index;   /* -1 empty, -2 dummy, else entry index */
    uint64_t version; /* bumped on every mutation: iteration checks and inline caches */
    /* Bit (hash & 63) set for every key inserted since the dict was last emptied (deletes
     * leave theirs): a clear bit proves a key absent without probing, which is what
     * LOAD_METHOD asks of an instance dict at every method call (dict_may_hold). */
    uint64_t key_bits;
};

/* set and frozenset: CPython's open-addressing table, so iteration order over ints matches. */
typedef struct SetEntry {
    int64_t hash;
    Value key; /* V_NULL empty; the dummy is a dedicated marker (set.c) */
} SetEntry;
struct Set {
    Obj hdr;
    size_t used; /* live entries */
    size_t fill; /* live + dummies */
    size_t mask; /* table size - 1 */
    SetEntry *table;
    int64_t finger; /* for pop() */
    int64_t hash;   /* frozenset hash cache, -1 */
    uint64_t version;
};

typedef struct Range {
    Obj hdr;
    Value start, stop, step; /* ints (small or big) */
    Value length;            /* cached len as int Value */
} Range;

typedef struct Slice {
    Obj hdr;
    Value start, stop, step; /* any values, None when absent */
} Slice;

struct Module {
    Obj hdr;
    Dict *dict;
    Str *name;
};

/* A builtin function, or a builtin method when owner is set (descr_get binds it). */
typedef struct NativeFunc {
    Obj hdr;
    Str *name;
    NativeFn fn;
    unsigned flags; /* METH_* */
    Type *owner;    /* the type it is a method of, or NULL */
    Value self;     /* bound self (V_NULL when unbound) */
    Module *module; /* for builtins of a module, NULL otherwise */
} NativeFunc;

typedef struct BoundMethod {
    Obj hdr;
    Value func;
    Value self;
} BoundMethod;

typedef struct Property {
    Obj hdr;
    Value fget, fset, fdel, doc; /* None when absent */
    Value name; /* set by __set_name__ (or fget's __name__), for error messages; None */
} Property;

typedef struct StaticMethodObj { /* staticmethod and classmethod */
    Obj hdr;
    Value func;
} StaticMethodObj;

typedef struct GetSet {
    Obj hdr;
    const GetSetDef *def;
    Type *owner;
} GetSet;

/* An instance of a user class that adds nothing but a dict to object. */
typedef struct Instance {
    Obj hdr;
    Dict *dict;
} Instance;

/* BaseException and all exceptions. Instances of user subclasses have a dict. */
typedef struct ExcObj {
    Obj hdr;
    Dict *dict;
    Tuple *args;
    Value cause;   /* __cause__, None when absent */
    Value context; /* __context__, None when absent */
    bool suppress_context;
    Obj *traceback; /* a Traceback (vm/traceback.c) or NULL */
    Value extra;    /* per-subclass: SystemExit.code, StopIteration.value, KeyError key...;
                       SyntaxError keeps a tuple (filename, lineno, offset, text) here */
} ExcObj;

/* ---- The generic protocol (vm/protocol.c) ------------------------------------------ */

Type *type_of(Interp *I, Value v);
const char *type_name(Interp *I, Value v); /* the type's name as C string */
bool type_is_subtype(Type *a, Type *b);    /* walks the mro */
bool is_instance(Interp *I, Value v, Type *t);
/* A type's dict. A builtin type's is built at its first use (interp.c): NULL only when the
 * host's allocator failed, after raising MemoryError (type_dict) or without an error
 * (type_dict_noerr, for lookups, which treat it as absent). Heap types always have one. */
Dict *type_dict(Interp *I, Type *t);
/* A builtin exception class (id of BUILTIN_EXCEPTIONS): most are made at their first use
 * (interp.c), so I->types[id] may be NULL until then; a type not made has no instances, so
 * a subtype test may read I->types[id] as it is (type_is_subtype(t, NULL) is false). NULL
 * after raising MemoryError when the host's allocator fails. exc_type_name: its name. */
Type *exc_type(Interp *I, int id);
const char *exc_type_name(int id);
Dict *type_dict_noerr(Interp *I, Type *t);
/* A type's mro tuple, the same way: a builtin type's is made at its first use (t->mro is
 * NULL until then: read it through these). Heap types always have one. */
Tuple *type_mro(Interp *I, Type *t);
Tuple *type_mro_noerr(Interp *I, Type *t);
/* One entry of the type's own dict (no mro): V_NULL when absent, never an error; and a
 * store, -1 after raising. */
Value type_dict_get(Interp *I, Type *t, Str *name);
int type_dict_set(Interp *I, Type *t, Str *name, Value v);
/* The mro lookup, no descriptors; V_NULL if absent (no error). It builds the dicts of the
 * builtin types it passes (type_dict), so it may allocate, but it never collects. */
Value type_lookup(Interp *I, Type *t, Str *name);
Value type_lookup_owner(Interp *I, Type *t, Str *name, Type **owner); /* and which type holds it */
int obj_isinstance(Interp *I, Value v, Value cls); /* isinstance(v, cls): cls a type or tuple */
int obj_issubclass(Interp *I, Value derived, Value cls); /* issubclass(); 1, 0, -1 */

Value obj_repr(Interp *I, Value v); /* always a Str value or V_NULL */
Value obj_str(Interp *I, Value v);
Value obj_ascii(Interp *I, Value v);
int obj_hash(Interp *I, Value v, int64_t *out);
Value obj_richcompare(Interp *I, Value a, Value b, int op); /* TypeError if unsupported */
int obj_compare_bool(Interp *I, Value a, Value b, int op);  /* 1, 0, -1 */
int obj_eq(Interp *I, Value a, Value b);                    /* identity fast path, 1 0 -1 */
int obj_truthy(Interp *I, Value v);
Value obj_binop(Interp *I, Value a, Value b, int op);
Value obj_inplace(Interp *I, Value a, Value b, int op);
Value obj_unop(Interp *I, Value v, int op);
int64_t obj_len(Interp *I, Value v);
/* operator.length_hint(v, dflt), as PyObject_LengthHint: len(), else __length_hint__, else
 * dflt; -1 after raising. Builders preallocate with it, so list(range(2**62)) fails at once. */
int64_t obj_length_hint(Interp *I, Value v, int64_t dflt);
Value obj_getitem(Interp *I, Value o, Value key);
int obj_setitem(Interp *I, Value o, Value key, Value v);
int obj_delitem(Interp *I, Value o, Value key);
int obj_contains(Interp *I, Value container, Value item); /* falls back to iteration */
Value obj_iter(Interp *I, Value v);
Value obj_next(Interp *I, Value it); /* V_NULL + no exception: exhausted */
/* The next item of iterator it, three-way: 1 with *out set, 0 when exhausted, -1 after
 * raising. Callers of obj_next that must tell the last two apart use this instead. */
int obj_next_item(Interp *I, Value it, Value *out);
Value obj_getattr(Interp *I, Value o, Str *name);
Value obj_getattr_opt(Interp *I, Value o, Str *name); /* V_NULL, no exception, if missing */
/* Attribute name of o, three-way (CPython's _PyObject_LookupAttr): 1 with *out set, 0 when
 * o has none (no exception: the AttributeError is cleared), -1 after raising. */
int obj_lookup_attr(Interp *I, Value o, Str *name, Value *out);
int obj_setattr(Interp *I, Value o, Str *name, Value v);
int obj_delattr(Interp *I, Value o, Str *name);
Value obj_call(Interp *I, Value f, int argc, Value *argv, Tuple *kwnames);
Value obj_call_method(Interp *I, Value self, Str *name, int argc,
                      Value *args); /* args exclude self */
/* f(self, *argv): builds the argument array on the C stack when small. */
Value obj_call_prepend(Interp *I, Value f, Value self, int argc, Value *argv, Tuple *kwnames);
/* Method lookup without a bound method (for the VM's LOAD_METHOD and for natives): returns 1
 * when *out is a function to call with self prepended, 0 when *out is the attribute's value
 * (call it as is), -1 after raising (AttributeError included). */
int obj_lookup_method(Interp *I, Value self, Str *name, Value *out);
/* Call attr, a class attribute found by type_lookup(type(self), ...), as a method of self:
 * functions get self prepended (no bound method is made), other descriptors are bound by
 * their descr_get, plain values are called as they are. For special-method lookup that
 * skips the instance dict (__enter__, __exit__, ...). */
Value descr_call(Interp *I, Value attr, Value self, int argc, Value *argv, Tuple *kwnames);
bool descr_is_method(Interp *I, Value attr);     /* a function or an unbound builtin method */
Value obj_dir(Interp *I, Value o);               /* dir(o): sorted list of attribute names */
int obj_index(Interp *I, Value v, int64_t *out); /* __index__ to int64, OverflowError/TypeError */
Value obj_index_value(Interp *I, Value v);       /* __index__ to an int Value */
Value obj_format(Interp *I, Value v, Str *spec); /* format(v, spec) */
bool callable_check(Interp *I, Value v);

/* Generic attribute lookup for instances and types (type.c), usable as a slot default. */
Value generic_getattr(Interp *I, Value o, Str *name);
Value generic_getattr_opt(Interp *I, Value o, Str *name); /* V_NULL, no exception, if missing */
int generic_setattr(Interp *I, Value o, Str *name, Value v);
Dict **obj_dict_ptr(Interp *I, Value o);              /* NULL when the object has no dict */
Value type_getattr(Interp *I, Value type, Str *name); /* type_spec's getattr slot (A.x) */
Value type_getattr_opt(Interp *I, Value type, Str *name);

/* Types (type.c). */
/* A class statement's type: bases may be empty (object), ns is the class body's namespace
 * (copied; __qualname__ and __classcell__ are taken out of it, a __classcell__ cell gets the
 * new class). Calls __set_name__ and the bases' __init_subclass__. NULL after raising. */
Type *type_new_heap(Interp *I, Str *name, Tuple *bases, Dict *ns);
/* The same with the class statement's keywords (values kwv, names kwnames) passed to
 * __init_subclass__. */
Type *type_new_heap_kw(Interp *I, Str *name, Tuple *bases, Dict *ns, Value *kwv, Tuple *kwnames);
/* The same for metaclass meta (or a more derived one among the bases' metaclasses). */
Type *type_new_heap_meta(Interp *I, Type *meta, Str *name, Tuple *bases, Dict *ns, Value *kwv,
                         Tuple *kwnames);
/* The most derived of meta and the metaclasses of bases; NULL after raising TypeError
 * ("metaclass conflict"). */
Type *type_calculate_meta(Interp *I, Type *meta, Tuple *bases);
/* A fresh instance of t (instance_size bytes), dict allocated lazily. Exception layouts get
 * args () and __cause__/__context__ None. A builtin type with TF_BASETYPE must allocate
 * type->instance_size bytes in its `new` slot (subclasses add a Dict* at the end); a class
 * whose base is a builtin type is built by that type's `new` slot, then its __init__ (if not
 * object's) is called: so a subclassable builtin type either builds the whole object in
 * `new` and has no __init__ method, or builds an empty one in `new` and fills it in
 * __init__. */
Value object_alloc(Interp *I, Type *t);
/* T.__new__ of a builtin type with its own constructor: a native bound to T (type.c). */
Value type_builtin_new_wrapper(Interp *I, int argc, Value *argv, Tuple *kw);
/* Whether t's instances come from object.__new__ itself (no __new__ anywhere but object's):
 * then calling t is object_alloc plus __init__, which the VM runs inline (vm.c CALL). */
bool type_allocs_like_object(Interp *I, Type *t);
/* The TypeError of a class call whose __init__ returned r, not None (type_call, the VM's
 * inline __init__). */
Value type_err_init_result(Interp *I, Value r);
/* Recompute the slots of heap type t from the dunder methods in its mro (type_slots.c);
 * type.c calls it at creation and when a dunder is assigned on the class. */
void type_fixup_slots(Interp *I, Type *t);
Type *type_builtin_base(Type *t);          /* the nearest builtin type in t's base chain */
bool type_setup_slots(Interp *I, Type *t); /* __slots__ of a new class (slots.c) */
Value object_richcompare(Interp *I, Value a, Value b, int op); /* object's default slot */

/* Native functions and modules (native.c). */
Value native_func_new(Interp *I, const char *name, NativeFn fn, unsigned flags, Module *m);
/* Docstrings of native objects (vm/native.c): the table's entry for key as a str (its text
 * signature when want_sig), None when it has none; the module name of a type ("builtins"
 * for the builtin ones); the key of type t's attribute attr (NULL: t's own). */
Value native_doc_lookup(Interp *I, const char *key, bool want_sig);
const char *type_module_cstr(Interp *I, Type *t);
bool type_doc_key(Interp *I, Type *t, const char *attr, char *buf, size_t cap);
/* A native module's __doc__ from the table ("module:NAME") unless it has one. */
bool module_set_native_doc(Interp *I, Module *m);
Module *module_new(Interp *I, Str *name);
int module_add_functions(Interp *I, Module *m, const MethodDef *defs);
int module_set(Interp *I, Module *m, const char *name, Value v);
Value bound_method_new(Interp *I, Value func, Value self);
/* A type's builtin method from its MethodDef (interp.c fills type dicts with these): an
 * unbound method owned by `owner` that descr_get binds (METH_CLASS: to the class; METH_STATIC:
 * never). */
Value native_method_new(Interp *I, Type *owner, const MethodDef *def);
/* A GetSet descriptor for def, owned by `owner` (interp.c fills type dicts with these). */
Value getset_new(Interp *I, Type *owner, const GetSetDef *def);

/* super (super.c). */
Value super_new(Interp *I, Type *type, Value obj); /* super(type, obj) */

/* Argument parsing for natives. names: the parameter names, in order; positional-or-keyword
 * up to npos_max, keyword-only after; nrequired leading ones are required. out[] receives
 * one Value per name, V_NULL where absent. Raises CPython's TypeError messages
 * ("f() missing required argument 'x' (pos 1)", "f() takes at most 2 arguments (3 given)",
 * "f() got an unexpected keyword argument 'y'"). fname is used in messages. */
bool arg_parse(Interp *I, const char *fname, int argc, Value *argv, Tuple *kwnames,
               const char *const *names, int nnames, int nrequired, int npos_max, Value *out);
/* Quick checks for natives taking only positional arguments. argc as the caller counts it
 * (a method passes argc - 1 to leave self out). Messages as CPython's: max 0: "f() takes no
 * arguments (1 given)"; min == max == 1: "f() takes exactly one argument (2 given)"; else
 * "f expected at most 2 arguments, got 3" / "f expected at least 1 argument, got 0" /
 * "f expected 2 arguments, got 1". */
bool arg_no_kw(Interp *I, const char *fname, Tuple *kwnames);
bool arg_count(Interp *I, const char *fname, int argc, int min, int max);

/* The NotImplemented and Ellipsis singletons. */
Value v_notimpl(Interp *I);
bool is_notimpl(Interp *I, Value v);

#endif
