/* test_host_class.c: host classes as hosts build them. Properties from C (read-write and
 * read-only), methods that find their data through the class's definition (no class handle
 * in a global), a sealed class scripts cannot change, an unsealed one whose dunder
 * assignment keeps its data and finalizers, finalizers told the interpreter (dropping a
 * reference the instance kept), and nothing of the C side (the finalizer's address) visible
 * to scripts. Run under GC stress for the class's lifetime. */
#include <string.h>

#include "embed_test.h"

typedef struct {
    long long count;
    int callback; /* a kr_ref, 0: none */
} Counter;

typedef struct {
    int finalized, finalized_ex;
} Stats;

static const kr_type_def counter_def;

static int counter_init(kr_interp *I, int argc, kr_value *const *argv, kr_value *kwargs,
                        kr_value **result, void *ud) {
    (void)kwargs;
    (void)result;
    (void)ud;
    Counter *c = kr_instance_data_of(I, argv[0], &counter_def);
    if (!c) return kr_raise(I, "TypeError", "not a Counter");
    if (argc > 1 && kr_to_int(I, argv[1], &c->count) != KR_OK) return KR_ERROR;
    return KR_OK;
}

static int counter_bump(kr_interp *I, int argc, kr_value *const *argv, kr_value *kwargs,
                        kr_value **result, void *ud) {
    (void)argc;
    (void)kwargs;
    (void)ud;
    Counter *c = kr_instance_data_of(I, argv[0], &counter_def);
    if (!c) return kr_raise(I, "TypeError", "bump() needs a Counter");
    c->count++;
    if (c->callback) {
        kr_value *cb = kr_ref_get(I, c->callback), *n = kr_int(I, c->count);
        if (kr_call(I, cb, 1, &n, NULL) != KR_OK) return KR_ERROR;
    }
    *result = kr_int(I, c->count);
    return KR_OK;
}

static int get_count(kr_interp *I, int argc, kr_value *const *argv, kr_value *kwargs,
                     kr_value **result, void *ud) {
    (void)argc;
    (void)kwargs;
    (void)ud;
    Counter *c = kr_instance_data_of(I, argv[0], &counter_def);
    if (!c) return kr_raise(I, "TypeError", "not a Counter");
    *result = kr_int(I, c->count);
    return KR_OK;
}

static int set_count(kr_interp *I, int argc, kr_value *const *argv, kr_value *kwargs,
                     kr_value **result, void *ud) {
    (void)kwargs;
    (void)result;
    (void)ud;
    Counter *c = kr_instance_data_of(I, argv[0], &counter_def);
    long long v;
    if (!c || argc != 2) return kr_raise(I, "TypeError", "bad set");
    if (kr_to_int(I, argv[1], &v) != KR_OK) return KR_ERROR;
    if (v < 0) return kr_raise(I, "ValueError", "count must be >= 0, not %lld", v);
    c->count = v;
    return KR_OK;
}

static int get_twice(kr_interp *I, int argc, kr_value *const *argv, kr_value *kwargs,
                     kr_value **result, void *ud) {
    (void)argc;
    (void)kwargs;
    (void)ud;
    Counter *c = kr_instance_data_of(I, argv[0], &counter_def);
    if (!c) return kr_raise(I, "TypeError", "not a Counter");
    *result = kr_int(I, 2 * c->count);
    return KR_OK;
}

static int set_callback(kr_interp *I, int argc, kr_value *const *argv, kr_value *kwargs,
                        kr_value **result, void *ud) {
    (void)argc;
    (void)kwargs;
    (void)result;
    (void)ud;
    Counter *c = kr_instance_data_of(I, argv[0], &counter_def);
    if (!c || argc != 2) return kr_raise(I, "TypeError", "on_bump(fn)");
    if (c->callback) kr_unref(I, c->callback);
    c->callback = kr_ref(I, argv[1]);
    return c->callback ? KR_OK : KR_ERROR;
}

static void counter_fin(void *data, void *ud) {
    (void)data;
    ((Stats *)ud)->finalized++;
}

static void counter_fin_ex(kr_interp *I, void *data, void *ud) {
    Counter *c = data;
    if (c->callback) kr_unref(I, c->callback);
    c->callback = 0;
    ((Stats *)ud)->finalized_ex++;
}

static const kr_function_def counter_methods[] = {
    {"__init__", counter_init}, {"bump", counter_bump}, {"on_bump", set_callback}, {NULL, NULL}};
static const kr_type_def counter_def = {"Counter", sizeof(Counter), counter_methods, counter_fin};
static const kr_property_def counter_props[] = {
    {"count", get_count, set_count}, {"twice", get_twice, NULL}, {NULL, NULL, NULL}};

