/* unicode.c: UTF-8 encoding and decoding, and the character classes and case mappings the
 * str methods need.
 *
 * krait carries no Unicode database. ASCII is exact. Case mapping covers Latin-1, Latin
 * Extended-A, the regular parts of Latin Extended-B, Latin Extended Additional, Greek and
 * Coptic (basic letters) and Cyrillic, plus the special full mappings scripts meet (sharp s,
 * dotted capital I, final sigma is handled by str.lower itself). Character classes cover
 * those scripts and the big blocks (CJK, kana, Hangul); code points outside them are treated
 * as "other" letters that are printable unless they sit in a known control, format,
 * separator, surrogate, private-use or unassigned range. That is enough for repr() and the
 * is*() methods to agree with CPython on the text scripts actually handle. */
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

/* ---- case mapping ------------------------------------------------------------------ */

/* Blocks where upper and lower case alternate: `first` is the first uppercase letter, and
 * every pair (even offset upper, odd offset lower) up to `last` maps. */
typedef struct CasePairs {
    uint32_t first, last;
} CasePairs;

static const CasePairs case_pairs[] = {
    {0x0100, 0x012F}, {0x0132, 0x0137}, {0x0139, 0x0148}, {0x014A, 0x0177}, {0x0179, 0x017E},
    {0x01CD, 0x01DC}, {0x01DE, 0x01EF}, {0x01F8, 0x021F}, {0x0222, 0x0233}, {0x0246, 0x024F},
    {0x03D8, 0x03EF}, {0x0460, 0x0481}, {0x048A, 0x04BF}, {0x04C1, 0x04CE}, {0x04D0, 0x052F},
    {0x1E00, 0x1E95}, {0x1EA0, 0x1EFF},
};

/* Offset ranges: [lo, hi] uppercase maps to lowercase by +delta. */
typedef struct CaseRange {
    uint32_t lo, hi;
    int32_t delta;
} CaseRange;

static const CaseRange case_ranges[] = {
    {0x41, 0x5A, 32},   {0xC0, 0xD6, 32},     {0xD8, 0xDE, 32},   {0x386, 0x386, 38},
    {0x388, 0x38A, 37}, {0x38C, 0x38C, 64},   {0x38E, 0x38F, 63}, {0x391, 0x3A1, 32},
    {0x3A3, 0x3AB, 32}, {0x400, 0x40F, 80},   {0x410, 0x42F, 32}, {0x4C0, 0x4C0, 15},
    {0x531, 0x556, 48}, {0xFF21, 0xFF3A, 32},
};

/* Irregular pairs (upper, lower). */
static const uint32_t case_extra[][2] = {
    {0x178, 0xFF},  {0x181, 0x253}, {0x186, 0x254},  {0x189, 0x256}, {0x18A, 0x257},
    {0x18E, 0x1DD}, {0x18F, 0x259}, {0x190, 0x25B},  {0x193, 0x260}, {0x194, 0x263},
    {0x196, 0x269}, {0x197, 0x268}, {0x19C, 0x26F},  {0x19D, 0x272}, {0x19F, 0x275},
    {0x1A9, 0x283}, {0x1AE, 0x288}, {0x1B1, 0x28A},  {0x1B2, 0x28B}, {0x1B7, 0x292},
    {0x182, 0x183}, {0x184, 0x185}, {0x187, 0x188},  {0x18B, 0x18C}, {0x191, 0x192},
    {0x198, 0x199}, {0x1A0, 0x1A1}, {0x1A2, 0x1A3},  {0x1A4, 0x1A5}, {0x1A7, 0x1A8},
    {0x1AC, 0x1AD}, {0x1AF, 0x1B0}, {0x1B3, 0x1B4},  {0x1B5, 0x1B6}, {0x1B8, 0x1B9},
    {0x1BC, 0x1BD}, {0x1C4, 0x1C6}, {0x1C7, 0x1C9},  {0x1CA, 0x1CC}, {0x1F1, 0x1F3},
    {0x1F4, 0x1F5}, {0x1F6, 0x195}, {0x1F7, 0x1BF},  {0x220, 0x19E}, {0x23A, 0x2C65},
    {0x23B, 0x23C}, {0x23D, 0x19A}, {0x23E, 0x2C66}, {0x241, 0x242}, {0x243, 0x180},
    {0x244, 0x289}, {0x245, 0x28C}, {0x370, 0x371},  {0x372, 0x373}, {0x376, 0x377},
    {0x37F, 0x3F3}, {0x3CF, 0x3D7}, {0x3F7, 0x3F8},  {0x3FA, 0x3FB}, {0x3F9, 0x3F2},
    {0x1E9E, 0xDF},
};

