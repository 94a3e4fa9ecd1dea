/* io.h: what the io module (io.c) offers the other native modules: the builtin open(). */
#ifndef KRAIT_STDLIB_IO_H
#define KRAIT_STDLIB_IO_H

#include "../vm/interp.h"

/* The builtin open(file, mode='r', buffering=-1, encoding=None, ...): a file object of
 * io.c's TextIOWrapper/BufferedReader-like type. The builtins module adds it (not in the
 * sandbox). */
Value io_open(Interp *I, int argc, Value *argv, Tuple *kwnames);

#endif
