/* os.h: what the os module (os.c) offers the other native modules that touch files (io,
 * os.path, gpu): CPython's OSError for an errno, and path arguments. */
#ifndef KRAIT_STDLIB_OS_H
#define KRAIT_STDLIB_OS_H

#include "../vm/interp.h"

/* Raise the OSError subclass for errno err as CPython does ("[Errno 2] No such file or
 * directory: 'x'"); filename/filename2 V_NULL when absent. stdlib/os.c. */
Value os_raise_errno(Interp *I, int err, Value filename, Value filename2);
/* A str path argument as a C string; TypeError/ValueError as CPython's. stdlib/os.c. */
bool os_path_arg(Interp *I, const char *fname, const char *argname, Value v, const char **out);

#endif