/* Lowercase letters whose uppercase is not the inverse of the tables above. */
static const uint32_t upper_extra[][2] = {
    {0xB5, 0x39C},  {0x131, 0x49},  {0x17F, 0x53},  {0x3C2, 0x3A3},
    {0x3D0, 0x392}, {0x3D1, 0x398}, {0x3D5, 0x3A6}, {0x3D6, 0x3A0},
    {0x3F0, 0x39A}, {0x3F1, 0x3A1}, {0x3F5, 0x395}, {0x1C5, 0x1C4},
    {0x1C8, 0x1C7}, {0x1CB, 0x1CA}, {0x1F2, 0x1F1}, {0x1E9B, 0x1E60},
};

uint32_t uni_tolower(uint32_t cp) {
    if (cp < 0x80) return (cp >= 'A' && cp <= 'Z') ? cp + 32 : cp;
    for (size_t i = 0; i < sizeof case_ranges / sizeof *case_ranges; i++)
        if (cp >= case_ranges[i].lo && cp <= case_ranges[i].hi)
            return cp + (uint32_t)case_ranges[i].delta;
    for (size_t i = 0; i < sizeof case_pairs / sizeof *case_pairs; i++)
        if (cp >= case_pairs[i].first && cp <= case_pairs[i].last)
            return ((cp - case_pairs[i].first) & 1) ? cp : cp + 1;
    for (size_t i = 0; i < sizeof case_extra / sizeof *case_extra; i++)
        if (case_extra[i][0] == cp) return case_extra[i][1];
    if (cp == 0x1C5 || cp == 0x1C8 || cp == 0x1CB || cp == 0x1F2) return cp + 1;
    if (cp == 0x130) return 'i';
    return cp;
}

uint32_t uni_toupper(uint32_t cp) {
    if (cp < 0x80) return (cp >= 'a' && cp <= 'z') ? cp - 32 : cp;
    if (cp == 0xDF) return cp; /* full mapping only: "SS" */
    for (size_t i = 0; i < sizeof upper_extra / sizeof *upper_extra; i++)
        if (upper_extra[i][0] == cp) return upper_extra[i][1];
    for (size_t i = 0; i < sizeof case_ranges / sizeof *case_ranges; i++) {
        uint32_t lo = case_ranges[i].lo + (uint32_t)case_ranges[i].delta;
        uint32_t hi = case_ranges[i].hi + (uint32_t)case_ranges[i].delta;
        if (cp >= lo && cp <= hi) return cp - (uint32_t)case_ranges[i].delta;
    }
    for (size_t i = 0; i < sizeof case_pairs / sizeof *case_pairs; i++)
        if (cp >= case_pairs[i].first && cp <= case_pairs[i].last)
            return ((cp - case_pairs[i].first) & 1) ? cp - 1 : cp;
    for (size_t i = 0; i < sizeof case_extra / sizeof *case_extra; i++)
        if (case_extra[i][1] == cp && case_extra[i][0] != 0x1E9E) return case_extra[i][0];
    return cp;
}

uint32_t uni_totitle(uint32_t cp) {
    switch (cp) {
    case 0x1C4:
    case 0x1C5:
    case 0x1C6: return 0x1C5;
    case 0x1C7:
    case 0x1C8:
    case 0x1C9: return 0x1C8;
    case 0x1CA:
    case 0x1CB:
    case 0x1CC: return 0x1CB;
    case 0x1F1:
    case 0x1F2:
    case 0x1F3: return 0x1F2;
    default: return uni_toupper(cp);
    }
}

int uni_full_lower(uint32_t cp, uint32_t *out) {
    if (cp == 0x130) {
        out[0] = 'i';
        out[1] = 0x307;
        return 2;
    }
    out[0] = uni_tolower(cp);
    return 1;
}

