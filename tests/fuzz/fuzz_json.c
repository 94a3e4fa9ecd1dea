/* fuzz_json.c: the json module's decoder and encoder. The input is a document (str when it
 * is UTF-8, else bytes, which json.loads also takes); its first byte also picks encoder
 * options. What decodes must encode, and decode again to an equal value (NaN aside, which is
 * never equal to itself): a difference raises AssertionError, a finding. Decoding errors are
 * ValueError (JSONDecodeError), RecursionError or MemoryError, never a crash. */
#include "fuzz_common.h"

static const char driver[] = //
    "import json, math\n"
    "def has_nan(v):\n"
    "    if isinstance(v, float): return math.isnan(v)\n"
    "    if isinstance(v, list): return any(has_nan(x) for x in v)\n"
    "    if isinstance(v, dict): return any(has_nan(x) for x in v.values())\n"
    "    return False\n"
    "try:\n"
    "    v = json.loads(doc)\n"
    "except (ValueError, RecursionError, MemoryError, UnicodeDecodeError):\n"
    "    v = None\n"
    "    ok = False\n"
    "else:\n"
    "    ok = True\n"
    "if ok:\n"
    "    kw = {}\n"
    "    if opt & 1: kw['indent'] = (opt >> 4) % 5\n"
    "    if opt & 2: kw['sort_keys'] = True\n"
    "    if opt & 4: kw['ensure_ascii'] = False\n"
    "    if opt & 8: kw['separators'] = (',', ':')\n"
    "    try:\n"
    "        s = json.dumps(v, **kw)\n"
    "    except (RecursionError, MemoryError):\n"
    "        s = None\n"
    "    except TypeError:\n"
    "        if not (opt & 2): raise\n" /* sort_keys over keys of mixed types: CPython too */
    "        s = None\n"
    "    if s is not None and not has_nan(v):\n"
    "        w = json.loads(s)\n"
    "        assert w == v, (s, v, w)\n"
    "    json.loads(doc, parse_float=str, parse_int=str, object_pairs_hook=list) if ok else 0\n";

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    FuzzAlloc a;
    kr_interp *I = fuzz_new(&a, 1);
    const char *names[] = {"doc", "opt"};
    kr_value *vals[] = {fuzz_text(I, data, size), kr_int(I, size ? data[0] : 0)};
    fuzz_check_rc(I, fuzz_run_driver(I, driver, 2, names, vals), 1);
    fuzz_free(I, &a);
    return 0;
}
