/* fuzz_re.c: re patterns through the PCRE2 path (stdlib/py/re.py translates Python's
 * syntax, stdlib/re_pcre2.c compiles and matches). Input: a flags byte, then the pattern up
 * to the first NUL byte, then the subject. Patterns that do not compile raise re.error;
 * matching, findall, finditer, sub (with a template and with a function), split, fullmatch
 * and the Match object's groups, spans and expand must then work without a crash or a hang
 * past the limits (PCRE2's own match limit ends catastrophic backtracking: re.error or
 * RecursionError). */
#include "fuzz_common.h"

static const char driver[] = //
    "import re\n"
    "fl = 0\n"
    "for bit, f in ((1, re.I), (2, re.M), (4, re.S), (8, re.X), (16, re.A)):\n"
    "    if flags & bit: fl |= f\n"
    "if isinstance(pat, bytes): subj = subj if isinstance(subj, bytes) else subj.encode()\n"
    "elif isinstance(subj, bytes): subj = subj.decode('latin-1')\n"
    "if isinstance(pat, bytes): fl &= ~re.A\n"
    "bad = (re.error, RecursionError, MemoryError, ValueError, TypeError, IndexError, "
    "OverflowError)\n"
    "try:\n"
    "    p = re.compile(pat, fl)\n"
    "except bad:\n"
    "    p = None\n"
    "if p is not None:\n"
    "    rep = b'<\\\\g<0>>' if isinstance(pat, bytes) else '<\\\\g<0>>'\n"
    "    for f in (lambda: p.search(subj), lambda: p.match(subj, 1), lambda: p.fullmatch(subj),\n"
    "              lambda: p.findall(subj), lambda: list(p.finditer(subj)),\n"
    "              lambda: p.sub(rep, subj), lambda: p.subn(lambda m: m.group(0)[:1], subj, 3),\n"
    "              lambda: p.split(subj, 2), lambda: p.search(subj, 2, len(subj) - 1)):\n"
    "        try:\n"
    "            r = f()\n"
    "        except bad:\n"
    "            continue\n"
    "        ms = r if isinstance(r, list) else [r]\n"
    "        for m in ms:\n"
    "            if isinstance(m, re.Match):\n"
    "                m.groups(); m.groupdict(); m.span(); m.lastindex; m.lastgroup\n"
    "                for g in range(p.groups + 1): m.span(g); m.group(g)\n"
    "                assert m.string[m.start():m.end()] == m.group(0)\n"
    "                try: m.expand(rep)\n"
    "                except bad: pass\n"
    "    repr(p); p.pattern; p.flags; p.groupindex\n";

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size == 0) return 0;
    const uint8_t *pat = data + 1, *end = data + size;
    const uint8_t *nul = memchr(pat, 0, (size_t)(end - pat));
    const uint8_t *subj = nul ? nul + 1 : end;
    FuzzAlloc a;
    kr_interp *I = fuzz_new(&a, 1);
    const char *names[] = {"flags", "pat", "subj"};
    kr_value *vals[] = {kr_int(I, data[0]), fuzz_text(I, pat, (size_t)((nul ? nul : end) - pat)),
                        fuzz_text(I, subj, (size_t)(end - subj))};
    fuzz_check_rc(I, fuzz_run_driver(I, driver, 3, names, vals), 1);
    fuzz_free(I, &a);
    return 0;
}