int uni_full_upper(uint32_t cp, uint32_t *out) {
    switch (cp) {
    case 0xDF: out[0] = 'S', out[1] = 'S'; return 2;
    case 0x149: out[0] = 0x2BC, out[1] = 'N'; return 2;
    case 0x1F0: out[0] = 'J', out[1] = 0x30C; return 2;
    case 0xFB00: out[0] = 'F', out[1] = 'F'; return 2;
    case 0xFB01: out[0] = 'F', out[1] = 'I'; return 2;
    case 0xFB02: out[0] = 'F', out[1] = 'L'; return 2;
    default: out[0] = uni_toupper(cp); return 1;
    }
}

int uni_full_title(uint32_t cp, uint32_t *out) {
    switch (cp) {
    case 0xDF: out[0] = 'S', out[1] = 's'; return 2;
    case 0x149: out[0] = 0x2BC, out[1] = 'N'; return 2;
    case 0xFB00: out[0] = 'F', out[1] = 'f'; return 2;
    case 0xFB01: out[0] = 'F', out[1] = 'i'; return 2;
    case 0xFB02: out[0] = 'F', out[1] = 'l'; return 2;
    default: out[0] = uni_totitle(cp); return 1;
    }
}

int uni_full_fold(uint32_t cp, uint32_t *out) {
    switch (cp) {
    case 0xDF: out[0] = 's', out[1] = 's'; return 2;
    case 0x1E9E: out[0] = 's', out[1] = 's'; return 2;
    case 0x130: out[0] = 'i', out[1] = 0x307; return 2;
    case 0x149: out[0] = 0x2BC, out[1] = 'n'; return 2;
    case 0xFB00: out[0] = 'f', out[1] = 'f'; return 2;
    case 0xFB01: out[0] = 'f', out[1] = 'i'; return 2;
    case 0xFB02: out[0] = 'f', out[1] = 'l'; return 2;
    case 0xB5: out[0] = 0x3BC; return 1;
    case 0x17F: out[0] = 's'; return 1;
    case 0x3C2: out[0] = 0x3C3; return 1;
    case 0x3D0: out[0] = 0x3B2; return 1;
    case 0x3D1: out[0] = 0x3B8; return 1;
    case 0x3D5: out[0] = 0x3C6; return 1;
    case 0x3D6: out[0] = 0x3C0; return 1;
    case 0x3F0: out[0] = 0x3BA; return 1;
    case 0x3F1: out[0] = 0x3C1; return 1;
    case 0x3F5: out[0] = 0x3B5; return 1;
    default: out[0] = uni_tolower(cp); return 1;
    }
}

bool uni_istitle(uint32_t cp) {
    return cp == 0x1C5 || cp == 0x1C8 || cp == 0x1CB || cp == 0x1F2;
}

/* Lowercase letters with no uppercase partner in our tables. */
static bool lower_only(uint32_t cp) {
    return cp == 0xAA || cp == 0xBA || cp == 0xDF || cp == 0x138 || cp == 0x149 ||
           (cp >= 0x250 && cp <= 0x2AF) || cp == 0x390 || cp == 0x3B0 || cp == 0x1E96 ||
           (cp >= 0x1E97 && cp <= 0x1E9D) || cp == 0x1E9F || cp == 0x1F0 || cp == 0x221 ||
           (cp >= 0x234 && cp <= 0x239) || (cp >= 0xFB00 && cp <= 0xFB06);
}

bool uni_islower(uint32_t cp) {
    if (cp < 0x80) return cp >= 'a' && cp <= 'z';
    if (lower_only(cp)) return true;
    if (uni_istitle(cp)) return false;
    return uni_toupper(cp) != cp;
}

bool uni_isupper(uint32_t cp) {
    if (cp < 0x80) return cp >= 'A' && cp <= 'Z';
    if (uni_istitle(cp)) return false;
    return uni_tolower(cp) != cp || cp == 0x1E9E;
}

bool uni_iscased(uint32_t cp) {
    return uni_islower(cp) || uni_isupper(cp) || uni_istitle(cp);
}

/* Combining marks and the apostrophe-like characters: skipped when str.lower decides
 * whether a capital sigma ends a word. */
bool uni_iscase_ignorable(uint32_t cp) {
    return cp == '\'' || cp == '.' || cp == ':' || cp == '^' || cp == '`' || cp == 0xAD ||
           cp == 0xB7 || cp == 0x2019 || (cp >= 0x300 && cp <= 0x36F);
}

/* ---- character classes ------------------------------------------------------------- */

