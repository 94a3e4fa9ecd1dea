/* host_functions.c: a host that exposes its own functions and data to scripts.
 *
 * The host owns an inventory (plain C data). Scripts see it through a native module
 * `shop` (functions that read and change the inventory) and a native class `Item` whose
 * instances carry C data. Build: cc host_functions.c $(pkg-config --cflags --libs krait) */
#include <stdio.h>
#include <string.h>

#include <krait.h>

typedef struct Inventory {
    const char *names[3];
    long long stock[3];
} Inventory;

/* shop.stock(name) -> int: raises KeyError for an unknown item. */
static int shop_stock(kr_interp *I, int argc, kr_value *const *argv, kr_value *kwargs,
                      kr_value **result, void *ud) {
    Inventory *inv = ud;
    const char *name;
    if (argc != 1) return kr_raise(I, "TypeError", "stock() takes 1 argument (%d given)", argc);
    if (kr_get_str(I, argv[0], &name, NULL) != KR_OK) return KR_ERROR; /* TypeError */
    for (int i = 0; i < 3; i++)
        if (strcmp(inv->names[i], name) == 0)
            return (*result = kr_int(I, inv->stock[i])) ? KR_OK : KR_ERROR;
    return kr_raise(I, "KeyError", "%s", name);
}

/* shop.sell(name, count=1): the arguments parsed against a Python-style signature
 * (kr_parse_args: wrong calls raise the TypeError CPython gives for the same def). */
static int shop_sell(kr_interp *I, int argc, kr_value *const *argv, kr_value *kwargs,
                     kr_value **result, void *ud) {
    Inventory *inv = ud;
    const char *name;
    long long count = 1; /* the default, kept when count is not given */
    if (kr_parse_args(I, argc, argv, kwargs, "sell(name: s, count: i = ?)", &name, &count) != KR_OK)
        return KR_ERROR;
    for (int i = 0; i < 3; i++) {
        if (strcmp(inv->names[i], name) != 0) continue;
        if (inv->stock[i] < count)
            return kr_raise(I, "ValueError", "only %lld left", inv->stock[i]);
        inv->stock[i] -= count;
        return KR_OK; /* *result left NULL: returns None */
    }
    return kr_raise(I, "KeyError", "%s", name);
}

/* class Item: host data in each instance. */
typedef struct Item {
    double price;
} Item;
static const kr_type_def item_def; /* methods find their data through the definition */

static int item_init(kr_interp *I, int argc, kr_value *const *argv, kr_value *kwargs,
                     kr_value **result, void *ud) {
    Item *it = kr_instance_data_of(I, argv[0], &item_def);
    if (!it) return kr_raise(I, "TypeError", "expected an Item");
    if (argc != 2 || kr_to_float(I, argv[1], &it->price) != KR_OK)
        return kr_raise(I, "TypeError", "Item(price)");
    return KR_OK;
}

static int item_with_tax(kr_interp *I, int argc, kr_value *const *argv, kr_value *kwargs,
                         kr_value **result, void *ud) {
    Item *it = kr_instance_data_of(I, argv[0], &item_def);
    if (!it) return kr_raise(I, "TypeError", "expected an Item");
    *result = kr_float(I, it->price * 1.2);
    return *result ? KR_OK : KR_ERROR;
}

/* Item.price as a property: read and written from scripts, checked in C. */
static int item_get_price(kr_interp *I, int argc, kr_value *const *argv, kr_value *kwargs,
                          kr_value **result, void *ud) {
    Item *it = kr_instance_data_of(I, argv[0], &item_def);
    if (!it) return kr_raise(I, "TypeError", "expected an Item");
    *result = kr_float(I, it->price);
    return *result ? KR_OK : KR_ERROR;
}

static int item_set_price(kr_interp *I, int argc, kr_value *const *argv, kr_value *kwargs,
                          kr_value **result, void *ud) {
    Item *it = kr_instance_data_of(I, argv[0], &item_def);
    double p;
    if (!it) return kr_raise(I, "TypeError", "expected an Item");
    if (kr_to_float(I, argv[1], &p) != KR_OK) return KR_ERROR;
    if (p < 0) return kr_raise(I, "ValueError", "a price cannot be negative");
    it->price = p;
    return KR_OK;
}

static const kr_function_def item_methods[] = {
    {"__init__", item_init}, {"with_tax", item_with_tax}, {NULL, NULL}};
static const kr_type_def item_def = {"Item", sizeof(Item), item_methods, NULL};
static const kr_property_def item_props[] = {{"price", item_get_price, item_set_price},
                                             {NULL, NULL, NULL}};

int main(void) {
    Inventory inv = {{"apple", "pear", "fig"}, {10, 4, 0}};
    kr_interp *I = kr_new(NULL);
    if (!I) return 1;

    static const kr_function_def shop_fns[] = {
        {"stock", shop_stock}, {"sell", shop_sell}, {NULL, NULL}};
    kr_value *shop;
    if (kr_register_module(I, "shop", shop_fns, &inv, &shop) != KR_OK) return 1;
    kr_set_attr(I, shop, "CURRENCY", kr_str(I, "EUR")); /* data as module attributes */

    /* sealed: scripts cannot replace Item's methods */
    kr_type_ext item_ext = {item_props, 1, NULL, "An item for sale."};
    kr_value *item_class;
    if (kr_new_type_ex(I, &item_def, &item_ext, NULL, &item_class) != KR_OK) return 1;
    kr_set_global(I, "Item", item_class);

    int rc = kr_run_string(I,
                           "import shop\n"
                           "shop.sell('apple', count=3)\n"
                           "print('apples left:', shop.stock('apple'), shop.CURRENCY)\n"
                           "try:\n    shop.sell('fig')\nexcept ValueError as e:\n"
                           "    print('cannot sell fig:', e)\n"
                           "try:\n    shop.sell('pear', 1, 2)\nexcept TypeError as e:\n"
                           "    print(e)\n"
                           "it = Item(10)\n"
                           "it.price = 20\n"
                           "print(round(it.with_tax(), 2), it.price)\n"
                           "def total(prices, *, tax):\n    return sum(prices) * (1 + tax)\n",
                           "shop_script.py");
    if (rc != KR_OK) {
        kr_print_error(I);
        kr_free(I);
        return 1;
    }
    /* Call a script function with positional and keyword arguments. */
    size_t scope = kr_scope_push(I);
    kr_value *total, *prices = kr_list(I), *result;
    kr_append(I, prices, kr_float(I, 2.5));
    kr_append(I, prices, kr_int(I, 4));
    const char *kwnames[] = {"tax"};
    kr_value *kwvalues[] = {kr_float(I, 0.5)};
    double t = 0;
    if (kr_get_global(I, "total", &total) == KR_OK &&
        kr_call_kw(I, total, 1, &prices, 1, kwnames, kwvalues, &result) == KR_OK &&
        kr_to_float(I, result, &t) == KR_OK)
        printf("total from C: %.2f; C sees apple stock %lld\n", t, inv.stock[0]);
    else
        kr_print_error(I);
    kr_scope_pop(I, scope);
    kr_free(I);
    return 0;
}
