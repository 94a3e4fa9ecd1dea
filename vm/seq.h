/* seq.h: list, tuple, range and slice, and the iterator types over them.
 * (vm/list.c, vm/list_sort.c, vm/tuple.c, vm/range.c, vm/slice.c, vm/iter.c) */
#ifndef KRAIT_SEQ_H
#define KRAIT_SEQ_H

#include "interp.h"

/* ---- list ---- */
List *list_new(Interp *I, size_t cap); /* empty, with room for cap items */
List *list_from_array(Interp *I, const Value *items, size_t n);
bool list_append(Interp *I, List *l, Value v); /* false after MemoryError */
bool list_extend_iter(Interp *I, List *l, Value iterable);
bool list_insert(Interp *I, List *l, int64_t index, Value v);
List *list_from_iter(Interp *I, Value iterable);             /* list(iterable) */
bool list_sort(Interp *I, List *l, Value key, bool reverse); /* stable, as list.sort */
static inline List *as_list(Value v) {
    return (List *)v.as.o;
}
/* Room for newlen items (false after MemoryError); the items may move. */
bool list_reserve(Interp *I, List *l, size_t newlen);
/* The items live in the list object itself (list.c: made by list_new with a small cap), not
 * in a block of their own: never freed or reallocated on their own. */
static inline bool list_items_inline(const List *l) {
    return l->items == (const Value *)(l + 1);
}

/* ---- tuple ---- */
Tuple *tuple_new(Interp *I, size_t len); /* items set to None */
Tuple *tuple_from_array(Interp *I, const Value *items, size_t n);
Tuple *tuple_pack(Interp *I, size_t n, ...); /* n Values */
Tuple *tuple_from_iter(Interp *I, Value iterable);
static inline Tuple *as_tuple(Value v) {
    return (Tuple *)v.as.o;
}

/* ---- range and slice ---- */
Value range_new(Interp *I, Value start, Value stop, Value step);
Value slice_new(Interp *I, Value start, Value stop, Value step);
/* Resolve a slice against a length as PySlice_GetIndicesEx does. Returns false after
 * raising (bad types, step 0: "slice step cannot be zero"). */
bool slice_indices(Interp *I, Slice *s, int64_t length, int64_t *start, int64_t *stop,
                   int64_t *step, int64_t *slicelen);
/* The two halves of slice_indices, for containers that __index__ may resize: unpack converts
 * the bounds (may run code; clamps huge ones; raises for step 0), adjust resolves them
 * against a length read afterwards and returns the slice's length. */
bool slice_unpack(Interp *I, Slice *s, int64_t *start, int64_t *stop, int64_t *step);
int64_t slice_adjust(int64_t length, int64_t *start, int64_t *stop, int64_t step);
/* Normalise an index value for a sequence of length n: negative wraps; out of range
 * raises IndexError("<what> index out of range"). */
bool seq_index(Interp *I, Value key, int64_t n, const char *what, int64_t *out);
/* Its two halves, likewise: the subscript as an int64 (may run __index__), then the range
 * check against the current length. */
bool seq_index_value(Interp *I, Value key, const char *what, int64_t *out);
bool seq_index_adjust(Interp *I, int64_t i, int64_t n, const char *what, int64_t *out);

/* Generic helpers used by many natives. */
Value seq_iter_new(Interp *I, Value seq); /* iterator over a __getitem__ sequence */
/* Compare two arrays of values lexicographically as Python compares lists/tuples. */
Value seq_richcompare(Interp *I, const Value *a, size_t na, const Value *b, size_t nb, int op);
/* repr of a sequence with open/close brackets, handling self-reference ([...]) */
Value seq_repr(Interp *I, Value self, const Value *items, size_t n, const char *open,
               const char *close);

/* ---- helpers shared inside the sequence family (list.c, tuple.c, range.c, iter.c) ---- */
/* The repr stack (I->repr_stack): enter returns 1 if self is already being repr'd (print
 * "[...]"), 0 after pushing it, -1 on error; leave pops it. Also used by dict and set. */
int seq_repr_enter(Interp *I, Value self);
void seq_repr_leave(Interp *I, Value self);
/* seq * n: whether n can be a repeat count, the count itself (negative big -> 0), and the
 * TypeError "can't multiply sequence by non-int of type 'X'". */
bool seq_is_count(Interp *I, Value n);
bool seq_repeat_count(Interp *I, Value n, int64_t *out);
Value seq_mul_error(Interp *I, Value other);
/* list.index / tuple.index over (*items)[0..*len), re-read after every comparison. */
Value seq_index_method(Interp *I, int argc, Value *argv, Tuple *kwnames, Value *const *items,
                       const size_t *len, const char *what);
/* __next__ and __iter__ methods for iterator types, through the type's next slot. */
Value seq_m_next(Interp *I, int argc, Value *argv, Tuple *kwnames);
Value seq_m_iter_self(Interp *I, int argc, Value *argv, Tuple *kwnames);
/* CPython's xxHash tuple hash over an array of values. */
int tuple_hash_items(Interp *I, const Value *items, size_t n, int64_t *out);
/* a == b for two exact tuples when no item pair needs a call (identical items, small ints,
 * exact strs): 1 equal, 0 not; -2 undecided (compare them with obj_eq). Never raises. */
int tuple_eq_simple(Interp *I, const Tuple *a, const Tuple *b);
/* iter(callable, sentinel) */
Value callable_iter_new(Interp *I, Value callable, Value sentinel);

#endif
