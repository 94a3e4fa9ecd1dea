/* py_mutator.c: a token- and line-aware mutator for Python source, linked into fuzz_exec_py
 * (libFuzzer's LLVMFuzzerCustomMutator / LLVMFuzzerCustomCrossOver). Byte flips rarely keep
 * a script parseable, so most mutations here work on what a script is made of: a number
 * literal becomes an interesting number (huge, negative, 2**63...), a name becomes another
 * name (builtins, dunders, methods that mutate containers), a line is duplicated, deleted,
 * moved, wrapped in a block, or a hostile snippet is inserted at the indentation of the line
 * it lands before; crossover splices the lines of two scripts. One mutation in four is left
 * to libFuzzer's own byte mutations (and its -dict= tokens), so both kinds mix. The seeds are
 * the scripts of tests/lang and tests/hostile (tests/fuzz/README.md). */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max_size);
size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned int seed);
size_t LLVMFuzzerCustomCrossOver(const uint8_t *d1, size_t s1, const uint8_t *d2, size_t s2,
                                 uint8_t *out, size_t max_out, unsigned int seed);

static const char *const numbers[] = {
    "0",     "-1",    "1",     "2**63",        "2**64 - 1",    "-2**63",    "10**18",
    "2**31", "1e308", "-0.0",  "float('nan')", "float('inf')", "255",       "256",
    "65536", "10**6", "2**62", "0.1",          "7**77",        "-(2**100)", "3"};

static const char *const names[] = {
    "len",       "list",       "dict",       "set",      "tuple",       "str",          "bytes",
    "bytearray", "int",        "float",      "range",    "iter",        "next",         "map",
    "zip",       "filter",     "sorted",     "reversed", "enumerate",   "sum",          "max",
    "min",       "repr",       "hash",       "format",   "getattr",     "setattr",      "object",
    "type",      "super",      "isinstance", "print",    "__index__",   "__eq__",       "__hash__",
    "__len__",   "__iter__",   "__next__",   "__del__",  "__getitem__", "__repr__",     "__init__",
    "__new__",   "__class__",  "__dict__",   "append",   "extend",      "pop",          "clear",
    "insert",    "remove",     "sort",       "join",     "split",       "replace",      "find",
    "encode",    "decode",     "items",      "keys",     "values",      "update",       "copy",
    "send",      "throw",      "close",      "globals",  "locals",      "vars",         "exec",
    "eval",      "memoryview", "frozenset",  "slice",    "property",    "staticmethod", "id",
    "divmod",    "pow",        "abs",        "round",    "chr",         "ord",          "bin"};

static const char *const snippets[] = {
    "import gc; gc.collect()",
    "x = [0] * 10**6",
    "del x",
    "L = list(range(100)); L[::3] = []",
    "class I:\n    def __index__(self): L.clear(); return 0",
    "class E:\n    def __eq__(self, o): d.clear(); return True\n    def __hash__(self): return 1",
    "def g():\n    yield from g()",
    "try:\n    raise ValueError\nexcept Exception as e:\n    e.__traceback__ = None",
    "s = 'a' * 1000; s.expandtabs(8)",
    "b = bytearray(b'xyz'); b += b; b[1:2] = iter(b)",
    "import itertools; next(itertools.islice(itertools.count(), 10**9, None))",
    "f = lambda *a, **k: f; f(f)(f)",
    "import sys; sys.setrecursionlimit(50)",
    "import json; json.loads('[' * 100 + ']' * 100)",
    "import re; re.compile('(a+)+$').match('a' * 20 + 'b')",
    "with open('x') as f:\n    pass",
    "o = object(); o.__class__ = int",
    "exec('x = 1', {})",
    "raise SystemExit(3)",
    "'{:>{}}'.format(1, 10**4)",
    "import struct; struct.pack('>q', 2**63 - 1)",
    "async def c():\n    await c()",
    "import gpu; a = gpu.arange(10); a[3:] += a[:7]"};

#define COUNT(a) (sizeof(a) / sizeof *(a))

/* xorshift64*, seeded by libFuzzer per call (no state outlives a call) */
typedef struct Rng {
    uint64_t s;
} Rng;

static uint32_t rnd(Rng *r, uint32_t n) {
    r->s ^= r->s >> 12;
    r->s ^= r->s << 25;
    r->s ^= r->s >> 27;
    return n ? (uint32_t)((r->s * 2685821657736338717ull) >> 32) % n : 0;
}

