/* builtin_docs.c: finds a native object's docstring in the generated table
 * (builtin_docs_data.c) by binary search; the table is const data, so the docstrings cost
 * no start-up time and no memory until a script reads one. Built with
 * -DKRAIT_WITH_DOCSTRINGS=OFF the table is empty and every such __doc__ is None. */
#include <string.h>

#include "builtin_docs.h"

#ifdef KRAIT_NO_DOCSTRINGS /* -DKRAIT_WITH_DOCSTRINGS=OFF: builtin_docs_data.c left out */
const BuiltinDoc builtin_docs[] = {{"", NULL, NULL}};
const size_t builtin_docs_count = 0;
#endif

const BuiltinDoc *builtin_doc_find(const char *key) {
    size_t lo = 0, hi = builtin_docs_count;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int c = strcmp(key, builtin_docs[mid].key);
        if (c == 0) return &builtin_docs[mid];
        if (c < 0)
            hi = mid;
        else
            lo = mid + 1;
    }
    return NULL;
}

const char *stdlib_builtin_doc(const char *key, const char **sig) {
    const BuiltinDoc *d = builtin_doc_find(key);
    *sig = d ? d->text_signature : NULL;
    return d ? d->doc : NULL;
}
