/* builtin_docs.h: the docstrings of krait's native functions, types and modules (CPython
 * 3.11's, generated into builtin_docs_data.c by tools/gen_builtin_docs.py), which the VM
 * reads through I->hooks.builtin_doc when a script asks for __doc__ or
 * __text_signature__. Keys: "len", "str.split", "math.sqrt", "collections.deque.append",
 * "module:math". */
#ifndef KRAIT_STDLIB_BUILTIN_DOCS_H
#define KRAIT_STDLIB_BUILTIN_DOCS_H

#include <stddef.h>

typedef struct BuiltinDoc {
    const char *key;
    const char *text_signature; /* CPython's __text_signature__, NULL: none */
    const char *doc;            /* __doc__, NULL: none */
} BuiltinDoc;

extern const BuiltinDoc builtin_docs[]; /* sorted by key (strcmp) */
extern const size_t builtin_docs_count;

/* The entry for key, NULL when CPython has no doc for it. */
const BuiltinDoc *builtin_doc_find(const char *key);
/* I->hooks.builtin_doc: the entry's doc, its text signature in *sig. */
const char *stdlib_builtin_doc(const char *key, const char **sig);

#endif