bool uni_isspace(uint32_t cp) {
    if (cp < 0x80) return (cp >= 0x09 && cp <= 0x0D) || (cp >= 0x1C && cp <= 0x20);
    return cp == 0x85 || cp == 0xA0 || cp == 0x1680 || (cp >= 0x2000 && cp <= 0x200A) ||
           cp == 0x2028 || cp == 0x2029 || cp == 0x202F || cp == 0x205F || cp == 0x3000;
}

/* Zero digits of the decimal-digit blocks we know; each block is ten consecutive digits. */
static const uint32_t decimal_zeros[] = {
    0x30,   0x660,  0x6F0,  0x7C0,  0x966,   0x9E6,   0xA66,   0xAE6,   0xB66,
    0xBE6,  0xC66,  0xCE6,  0xD66,  0xDE6,   0xE50,   0xED0,   0xF20,   0x1040,
    0x1090, 0x17E0, 0x1810, 0xFF10, 0x1D7CE, 0x1D7D8, 0x1D7E2, 0x1D7EC, 0x1D7F6,
};

int uni_decimal_value(uint32_t cp) {
    for (size_t i = 0; i < sizeof decimal_zeros / sizeof *decimal_zeros; i++)
        if (cp >= decimal_zeros[i] && cp < decimal_zeros[i] + 10)
            return (int)(cp - decimal_zeros[i]);
    return -1;
}

bool uni_isdecimal(uint32_t cp) {
    if (cp < 0x80) return cp >= '0' && cp <= '9';
    return uni_decimal_value(cp) >= 0;
}

/* Digits that are not decimal: superscripts, circled and parenthesized digits. */
bool uni_isdigit(uint32_t cp) {
    if (uni_isdecimal(cp)) return true;
    return cp == 0xB2 || cp == 0xB3 || cp == 0xB9 || cp == 0x2070 ||
           (cp >= 0x2074 && cp <= 0x2079) || (cp >= 0x2080 && cp <= 0x2089) ||
           (cp >= 0x2460 && cp <= 0x2468) || (cp >= 0x2474 && cp <= 0x247C) ||
           (cp >= 0x2488 && cp <= 0x2490) || cp == 0x24EA || (cp >= 0x2776 && cp <= 0x277E);
}

/* Numerics that are not digits: vulgar fractions, Roman numerals, CJK numerals. */
bool uni_isnumeric(uint32_t cp) {
    if (uni_isdigit(cp)) return true;
    return (cp >= 0xBC && cp <= 0xBE) || (cp >= 0x2150 && cp <= 0x2182) ||
           (cp >= 0x2469 && cp <= 0x2473) || (cp >= 0x247D && cp <= 0x2487) || cp == 0x3007 ||
           cp == 0x4E00 || cp == 0x4E8C || cp == 0x4E09 || cp == 0x56DB || cp == 0x4E94 ||
           cp == 0x516D || cp == 0x4E03 || cp == 0x516B || cp == 0x4E5D || cp == 0x5341 ||
           cp == 0x767E || cp == 0x5343 || cp == 0x4E07;
}

bool uni_isalpha(uint32_t cp) {
    if (cp < 0x80) return (cp | 32) >= 'a' && (cp | 32) <= 'z';
    if (cp < 0x100)
        return cp == 0xAA || cp == 0xB5 || cp == 0xBA || (cp >= 0xC0 && cp != 0xD7 && cp != 0xF7);
    if (cp <= 0x2C1) return true; /* Latin Extended-A/B, IPA, modifier letters */
    if (cp >= 0x370 && cp <= 0x3FF)
        return cp != 0x375 && cp != 0x37E && cp != 0x384 && cp != 0x385 && cp != 0x387 &&
               cp != 0x3F6 && uni_isprintable(cp) && cp != 0x374;
    if (cp >= 0x400 && cp <= 0x52F) return !(cp >= 0x482 && cp <= 0x489);
    if (cp >= 0x531 && cp <= 0x556) return true;
    if (cp >= 0x561 && cp <= 0x587) return true;
    if (cp >= 0x5D0 && cp <= 0x5EA) return true; /* Hebrew */
    if (cp >= 0x620 && cp <= 0x64A) return true; /* Arabic */
    if (cp >= 0x904 && cp <= 0x939) return true; /* Devanagari */
    if (cp >= 0xE01 && cp <= 0xE30) return true; /* Thai */
    if (cp >= 0x10A0 && cp <= 0x10FF) return true;
    if (cp >= 0x1E00 && cp <= 0x1FFF)
        return uni_isprintable(cp) && cp != 0x1FBD && !(cp >= 0x1FBF && cp <= 0x1FC1) &&
               !(cp >= 0x1FCD && cp <= 0x1FCF) && !(cp >= 0x1FDD && cp <= 0x1FDF) &&
               !(cp >= 0x1FED && cp <= 0x1FEF) && cp < 0x1FFD;
    if (cp >= 0x3041 && cp <= 0x3096) return true; /* Hiragana */
    if (cp >= 0x30A1 && cp <= 0x30FA) return true; /* Katakana */
    if (cp >= 0x3400 && cp <= 0x4DBF) return true;
    if (cp >= 0x4E00 && cp <= 0x9FFF) return true;
    if (cp >= 0xAC00 && cp <= 0xD7A3) return true; /* Hangul */
    if (cp >= 0xFB00 && cp <= 0xFB06) return true;
    if (cp >= 0xFF21 && cp <= 0xFF3A) return true;
    if (cp >= 0xFF41 && cp <= 0xFF5A) return true;
    if (cp >= 0x20000 && cp <= 0x2FA1D) return true;
    return false;
}

