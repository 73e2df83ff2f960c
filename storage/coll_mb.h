/* coll_mb.h - the East Asian multi-byte character sets' codes and weights
 * (storage/coll_mb.c). Private to storage/. A code is the charset's bytes as one
 * big-endian number: 1 to 3 bytes. */
#ifndef PDB_COLL_MB_H
#define PDB_COLL_MB_H
#include <stddef.h>
#include "storage/storage.h"
#include "storage/coll_tables.h"

#define MB_ILSEQ    0xffffu
#define MB_UNMAPPED 0xfffeu
#define MB_NUL      0x1000000u   /* (the code map's mark for U+0000's code 0) */

typedef struct mb_rt mb_rt;

const mb_rt *mb_rt_of(unsigned cs);        /* charset cs of mb_charsets, built on first use */
int32_t  mb_code(const mb_rt *r, int32_t cp);   /* cp's code, -1 when the charset lacks it */
int32_t  mb_char(const mb_rt *r, uint32_t code); /* the character of a code, -1 none */
/* The character at s[0..n) (n >= 1) and its length in *len, or -1 ('?') for a code that
 * stands for none (*len its bytes) or an ill-formed byte (*len 1), as MariaDB converts. */
int32_t  mb_decode(const mb_rt *r, const uint8_t *s, size_t n, size_t *len);
/* A code's weight bytes (as many as the code has) in out; bin: the code itself; xfrm:
 * WEIGHT_STRING's rather than the comparisons'. */
unsigned mb_weight(const mb_rt *r, bool bin, bool xfrm, uint32_t code, uint8_t *out);

#endif
