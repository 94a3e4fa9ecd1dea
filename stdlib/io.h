/* io.h: what the io module (io.c) offers the other native modules: the builtin open(). */
#ifndef KRAIT_STDLIB_IO_H
#define KRAIT_STDLIB_IO_H

#include "../vm/interp.h"

/* The builtin open(file, mode='r', buffering=-1, encoding=None, ...): a file object of
 * io.c's TextIOWrapper/BufferedReader-like type. The builtins module adds it (not in the
 * sandbox). */
Value io_open(Interp *I, int argc, Value *argv, Tuple *kwnames);

/* Shared by io.c and io_bytesio.c: the C-side state in the instance dict, and methods every
 * stream class has. */
Value io_dget(Interp *I, Value self, const char *name);
bool io_dset(Interp *I, Value self, const char *name, Value v);
Value io_return_self(Interp *I, int argc, Value *argv, Tuple *kw);
Value io_return_true(Interp *I, int argc, Value *argv, Tuple *kw);
Value io_exit(Interp *I, int argc, Value *argv, Tuple *kw);        /* __exit__: self.close() */
bool io_size_arg(Interp *I, int argc, Value *argv, int64_t *size); /* argv[1]: int or None */
/* io_base.c: IOBase and TextIOBase (the class sys's streams derive from), made at start-up;
 * then the io module's IOBase, RawIOBase, BufferedIOBase, TextIOBase and
 * UnsupportedOperation, with the bases of its text and binary stream classes. */
Type *io_make_text_base(Interp *I);
Value io_unsupported(Interp *I, const char *what); /* raise io.UnsupportedOperation(what) */
bool io_add_base_classes(Interp *I, Module *m, Type **text_out, Type **buffered_out);
extern const MethodDef bytesio_methods[]; /* io_bytesio.c */

#endif
