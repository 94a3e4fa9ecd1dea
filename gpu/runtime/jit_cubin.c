/* jit_cubin.c: facts read back from a CUBIN (jit.h's jit_cubin_regs) without a GPU or the
 * CUDA tools: the registers ptxas gave a kernel, from the ELF's .nv.info section
 * (EIATTR_REGCOUNT records: the kernel's symbol index and its count), the figure
 * `cuobjdump --dump-resource-usage` prints. The tile lowering's warp-specialized kernels
 * need it: their setmaxnreg moves registers inside the block's pool, which is this count
 * times the block's threads (gpu/tile/lower/mma_sm90_ws.c). */
#include <stdint.h>
#include <string.h>

#include "jit.h"

enum {
    ELF_SHOFF = 0x28,
    ELF_SHENTSIZE = 0x3a,
    SH_SIZE = 64,
    SHT_SYMTAB = 2,
    NV_INFO_TYPE = 0x70000000,
    EIFMT_SVAL = 4,
    EIATTR_REGCOUNT = 0x2f,
};

static uint16_t rd16(const uint8_t *p) {
    return (uint16_t)(p[0] | p[1] << 8);
}
static uint32_t rd32(const uint8_t *p) {
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}
static uint64_t rd64(const uint8_t *p) {
    return (uint64_t)rd32(p) | (uint64_t)rd32(p + 4) << 32;
}

typedef struct Section {
    uint32_t name, type, link;
    uint64_t off, size;
} Section;

static bool section(const uint8_t *b, size_t size, uint64_t shoff, unsigned i, Section *s) {
    uint64_t at = shoff + (uint64_t)i * SH_SIZE;
    if (at > size || size - at < SH_SIZE) return false;
    const uint8_t *h = b + at;
    s->name = rd32(h);
    s->type = rd32(h + 4);
    s->off = rd64(h + 24);
    s->size = rd64(h + 32);
    s->link = rd32(h + 40);
    return s->off <= size && s->size <= size - s->off;
}

/* whether symbol sym of the symbol table s names kernel */
static bool symbol_is(const uint8_t *b, size_t size, uint64_t shoff, unsigned shnum,
                      const Section *s, uint32_t sym, const char *kernel) {
    Section str;
    if ((uint64_t)sym * 24 + 24 > s->size || s->link >= shnum ||
        !section(b, size, shoff, s->link, &str))
        return false;
    uint32_t name = rd32(b + s->off + (uint64_t)sym * 24);
    size_t len = strlen(kernel);
    return name < str.size && str.size - name > len &&
           memcmp(b + str.off + name, kernel, len + 1) == 0;
}

int jit_cubin_regs(const uint8_t *cubin, size_t size, const char *kernel) {
    if (!cubin || size < 64 || memcmp(cubin, "\177ELF", 4) != 0 || cubin[4] != 2) return -1;
    uint64_t shoff = rd64(cubin + ELF_SHOFF);
    unsigned shnum = rd16(cubin + ELF_SHENTSIZE + 2);
    if (rd16(cubin + ELF_SHENTSIZE) != SH_SIZE) return -1;
    Section symtab = {0};
    bool have_symtab = false;
    for (unsigned i = 0; i < shnum && !have_symtab; i++)
        have_symtab = section(cubin, size, shoff, i, &symtab) && symtab.type == SHT_SYMTAB;
    for (unsigned i = 0; i < shnum; i++) {
        Section s;
        if (!section(cubin, size, shoff, i, &s) || s.type != NV_INFO_TYPE) continue;
        /* records: format byte, attribute byte, then a 16-bit size and the value (EIFMT_SVAL)
         * or a 16-bit value (the other formats) */
        for (uint64_t p = 0; p + 4 <= s.size;) {
            const uint8_t *r = cubin + s.off + p;
            if (r[0] != EIFMT_SVAL) {
                p += 4;
                continue;
            }
            uint16_t n = rd16(r + 2);
            if (p + 4 + n > s.size) break;
            if (r[1] == EIATTR_REGCOUNT && n == 8 &&
                (!have_symtab ||
                 symbol_is(cubin, size, shoff, shnum, &symtab, rd32(r + 4), kernel)))
                return (int)rd32(r + 8);
            p += 4 + (uint64_t)n;
        }
    }
    return -1;
}
