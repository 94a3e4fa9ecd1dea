/* unicode.c: UTF-8 encoding and decoding, and the character classes and case mappings the
 * str methods need.
 *
 * The character classes (isalpha, isdigit, isprintable, isidentifier...) come from a table
 * generated from CPython's Unicode database (unicode_db.c, by unicode_db_gen.py), so they
 * agree with CPython for every code point; so do the full case mappings (str.lower, upper,
 * title, casefold), from the same generated file. Final sigma is str.lower's own business. */
#include "str.h"

/* ---- UTF-8 ------------------------------------------------------------------------ */

int utf8_char_len(unsigned char c) {
    if (c < 0x80) return 1;
    if (c < 0xE0) return 2;
    if (c < 0xF0) return 3;
    return 4;
}

size_t utf8_count(const char *s, size_t len) {
    size_t n = 0;
    for (size_t i = 0; i < len; i++)
        if (((unsigned char)s[i] & 0xC0) != 0x80) n++;
    return n;
}

/* Strict validation as CPython's decoder: no overlongs, no surrogates, nothing past
 * U+10FFFF. */
int64_t utf8_validate(const char *str, size_t len) {
    const unsigned char *s = (const unsigned char *)str;
    size_t i = 0;
    while (i < len) {
        unsigned char c = s[i];
        if (c < 0x80) {
            i++;
            continue;
        }
        size_t n;
        unsigned char lo = 0x80, hi = 0xBF;
        if (c >= 0xC2 && c <= 0xDF)
            n = 2;
        else if (c >= 0xE0 && c <= 0xEF) {
            n = 3;
            if (c == 0xE0) lo = 0xA0;
            if (c == 0xED) hi = 0x9F;
        } else if (c >= 0xF0 && c <= 0xF4) {
            n = 4;
            if (c == 0xF0) lo = 0x90;
            if (c == 0xF4) hi = 0x8F;
        } else
            return (int64_t)i;
        if (i + 1 >= len || s[i + 1] < lo || s[i + 1] > hi) return (int64_t)i;
        for (size_t k = 2; k < n; k++)
            if (i + k >= len || (s[i + k] & 0xC0) != 0x80) return (int64_t)i;
        i += n;
    }
    return -1;
}

