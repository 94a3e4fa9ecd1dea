/* builtins.h: shared between the files that make up the builtins module. */
#ifndef KRAIT_BUILTINS_H
#define KRAIT_BUILTINS_H

#include "../vm/dict.h"
#include "../vm/error.h"
#include "../vm/gc.h"
#include "../vm/number.h"
#include "../vm/seq.h"
#include "../vm/str.h"
#include "../vm/vm.h"
#include "modules.h"

extern const MethodDef builtin_iter_functions[]; /* builtins_iter.c */
extern const MethodDef builtin_num_functions[];  /* builtins_num.c */

#endif
