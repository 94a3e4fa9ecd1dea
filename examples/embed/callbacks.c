/* callbacks.c: a host that keeps script callbacks after the call that handed them over,
 * as Lua's luaL_ref does (kr_ref / kr_ref_get / kr_unref).
 *
 * A handle (kr_value *) dies when the native call that got it returns, so a C event bus
 * cannot store handles. It stores references instead: plain ints the collector treats as
 * roots and no script can reach. Scripts register handlers with events.on(name, fn); the
 * host fires events later, from C, after the script has returned and the collector has run;
 * events.off(token) drops one. A host class Button keeps its click handler the same way and
 * drops it in its finalizer (finalize_ex, which is told the interpreter).
 * Build: cc callbacks.c $(pkg-config --cflags --libs krait) */
#include <stdio.h>
#include <string.h>

#include <krait.h>

#define MAX_HANDLERS 16

typedef struct Bus {
    struct {
        char event[32];
        int ref; /* 0: a free slot */
    } handlers[MAX_HANDLERS];
} Bus;

/* events.on(event, handler) -> token */
static int events_on(kr_interp *I, int argc, kr_value *const *argv, kr_value *kwargs,
                     kr_value **result, void *ud) {
    Bus *bus = ud;
    const char *event;
    kr_value *handler;
    if (kr_parse_args(I, argc, argv, kwargs, "on(event: s, handler: o, /)", &event, &handler) !=
        KR_OK)
        return KR_ERROR;
    for (int i = 0; i < MAX_HANDLERS; i++) {
        if (bus->handlers[i].ref) continue;
        int ref = kr_ref(I, handler); /* the handler now outlives this call */
        if (!ref) return KR_ERROR;
        snprintf(bus->handlers[i].event, sizeof bus->handlers[i].event, "%s", event);
        bus->handlers[i].ref = ref;
        *result = kr_int(I, i + 1);
        return *result ? KR_OK : KR_ERROR;
    }
    return kr_raise(I, "RuntimeError", "too many handlers (%d)", MAX_HANDLERS);
}

/* events.off(token) */
static int events_off(kr_interp *I, int argc, kr_value *const *argv, kr_value *kwargs,
                      kr_value **result, void *ud) {
    Bus *bus = ud;
    long long token;
    if (kr_parse_args(I, argc, argv, kwargs, "off(token: i, /)", &token) != KR_OK) return KR_ERROR;
    if (token < 1 || token > MAX_HANDLERS || !bus->handlers[token - 1].ref)
        return kr_raise(I, "KeyError", "no handler %lld", token);
    kr_unref(I, bus->handlers[token - 1].ref); /* the handler may now be collected */
    bus->handlers[token - 1].ref = 0;
    return KR_OK;
}

/* The host fires an event: every handler of that name is called with one argument. A
 * handler that raises is reported and the others still run. */
static void fire(kr_interp *I, Bus *bus, const char *event, const char *arg) {
    for (int i = 0; i < MAX_HANDLERS; i++) {
        if (!bus->handlers[i].ref || strcmp(bus->handlers[i].event, event) != 0) continue;
        size_t scope = kr_scope_push(I); /* frees the handles made here */
        kr_value *fn = kr_ref_get(I, bus->handlers[i].ref), *a = kr_str(I, arg);
        if (kr_call(I, fn, 1, &a, NULL) != KR_OK) {
            printf("host: handler %d for '%s' failed: %s: %s\n", i + 1, event, kr_error_type(I),
                   kr_error_message(I));
            kr_error_clear(I);
        }
        kr_scope_pop(I, scope);
    }
}

/* class Button(label, on_click): the instance's host data holds the handler's reference. */
typedef struct Button {
    char label[32];
    int on_click; /* a reference, dropped by the finalizer */
} Button;
static const kr_type_def button_def;