bool uni_isalnum(uint32_t cp) {
    return uni_isalpha(cp) || uni_isdecimal(cp) || uni_isdigit(cp) || uni_isnumeric(cp);
}

/* Not printable: Cc, Cf, Zs (but space), Zl, Zp, Cs, Co and the unassigned ranges we know,
 * as CPython's str.isprintable and repr() define it. */
bool uni_isprintable(uint32_t cp) {
    if (cp < 0x80) return cp >= 0x20 && cp < 0x7F;
    if (cp <= 0xA0 || cp == 0xAD) return false;
    if (cp < 0x370) return true;
    if (cp < 0x400)
        return !(cp == 0x378 || cp == 0x379 || (cp >= 0x380 && cp <= 0x383) || cp == 0x38B ||
                 cp == 0x38D || cp == 0x3A2);
    if (cp < 0x600)
        return !(cp == 0x530 || cp == 0x557 || cp == 0x558 || cp == 0x58B || cp == 0x58C ||
                 cp == 0x590 || (cp >= 0x5C8 && cp <= 0x5CF) || (cp >= 0x5EB && cp <= 0x5EE) ||
                 cp >= 0x5F5);
    if (cp <= 0x605 || cp == 0x61C || cp == 0x6DD || cp == 0x70F || cp == 0x8E2) return false;
    if (cp == 0x1680 || cp == 0x180E) return false;
    if (cp >= 0x2000 && cp <= 0x200F) return false;
    if (cp >= 0x2028 && cp <= 0x202F) return false;
    if (cp >= 0x205F && cp <= 0x206F) return false;
    if (cp == 0x3000) return false;
    if (cp >= 0xD7FC && cp <= 0xF8FF) return false; /* surrogates, private use */
    if (cp == 0xFEFF || (cp >= 0xFFF0 && cp <= 0xFFFB) || (cp >= 0xFFFE && cp <= 0xFFFF))
        return false;
    if (cp >= 0xFDD0 && cp <= 0xFDEF) return false;
    if ((cp & 0xFFFE) == 0xFFFE) return false; /* noncharacters at the end of every plane */
    if (cp == 0x110BD || cp == 0x110CD) return false;
    if (cp >= 0x1BCA0 && cp <= 0x1BCA3) return false;
    if (cp >= 0x1D173 && cp <= 0x1D17A) return false;
    if (cp >= 0x2FA1E && cp <= 0x2FFFF) return false;
    if (cp >= 0x3134B && cp <= 0xE00FF) return false; /* unassigned planes 3-14, tags */
    if (cp >= 0xE01F0) return false;                  /* private use planes 15 and 16 */
    return true;
}

bool uni_isid_start(uint32_t cp) {
    if (cp < 0x80) return cp == '_' || ((cp | 32) >= 'a' && (cp | 32) <= 'z');
    return uni_isalpha(cp);
}

bool uni_isid_continue(uint32_t cp) {
    if (cp < 0x80)
        return cp == '_' || ((cp | 32) >= 'a' && (cp | 32) <= 'z') || (cp >= '0' && cp <= '9');
    return uni_isalpha(cp) || uni_isdecimal(cp) || cp == 0xB7 || (cp >= 0x300 && cp <= 0x36F);
}