static int is_name_start(uint8_t c) {
    return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static int is_name_char(uint8_t c) {
    return is_name_start(c) || (c >= '0' && c <= '9');
}

/* Replace data[at, at + n) with text; false when the result would not fit. */
static int splice(uint8_t *data, size_t *size, size_t max, size_t at, size_t n, const char *text,
                  size_t tn) {
    if (*size - n + tn > max) return 0;
    memmove(data + at + tn, data + at + n, *size - at - n);
    memcpy(data + at, text, tn);
    *size = *size - n + tn;
    return 1;
}

/* The start of the k-th token of the kind is_start/is_char picks (k counted modulo their
 * number); its length in *len. -1 when there is none. */
static long pick_token(const uint8_t *d, size_t n, int numeric, Rng *r, size_t *len) {
    size_t count = 0;
    for (int pass = 0; pass < 2; pass++) {
        size_t want = pass ? rnd(r, (uint32_t)count) : 0, k = 0;
        for (size_t i = 0; i < n;) {
            int start = numeric ? (d[i] >= '0' && d[i] <= '9') : is_name_start(d[i]);
            if (start && (i == 0 || !is_name_char(d[i - 1]))) {
                size_t j = i;
                while (j < n && (is_name_char(d[j]) || (numeric && d[j] == '.')))
                    j++;
                if (pass && k == want) {
                    *len = j - i;
                    return (long)i;
                }
                k++;
                i = j;
            } else {
                i++;
            }
        }
        count = k;
        if (!count) return -1;
    }
    return -1;
}

/* Line starts: the offset of the k-th line (k modulo the line count) and its length with
 * its newline. */
static size_t pick_line(const uint8_t *d, size_t n, Rng *r, size_t *len) {
    size_t lines = 1;
    for (size_t i = 0; i < n; i++)
        lines += d[i] == '\n';
    size_t want = rnd(r, (uint32_t)lines), k = 0, i = 0;
    while (i < n && k < want)
        if (d[i++] == '\n') k++;
    size_t j = i;
    while (j < n && d[j] != '\n')
        j++;
    *len = (j < n ? j + 1 : j) - i;
    return i;
}

static size_t indent_of(const uint8_t *d, size_t at, size_t n) {
    size_t k = 0;
    while (at + k < n && d[at + k] == ' ')
        k++;
    return k;
}

/* text re-indented by ind spaces on every line, ending with a newline, into out. */
static size_t indented(const char *text, size_t ind, char *out, size_t cap) {
    size_t o = 0;
    for (const char *p = text; *p && o + ind + 2 < cap;) {
        for (size_t k = 0; k < ind; k++)
            out[o++] = ' ';
        while (*p && *p != '\n' && o + 2 < cap)
            out[o++] = *p++;
        out[o++] = '\n';
        if (*p == '\n') p++;
    }
    return o;
}

size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned int seed) {
    Rng r = {seed * 0x9E3779B97F4A7C15ull + 1};
    char buf[512];
    size_t len, n;
    long at;
    for (int tries = 0; tries < 4; tries++) {
        switch (rnd(&r, 9)) {
        case 0: { /* a number literal */
            if ((at = pick_token(data, size, 1, &r, &len)) < 0) break;
            const char *num = numbers[rnd(&r, COUNT(numbers))];
            if (splice(data, &size, max_size, (size_t)at, len, num, strlen(num))) return size;
            break;
        }
        case 1: { /* a name */
            if ((at = pick_token(data, size, 0, &r, &len)) < 0) break;
            const char *nm = names[rnd(&r, COUNT(names))];
            if (splice(data, &size, max_size, (size_t)at, len, nm, strlen(nm))) return size;
            break;
        }
        case 2: { /* a hostile snippet before a line, at its indentation */
            size_t ln = pick_line(data, size, &r, &len);
            n = indented(snippets[rnd(&r, COUNT(snippets))], indent_of(data, ln, size), buf,
                         sizeof buf);
            if (splice(data, &size, max_size, ln, 0, buf, n)) return size;
            break;
        }
        case 3: { /* duplicate a line */
            size_t ln = pick_line(data, size, &r, &len);
            if (len == 0 || len > sizeof buf) break;
            memcpy(buf, data + ln, len);
            if (splice(data, &size, max_size, ln, 0, buf, len)) return size;
            break;
        }
        case 4: { /* delete a line */
            size_t ln = pick_line(data, size, &r, &len);
            if (len == 0) break;
            splice(data, &size, max_size, ln, len, "", 0);
            return size;
        }
        case 5: { /* move a line elsewhere */
            size_t ln = pick_line(data, size, &r, &len);
            if (len == 0 || len > sizeof buf) break;
            memcpy(buf, data + ln, len);
            splice(data, &size, max_size, ln, len, "", 0);
            size_t to = pick_line(data, size, &r, &n);
            if (splice(data, &size, max_size, to, 0, buf, len)) return size;
            break;
        }
        case 6: { /* wrap a line in a block */
            static const char *const heads[] = {
                "for _ in range(3):", "if 1:", "try:", "while x:", "with open('f'):", "def w():"};
            size_t ln = pick_line(data, size, &r, &len);
            size_t ind = indent_of(data, ln, size);
            size_t k = rnd(&r, COUNT(heads));
            char head[64];
            size_t hn = indented(heads[k], ind, head, sizeof head);
            if (!splice(data, &size, max_size, ln + ind, 0, "    ", 4)) break;
            if (!splice(data, &size, max_size, ln, 0, head, hn)) break;
            if (k == 2) { /* try: needs its handler after the wrapped line */
                size_t end = ln + hn + len + 4;
                n = indented("except BaseException: pass", ind, buf, sizeof buf);
                if (end <= size) splice(data, &size, max_size, end, 0, buf, n);
            }
            return size;
        }
        default: return LLVMFuzzerMutate(data, size, max_size);
        }
    }
    return LLVMFuzzerMutate(data, size, max_size);
}

/* The first lines of one script, then the last lines of the other. */
size_t LLVMFuzzerCustomCrossOver(const uint8_t *d1, size_t s1, const uint8_t *d2, size_t s2,
                                 uint8_t *out, size_t max_out, unsigned int seed) {
    Rng r = {seed * 0x9E3779B97F4A7C15ull + 7};
    size_t len;
    size_t cut1 = pick_line(d1, s1, &r, &len);
    size_t cut2 = pick_line(d2, s2, &r, &len);
    size_t n1 = cut1 < max_out ? cut1 : max_out;
    memcpy(out, d1, n1);
    size_t n2 = s2 - cut2;
    if (n2 > max_out - n1) n2 = max_out - n1;
    memcpy(out + n1, d2 + cut2, n2);
    return n1 + n2;
}