static int button_init(kr_interp *I, int argc, kr_value *const *argv, kr_value *kwargs,
                       kr_value **result, void *ud) {
    Button *b = kr_instance_data_of(I, argv[0], &button_def);
    const char *label;
    kr_value *on_click;
    if (!b) return kr_raise(I, "TypeError", "expected a Button");
    if (kr_parse_args(I, argc - 1, argv + 1, kwargs, "Button(label: s, on_click: o)", &label,
                      &on_click) != KR_OK)
        return KR_ERROR;
    snprintf(b->label, sizeof b->label, "%s", label);
    if (b->on_click) kr_unref(I, b->on_click); /* __init__ called twice */
    b->on_click = kr_ref(I, on_click);
    return b->on_click ? KR_OK : KR_ERROR;
}

static int button_click(kr_interp *I, int argc, kr_value *const *argv, kr_value *kwargs,
                        kr_value **result, void *ud) {
    Button *b = kr_instance_data_of(I, argv[0], &button_def);
    if (!b) return kr_raise(I, "TypeError", "expected a Button");
    kr_value *fn = kr_ref_get(I, b->on_click), *label = kr_str(I, b->label);
    return kr_call(I, fn, 1, &label, result); /* its exception, if any, goes to the script */
}

/* Runs when the Button is collected (or at kr_free): drop what it kept. */
static void button_finalize(kr_interp *I, void *data, void *ud) {
    Button *b = data;
    kr_unref(I, b->on_click);
    printf("host: button '%s' collected, its handler released\n", b->label);
}

static const kr_function_def button_methods[] = {
    {"__init__", button_init}, {"click", button_click}, {NULL, NULL}};
static const kr_type_def button_def = {"Button", sizeof(Button), button_methods, NULL};

static int run(kr_interp *I, const char *source, const char *name) {
    int rc = kr_run_string(I, source, name);
    if (rc != KR_OK) kr_print_error(I);
    return rc;
}

int main(void) {
    static Bus bus; /* the host's own state, passed to the natives as ud */
    kr_interp *I = kr_new(NULL);
    if (!I) return 1;
    static const kr_function_def event_fns[] = {
        {"on", events_on}, {"off", events_off}, {NULL, NULL}};
    kr_type_ext button_ext = {NULL, 1, button_finalize, "A button that calls back."};
    kr_value *button_class;
    if (kr_register_module(I, "events", event_fns, &bus, NULL) != KR_OK ||
        kr_new_type_ex(I, &button_def, &button_ext, NULL, &button_class) != KR_OK ||
        kr_set_global(I, "Button", button_class) != KR_OK)
        return 1;
    kr_release(I, button_class);

    if (run(I,
            "import events\n"
            "def on_save(path):\n"
            "    print('script: saved', path)\n"
            "def make_counter():\n"
            "    n = [0]\n"
            "    def count(path):\n"
            "        n[0] += 1\n"
            "        print('script: save number', n[0])\n"
            "    return count\n"
            "events.on('save', on_save)\n"
            "counter = events.on('save', make_counter())  # only the host holds the closure\n"
            "events.on('save', lambda path: 1 / 0)\n"
            "events.on('quit', lambda why: print('script: bye,', why))\n",
            "setup.py") != KR_OK)
        return 1;
    printf("host: %zu references held\n", kr_ref_count(I));

    /* Later, from C: the script has returned; a collection keeps every handler. */
    kr_gc_collect(I);
    fire(I, &bus, "save", "a.txt");
    fire(I, &bus, "save", "b.txt");
    if (run(I, "events.off(counter)\n", "off.py") != KR_OK) return 1;
    fire(I, &bus, "save", "c.txt");

    /* A host object keeping a callback: released when the object goes. */
    if (run(I,
            "clicks = []\n"
            "b = Button('OK', on_click=lambda label: clicks.append(label) or len(clicks))\n"
            "b.click()\n"
            "print('script: clicked', b.click(), 'times')\n"
            "del b\n",
            "button.py") != KR_OK)
        return 1;
    kr_gc_collect(I); /* the Button is garbage now: its finalizer runs */
    printf("host: %zu references held\n", kr_ref_count(I));

    fire(I, &bus, "quit", "done");
    kr_free(I); /* drops the references still held */
    return 0;
}
