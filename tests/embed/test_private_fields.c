/* test_private_fields.c: what the C API keeps for a host class is out of a script's reach.
 * The finalizer and ud of a kr_new_type class used to sit in the class dict, where a script
 * could replace them and choose the function the collector calls; and __class__ assignment
 * between two host classes of the same data size let one class's methods read the other's
 * host data. The C side is now kept off the class dict (commit 3936a1e), and instances
 * never change class (TF_FIXED_CLASS): a forged entry changes nothing, and each finalizer
 * runs once for its own data. */
#include <string.h>

#include "embed_test.h"

typedef struct Box {
    long long magic; /* which class made it */
    long long value;
} Box;

typedef struct Host {
    int finalized[2];
    kr_value *a, *b; /* the two classes */
} Host;

static void fin_a(void *data, void *ud) {
    Host *c = ud;
    CHECK(((Box *)data)->magic == 0xA || ((Box *)data)->magic == 0);
    c->finalized[0]++;
}

static void fin_b(void *data, void *ud) {
    Host *c = ud;
    CHECK(((Box *)data)->magic == 0xB || ((Box *)data)->magic == 0);
    c->finalized[1]++;
}

static int a_init(kr_interp *I, int argc, kr_value *const *argv, kr_value *kwargs,
                  kr_value **result, void *ud) {
    Box *b = kr_instance_data(I, argv[0], ((Host *)ud)->a);
    if (!b) return kr_raise(I, "TypeError", "not an A");
    b->magic = 0xA;
    return KR_OK;
}

static int b_peek(kr_interp *I, int argc, kr_value *const *argv, kr_value *kwargs,
                  kr_value **result, void *ud) {
    Box *b = kr_instance_data(I, argv[0], ((Host *)ud)->b);
    if (!b) return kr_raise(I, "TypeError", "not a B");
    CHECK(b->magic == 0xB || b->magic == 0); /* never an A's data */
    *result = kr_int(I, b->magic);
    return KR_OK;
}

static void sink(void *ud, const char *d, size_t n) {}

int main(void) {
    kr_config cfg;
    kr_config_init(&cfg);
    cfg.write_out = sink;
    cfg.write_err = sink;
    kr_interp *I = kr_new(&cfg);
    CHECK(I);
    Host counts = {{0, 0}, NULL, NULL};
    static const kr_function_def ma[] = {{"__init__", a_init}, {NULL, NULL}};
    static const kr_function_def mb[] = {{"peek", b_peek}, {NULL, NULL}};
    kr_type_def da = {"A", sizeof(Box), ma, fin_a}, db = {"B", sizeof(Box), mb, fin_b};
    CHECK(kr_new_type(I, &da, &counts, &counts.a) == KR_OK);
    CHECK(kr_new_type(I, &db, &counts, &counts.b) == KR_OK);
    CHECK(kr_set_global(I, "A", counts.a) == KR_OK && kr_set_global(I, "B", counts.b) == KR_OK);

    const char *script =
        "names = [k for k in A.__dict__ if 'krait' in k or 'host' in k]\n"
        "assert names == [], names\n"
        /* the old key of the C side (a forged finalizer) and a dunder: nothing of the host's
         * changes (3936a1e keeps the C side off the class dict) */
        "A.__krait_host_class__ = b'\\x41' * 16\n"
        "B.__doc__ = 'changed'\n"
        "a = A()\n"
        "b = B()\n"
        "assert b.peek() == 0\n"
        "for obj, cls, why in ((a, B, 'cannot change class'), (b, A, 'cannot change class'),\n"
        "                      (a, object, '__class__ assignment')):\n"
        "    try:\n"
        "        obj.__class__ = cls\n"
        "    except TypeError as e:\n"
        "        assert why in str(e), e\n"
        "    else:\n"
        "        raise AssertionError('class changed')\n"
        "class P:\n"
        "    pass\n"
        "p = P()\n"
        "try:\n"
        "    p.__class__ = B\n"
        "except TypeError:\n"
        "    pass\n"
        "else:\n"
        "    raise AssertionError('a plain object became a B')\n"
        "raw = object.__new__(B)\n" /* no host data of its own: peek refuses */
        "try:\n"
        "    raw.peek()\n"
        "except TypeError:\n"
        "    pass\n"
        "else:\n"
        "    raise AssertionError('a B without host data')\n"
        "del a, b, raw, obj, cls, why\n";
    int rc = kr_run_string(I, script, "<private>");
    if (rc != KR_OK) fprintf(stderr, "%s\n", kr_error_traceback(I));
    CHECK(rc == KR_OK);
    kr_gc_collect(I);
    CHECK(counts.finalized[0] == 1 && counts.finalized[1] == 1); /* their own finalizers */
    kr_release(I, counts.a);
    kr_release(I, counts.b);
    kr_free(I);
    printf("test_private_fields: ok\n");
    return 0;
}
