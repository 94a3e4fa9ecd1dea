/* modules.h: the native modules compiled into krait and the table `import` consults. */
#ifndef KRAIT_MODULES_H
#define KRAIT_MODULES_H

#include "../vm/interp.h"

typedef struct NativeModuleDef {
    const char *name;
    Module *(*create)(Interp *I); /* NULL after raising */
} NativeModuleDef;

/* NULL-terminated (name NULL). stdlib/modules.c. */
extern const NativeModuleDef native_modules[];
const NativeModuleDef *native_module_find(const char *name);

Module *builtins_module_create(Interp *I); /* stdlib/builtins.c */
Module *sys_module_create(Interp *I);      /* stdlib/sys.c */

#endif
