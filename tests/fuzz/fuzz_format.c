/* fuzz_format.c: the format-spec mini-language and the two other formatting paths. The
 * first byte picks the value (int, big int, negative, bool, float, inf, nan, str, bytes,
 * None, an object with __format__, a tuple) and the rest is the text, used three ways:
 * format(value, text), text.format(value, ...) as a format string, and text % values as a
 * printf-style template (on bytes too). ValueError, TypeError, KeyError, IndexError,
 * OverflowError and MemoryError are the expected refusals; a crash, a hang past the limits
 * or a SystemError is a finding. */
#include "fuzz_common.h"

static const char driver[] = //
    "class F:\n"
    "    def __format__(self, spec): return 'F' + spec\n"
    "    def __index__(self): return 7\n"
    "    def __float__(self): return 2.5\n"
    "values = [0, 1, -1, 12345, 10**30, -(2**64) + 3, True, 0.0, -0.0, 1.5, 1e300, 1e-300,\n"
    "          3.141592653589793, float('inf'), float('-inf'), float('nan'), 'abc', '',\n"
    "          'caf\\u00e9', b'xy', None, F(), (1, 2), [3], {'a': 1}, 2**63 - 1, 7.0]\n"
    "v = values[pick % len(values)]\n"
    "bad = (ValueError, TypeError, KeyError, IndexError, OverflowError, MemoryError,\n"
    "       AttributeError, UnicodeError, RecursionError)\n"
    "t = text if isinstance(text, str) else text.decode('latin-1')\n"
    "for f in (lambda: format(v, t), lambda: t.format(v, v, 3, k=v, x=values),\n"
    "          lambda: t.format_map({'a': v, 'k': 1}), lambda: t % v, lambda: t % (v, 2, 'x'),\n"
    "          lambda: t % {'a': v, 'k': 1}, lambda: t.encode('utf-8') % (v, 2),\n"
    "          lambda: f'{v:{t}}', lambda: str.__format__('s', t), lambda: 1.5.__format__(t),\n"
    "          lambda: (-7).__format__(t), lambda: complex(1, -2).__format__(t)\n"
    "                  if 'complex' in dir(__builtins__) else 0):\n"
    "    try:\n"
    "        f()\n"
    "    except bad:\n"
    "        pass\n";

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    FuzzAlloc a;
    kr_interp *I = fuzz_new(&a, 1);
    const char *names[] = {"pick", "text"};
    kr_value *vals[] = {kr_int(I, size ? data[0] : 0),
                        fuzz_text(I, size ? data + 1 : data, size ? size - 1 : 0)};
    fuzz_check_rc(I, fuzz_run_driver(I, driver, 2, names, vals), 1);
    fuzz_free(I, &a);
    return 0;
}