static void check_true(kr_interp *I, const char *expr) {
    kr_value *v = NULL;
    int b = 0;
    if (kr_eval(I, expr, &v) != KR_OK) {
        fprintf(stderr, "%s: %s: %s\n", expr, kr_error_type(I), kr_error_message(I));
        CHECK(0);
    }
    CHECK(kr_to_bool(I, v, &b) == KR_OK);
    if (!b) fprintf(stderr, "false: %s\n", expr);
    CHECK(b);
    kr_release(I, v);
}

static void check_raises(kr_interp *I, const char *src, const char *type, const char *msg) {
    CHECK(kr_run_string(I, src, "<raises>") == KR_ERROR);
    if (strcmp(kr_error_type(I), type) != 0 || (msg && !strstr(kr_error_message(I), msg)))
        fprintf(stderr, "%s: got %s: %s\n", src, kr_error_type(I), kr_error_message(I));
    CHECK(strcmp(kr_error_type(I), type) == 0);
    if (msg) CHECK(strstr(kr_error_message(I), msg) != NULL);
}

static void run(int sealed) {
    kr_interp *I = kr_new(NULL);
    CHECK(I);
    kr_gc_set_stress(I, 1);
    Stats st = {0, 0};
    kr_type_ext ext = {counter_props, sealed, counter_fin_ex, "Counts things."};
    kr_value *cls = NULL;
    CHECK(kr_new_type_ex(I, &counter_def, &ext, &st, &cls) == KR_OK);
    CHECK(kr_set_global(I, "Counter", cls) == KR_OK);
    CHECK(kr_run_string(I,
                        "c = Counter(5)\n"
                        "seen = []\n"
                        "c.on_bump(lambda n: seen.append(n))\n"
                        "c.bump(); c.bump()\n"
                        "c.count = 40\n"
                        "c.bump()\n",
                        "<use>") == KR_OK);
    check_true(I, "c.count == 41 and c.twice == 82 and seen == [6, 7, 41]");
    check_true(I, "Counter.__doc__ == 'Counts things.'");
    check_true(I, "isinstance(Counter.count, property)");
    /* The C side is not visible: no blob, no address, in the class or through dir(). */
    check_true(I, "not any('krait' in k for k in dir(Counter))");
    check_true(I, "all(not isinstance(v, bytes) for v in vars(Counter).values())");
    check_raises(I, "c.twice = 3", "AttributeError", "twice");
    check_raises(I, "c.count = -1", "ValueError", "count must be >= 0, not -1");
    check_raises(I, "class Sub(Counter): pass", "TypeError", NULL);
    /* A method applied to something else finds no data, and says so. */
    check_raises(I, "Counter.bump(object())", "TypeError", "bump() needs a Counter");
    if (sealed) {
        check_raises(I, "Counter.bump = lambda self: 0", "TypeError", "immutable type 'Counter'");
        check_raises(I, "Counter.__doc__ = 'x'", "TypeError", "immutable type");
        check_raises(I, "del Counter.bump", "TypeError", "immutable type");
        check_true(I, "c.bump() == 42"); /* unchanged */
    } else {
        /* A dunder assignment re-derives the class's slots: data and finalizers stay. */
        CHECK(kr_run_string(I, "Counter.__doc__ = 'x'\nCounter.__repr__ = lambda s: 'C'\n",
                            "<dunder>") == KR_OK);
        check_true(I, "c.bump() == 42 and repr(c) == 'C'");
        CHECK(kr_run_string(I, "d = Counter(1)\nd.bump()\n", "<after>") == KR_OK);
        check_true(I, "d.count == 2");
    }
    /* The instance's data through the class handle and through the definition agree. */
    kr_value *c = NULL;
    CHECK(kr_get_global(I, "c", &c) == KR_OK);
    CHECK(kr_instance_data(I, c, cls) == kr_instance_data_of(I, c, &counter_def));
    CHECK(kr_instance_data_of(I, c, &counter_def) != NULL);
    static const kr_type_def other = {"Other", 8, NULL, NULL};
    CHECK(kr_instance_data_of(I, c, &other) == NULL);
    kr_value *notinst = kr_int(I, 3);
    CHECK(kr_instance_data_of(I, notinst, &counter_def) == NULL);
    kr_release(I, c);
    kr_release(I, notinst);

    /* Dropping the instances runs both finalizers, the second dropping the callback ref. */
    CHECK(kr_ref_count(I) == 1);
    CHECK(kr_run_string(I, "del c\nd = None\nseen = None\n", "<drop>") == KR_OK);
    kr_gc_collect(I);
    kr_gc_collect(I);
    CHECK(st.finalized == (sealed ? 1 : 2));
    CHECK(st.finalized_ex == st.finalized);
    CHECK(kr_ref_count(I) == 0);
    kr_release(I, cls);
    kr_free(I);
}

int main(void) {
    run(1);
    run(0);
    printf("test_host_class: ok\n");
    return 0;
}
