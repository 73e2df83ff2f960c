/* fuzz_input.h - carving a libFuzzer input into the small choices a harness makes.
 *
 * A harness takes its control bytes (target, sizes, flags) from the front of the input
 * with fz_u8/fz_u16 and hands the rest to the code under test; past the end every read
 * is 0, so each input is valid and a shorter one is a simpler case. */
#ifndef PRESSDB_FUZZ_INPUT_H
#define PRESSDB_FUZZ_INPUT_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

typedef struct fz_in {
    const uint8_t *p;
    size_t n;
} fz_in;

static inline uint8_t fz_u8(fz_in *in)
{
    if (!in->n) return 0;
    in->n--;
    return *in->p++;
}

static inline uint16_t fz_u16(fz_in *in)
{
    uint16_t lo = fz_u8(in);
    return (uint16_t)(lo | fz_u8(in) << 8);
}

/* The next k bytes (fewer at the end), as a pointer into the input. */
static inline const uint8_t *fz_take(fz_in *in, size_t k, size_t *got)
{
    const uint8_t *p = in->p;
    *got = k < in->n ? k : in->n;
    in->p += *got;
    in->n -= *got;
    return p;
}

/* The rest up to the separator byte sep (consumed), or all of it. */
static inline const uint8_t *fz_part(fz_in *in, uint8_t sep, size_t *len)
{
    const uint8_t *p = in->p;
    const uint8_t *z = in->n ? memchr(p, sep, in->n) : NULL;
    *len = z ? (size_t)(z - p) : in->n;
    in->p += *len + (z ? 1 : 0);
    in->n -= *len + (z ? 1 : 0);
    return p;
}

#endif