int utf8_encode(uint32_t cp, char *out) {
    if (cp < 0x80) {
        out[0] = (char)cp;
        return 1;
    }
    if (cp < 0x800) {
        out[0] = (char)(0xC0 | (cp >> 6));
        out[1] = (char)(0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp < 0x10000) {
        out[0] = (char)(0xE0 | (cp >> 12));
        out[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
        out[2] = (char)(0x80 | (cp & 0x3F));
        return 3;
    }
    out[0] = (char)(0xF0 | (cp >> 18));
    out[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
    out[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
    out[3] = (char)(0x80 | (cp & 0x3F));
    return 4;
}

/* Decodes one code point of valid UTF-8. */
uint32_t utf8_decode(const char *str, size_t *pos) {
    const unsigned char *s = (const unsigned char *)str + *pos;
    uint32_t c = s[0];
    if (c < 0x80) {
        *pos += 1;
        return c;
    }
    if (c < 0xE0) {
        *pos += 2;
        return ((c & 0x1F) << 6) | (s[1] & 0x3F);
    }
    if (c < 0xF0) {
        *pos += 3;
        return ((c & 0x0F) << 12) | ((uint32_t)(s[1] & 0x3F) << 6) | (s[2] & 0x3F);
    }
    *pos += 4;
    return ((c & 0x07) << 18) | ((uint32_t)(s[1] & 0x3F) << 12) | ((uint32_t)(s[2] & 0x3F) << 6) |
           (s[3] & 0x3F);
}

/* ---- case mapping: the generated table ---------------------------------------------- */

enum { MAP_LOWER, MAP_UPPER, MAP_TITLE, MAP_FOLD };

/* Full mapping `which` of cp into out (at most 3 code points); returns the count. */
static int full_map(uint32_t cp, int which, uint32_t *out) {
    if (cp < 0x80) {
        uint32_t r = cp;
        if (which == MAP_UPPER || which == MAP_TITLE) {
            if (cp >= 'a' && cp <= 'z') r = cp - 32;
        } else if (cp >= 'A' && cp <= 'Z')
            r = cp + 32;
        out[0] = r;
        return 1;
    }
    size_t lo = 0, hi = uni_db_ncase;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (uni_db_case_cp[mid] < cp)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo == uni_db_ncase || uni_db_case_cp[lo] != cp || uni_db_case_idx[lo][which] == 0) {
        out[0] = cp;
        return 1;
    }
    const uint32_t *e = uni_db_case_pool + uni_db_case_idx[lo][which];
    for (uint32_t k = 0; k < e[0]; k++)
        out[k] = e[1 + k];
    return (int)e[0];
}

/* Simple (one code point) mappings: the full one when that is a single code point. */
static uint32_t simple_map(uint32_t cp, int which) {
    uint32_t out[3];
    return full_map(cp, which, out) == 1 ? out[0] : cp;
}

uint32_t uni_tolower(uint32_t cp) {
    return simple_map(cp, MAP_LOWER);
}
uint32_t uni_toupper(uint32_t cp) {
    return simple_map(cp, MAP_UPPER);
}
uint32_t uni_totitle(uint32_t cp) {
    return simple_map(cp, MAP_TITLE);
}
int uni_full_lower(uint32_t cp, uint32_t *out) {
    return full_map(cp, MAP_LOWER, out);
}
int uni_full_upper(uint32_t cp, uint32_t *out) {
    return full_map(cp, MAP_UPPER, out);
}
int uni_full_title(uint32_t cp, uint32_t *out) {
    return full_map(cp, MAP_TITLE, out);
}
int uni_full_fold(uint32_t cp, uint32_t *out) {
    return full_map(cp, MAP_FOLD, out);
}

/* ---- character classes: the generated table ---------------------------------------- */

enum {
    UNI_ALPHA = 0x1,
    UNI_DECIMAL = 0x2,
    UNI_DIGIT = 0x4,
    UNI_NUMERIC = 0x8,
    UNI_SPACE = 0x10,
    UNI_PRINTABLE = 0x20,
    UNI_LOWER = 0x40,
    UNI_UPPER = 0x80,
    UNI_TITLE = 0x100,
    UNI_CASED = 0x200,
    UNI_CASE_IGNORABLE = 0x400,
    UNI_ID_START = 0x800,
    UNI_ID_CONTINUE = 0x1000,
};

static unsigned uni_flags(uint32_t cp) {
    size_t lo = 0, hi = uni_db_runs; /* the last run starting at or before cp */
    while (hi - lo > 1) {
        size_t mid = lo + (hi - lo) / 2;
        if (uni_db_start[mid] <= cp)
            lo = mid;
        else
            hi = mid;
    }
    return uni_db_flags[lo];
}

bool uni_istitle(uint32_t cp) {
    return cp >= 0x80 && (uni_flags(cp) & UNI_TITLE);
}

bool uni_islower(uint32_t cp) {
    if (cp < 0x80) return cp >= 'a' && cp <= 'z';
    return uni_flags(cp) & UNI_LOWER;
}

bool uni_isupper(uint32_t cp) {
    if (cp < 0x80) return cp >= 'A' && cp <= 'Z';
    return uni_flags(cp) & UNI_UPPER;
}

bool uni_iscased(uint32_t cp) {
    if (cp < 0x80) return (cp | 32) >= 'a' && (cp | 32) <= 'z';
    return uni_flags(cp) & UNI_CASED;
}

/* Marks, format characters, modifiers and the apostrophe-like characters: skipped when
 * str.lower decides whether a capital sigma ends a word. */
bool uni_iscase_ignorable(uint32_t cp) {
    return (uni_flags(cp) & UNI_CASE_IGNORABLE) != 0;
}

bool uni_isspace(uint32_t cp) {
    if (cp < 0x80) return (cp >= 0x09 && cp <= 0x0D) || (cp >= 0x1C && cp <= 0x20);
    return uni_flags(cp) & UNI_SPACE;
}

int uni_decimal_value(uint32_t cp) {
    if (cp < 0x80) return cp >= '0' && cp <= '9' ? (int)(cp - '0') : -1;
    size_t lo = 0, hi = uni_db_nzeros;
    while (hi - lo > 1) {
        size_t mid = lo + (hi - lo) / 2;
        if (uni_db_zeros[mid] <= cp)
            lo = mid;
        else
            hi = mid;
    }
    if (cp >= uni_db_zeros[lo] && cp < uni_db_zeros[lo] + 10 && (uni_flags(cp) & UNI_DECIMAL))
        return (int)(cp - uni_db_zeros[lo]);
    return -1;
}

bool uni_isdecimal(uint32_t cp) {
    if (cp < 0x80) return cp >= '0' && cp <= '9';
    return uni_flags(cp) & UNI_DECIMAL;
}

bool uni_isdigit(uint32_t cp) {
    if (cp < 0x80) return cp >= '0' && cp <= '9';
    return uni_flags(cp) & UNI_DIGIT;
}

bool uni_isnumeric(uint32_t cp) {
    if (cp < 0x80) return cp >= '0' && cp <= '9';
    return uni_flags(cp) & UNI_NUMERIC;
}

bool uni_isalpha(uint32_t cp) {
    if (cp < 0x80) return (cp | 32) >= 'a' && (cp | 32) <= 'z';
    return uni_flags(cp) & UNI_ALPHA;
}

bool uni_isalnum(uint32_t cp) {
    if (cp < 0x80) return ((cp | 32) >= 'a' && (cp | 32) <= 'z') || (cp >= '0' && cp <= '9');
    return uni_flags(cp) & (UNI_ALPHA | UNI_DECIMAL | UNI_DIGIT | UNI_NUMERIC);
}

/* CPython's str.isprintable and repr(): not Cc, Cf, Cs, Co, Cn, Zl, Zp, nor Zs but space. */
bool uni_isprintable(uint32_t cp) {
    if (cp < 0x80) return cp >= 0x20 && cp < 0x7F;
    return uni_flags(cp) & UNI_PRINTABLE;
}

bool uni_isid_start(uint32_t cp) {
    if (cp < 0x80) return cp == '_' || ((cp | 32) >= 'a' && (cp | 32) <= 'z');
    return uni_flags(cp) & UNI_ID_START;
}

bool uni_isid_continue(uint32_t cp) {
    if (cp < 0x80)
        return cp == '_' || ((cp | 32) >= 'a' && (cp | 32) <= 'z') || (cp >= '0' && cp <= '9');
    return uni_flags(cp) & UNI_ID_CONTINUE;
}
