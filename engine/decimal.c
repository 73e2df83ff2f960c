/* decimal.c - exact DECIMAL arithmetic beyond 18 digits (MariaDB's 65-digit DECIMAL).
 *
 * Values that fit in 18 digits stay a scaled int64 (pdb_value VT_DECIMAL with len 0):
 * that is the fast path the rest of the engine uses. A decimal that needs more digits is
 * held as its text ("-123.4500", exactly `scale` digits after the point) in the
 * statement arena or in table storage: pdb_value VT_DECIMAL with len > 0 and p the text.
 * Arithmetic on either form goes through ex_dec, a fixed-size number in base 10^9 words.
 *
 * What MariaDB does and this file imitates:
 *   - a result keeps the digits the operation produced: + and - the larger scale,
 *     * the sum of the scales, / the dividend's and divisor's scales plus
 *     div_precision_increment rounded up to whole 9-digit words (1/3 holds 0.333333333);
 *     values are rounded to their type's decimals only when shown (ex_dec_put's `shown`);
 *   - at most 81 digits in all (9 words): a fraction is cut to fit, a larger integer
 *     part overflows;
 *   - rounding is half away from zero.
 */
#include "engine/eng.h"
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DEC_BASE 1000000000u
#define DEC_MAX_DIGITS 81       /* MariaDB's decimal buffer: 9 words of 9 digits */

static const uint32_t pow10_9[10] = {
    1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000, 1000000000
};

static void trim(ex_dec *d)
{
    while (d->n && !d->w[d->n - 1]) d->n--;
    if (!d->n) d->neg = false;
}

bool ex_dec_is_zero(const ex_dec *d) { return d->n == 0; }

void ex_dec_zero(ex_dec *d, int scale)
{
    memset(d, 0, sizeof *d);
    d->scale = (uint8_t)scale;
}

void ex_dec_from_u64(ex_dec *d, uint64_t u, bool neg, int scale)
{
    ex_dec_zero(d, scale);
    while (u) { d->w[d->n++] = (uint32_t)(u % DEC_BASE); u /= DEC_BASE; }
    d->neg = neg && d->n;
}

void ex_dec_from_i64(ex_dec *d, int64_t v, int scale)
{
    uint64_t u = v < 0 ? (uint64_t)(-(v + 1)) + 1 : (uint64_t)v;
    ex_dec_from_u64(d, u, v < 0, scale);
}

/* Number of decimal digits of the magnitude (0 for zero). */
static int mag_digits(const ex_dec *d)
{
    if (!d->n) return 0;
    int k = (d->n - 1) * 9;
    uint32_t top = d->w[d->n - 1];
    while (top) { k++; top /= 10; }
    return k;
}

int ex_dec_int_digits(const ex_dec *d)
{
    int k = mag_digits(d) - d->scale;
    return k > 0 ? k : 0;
}

/* |d| *= m (m < 10^9); false when it no longer fits. */
static bool mul_small(ex_dec *d, uint32_t m)
{
    uint64_t carry = 0;
    for (int i = 0; i < d->n; i++) {
        uint64_t x = (uint64_t)d->w[i] * m + carry;
        d->w[i] = (uint32_t)(x % DEC_BASE);
        carry = x / DEC_BASE;
    }
    if (carry) {
        if (d->n == EX_DEC_WORDS) return false;
        d->w[d->n++] = (uint32_t)carry;
    }
    return true;
}

/* |d| /= m (m < 10^9), returns the remainder. */
static uint32_t div_small(ex_dec *d, uint32_t m)
{
    uint64_t rem = 0;
    for (int i = d->n - 1; i >= 0; i--) {
        uint64_t x = rem * DEC_BASE + d->w[i];
        d->w[i] = (uint32_t)(x / m);
        rem = x % m;
    }
    trim(d);
    return (uint32_t)rem;
}

/* Multiplies the magnitude by 10^k (scale unchanged). */
static bool shift_up(ex_dec *d, int k)
{
    if (!d->n) return true;
    int words = k / 9;
    if (d->n + words > EX_DEC_WORDS) return false;
    if (words) {
        memmove(d->w + words, d->w, (size_t)d->n * sizeof d->w[0]);
        memset(d->w, 0, (size_t)words * sizeof d->w[0]);
        d->n = (uint8_t)(d->n + words);
    }
    return mul_small(d, pow10_9[k % 9]);
}

/* Sets the scale to s (more digits: exact; fewer: truncated toward zero). */
static bool rescale(ex_dec *d, int s)
{
    if (s > d->scale) {
        if (!shift_up(d, s - d->scale)) return false;
    } else {
        int k = d->scale - s;
        while (k >= 9) { div_small(d, DEC_BASE); k -= 9; }
        if (k) div_small(d, pow10_9[k]);
    }
    d->scale = (uint8_t)s;
    trim(d);
    return true;
}

/* Cuts the fraction to what fits beside the integer part in MariaDB's 9 words of 9
 * digits (words are aligned at the point); -1 when the integer part alone is too long. */
static int fit(ex_dec *d)
{
    int intg = mag_digits(d) - d->scale;
    int iw = intg <= 0 ? 0 : (intg + 8) / 9, room = (DEC_MAX_DIGITS / 9 - iw) * 9;
    if (iw > DEC_MAX_DIGITS / 9) return -1;
    if (d->scale > room) rescale(d, room);
    return 0;
}

static int mag_cmp(const ex_dec *a, const ex_dec *b)
{
    if (a->n != b->n) return a->n < b->n ? -1 : 1;
    for (int i = a->n - 1; i >= 0; i--)
        if (a->w[i] != b->w[i]) return a->w[i] < b->w[i] ? -1 : 1;
    return 0;
}

/* r = |a| + |b| (same scale); r may be a. */
static bool mag_add(const ex_dec *a, const ex_dec *b, ex_dec *r)
{
    int n = a->n > b->n ? a->n : b->n;
    uint32_t carry = 0;
    for (int i = 0; i < n; i++) {
        uint32_t x = (i < a->n ? a->w[i] : 0) + (i < b->n ? b->w[i] : 0) + carry;
        carry = x >= DEC_BASE;
        r->w[i] = carry ? x - DEC_BASE : x;
    }
    r->n = (uint8_t)n;
    if (carry) {
        if (n == EX_DEC_WORDS) return false;
        r->w[r->n++] = 1;
    }
    return true;
}

/* r = |a| - |b| with |a| >= |b| (same scale); r may be a. */
static void mag_sub(const ex_dec *a, const ex_dec *b, ex_dec *r)
{
    int64_t borrow = 0;
    for (int i = 0; i < a->n; i++) {
        int64_t x = (int64_t)a->w[i] - (i < b->n ? b->w[i] : 0) - borrow;
        borrow = x < 0;
        r->w[i] = (uint32_t)(borrow ? x + DEC_BASE : x);
    }
    r->n = a->n;
    trim(r);
}

int ex_dec_cmp(const ex_dec *a, const ex_dec *b)
{
    if (a->neg != b->neg) return a->neg ? -1 : 1;
    ex_dec x = *a, y = *b;
    int s = x.scale > y.scale ? x.scale : y.scale;
    if (!rescale(&x, s) || !rescale(&y, s)) {   /* cannot happen within 81 + 81 digits */
        double dx = ex_dec_to_double(a), dy = ex_dec_to_double(b);
        return dx < dy ? -1 : dx > dy;
    }
    int c = mag_cmp(&x, &y);
    return a->neg ? -c : c;
}

static int add_sub(const ex_dec *a, const ex_dec *b, bool sub, ex_dec *r)
{
    ex_dec x = *a, y = *b;
    int s = x.scale > y.scale ? x.scale : y.scale;
    if (!rescale(&x, s) || !rescale(&y, s)) return -1;
    bool yneg = sub ? !y.neg : y.neg;
    if (x.neg == yneg) {
        if (!mag_add(&x, &y, &x)) return -1;
    } else if (mag_cmp(&x, &y) >= 0) {
        mag_sub(&x, &y, &x);
    } else {
        mag_sub(&y, &x, &y);
        y.neg = yneg;
        x = y;
    }
    x.scale = (uint8_t)s;
    trim(&x);
    if (fit(&x)) return -1;
    *r = x;
    return 0;
}

int ex_dec_add(const ex_dec *a, const ex_dec *b, ex_dec *r) { return add_sub(a, b, false, r); }
int ex_dec_sub(const ex_dec *a, const ex_dec *b, ex_dec *r) { return add_sub(a, b, true, r); }

int ex_dec_mul(const ex_dec *a, const ex_dec *b, ex_dec *r)
{
    uint64_t acc[2 * EX_DEC_WORDS + 1] = { 0 };
    if (a->n + b->n > 2 * EX_DEC_WORDS) return -1;
    for (int i = 0; i < a->n; i++) {
        uint64_t carry = 0;
        for (int j = 0; j < b->n; j++) {
            uint64_t x = acc[i + j] + (uint64_t)a->w[i] * b->w[j] + carry;
            acc[i + j] = x % DEC_BASE;
            carry = x / DEC_BASE;
        }
        int k = i + b->n;
        while (carry) {
            uint64_t x = acc[k] + carry;
            acc[k++] = x % DEC_BASE;
            carry = x / DEC_BASE;
        }
    }
    int n = a->n + b->n;
    while (n && !acc[n - 1]) n--;
    int scale = a->scale + b->scale;
    /* more words than the struct holds: drop whole fraction words first */
    int drop = 0;
    while (n - drop > EX_DEC_WORDS && scale >= 9) { drop++; scale -= 9; }
    if (n - drop > EX_DEC_WORDS) return -1;
    ex_dec x;
    ex_dec_zero(&x, scale);
    for (int i = drop; i < n; i++) x.w[x.n++] = (uint32_t)acc[i];
    x.neg = a->neg != b->neg;
    trim(&x);
    if (fit(&x)) return -1;
    *r = x;
    return 0;
}

/* Word t of d laid out with fw fraction words: t >= 1 the t-th word after the point,
 * t <= 0 an integer word (0 the last one, -1 the one before, ...). */
static uint32_t frac_word(const ex_dec *d, int fw, int t)
{
    ex_dec x = *d;
    x.neg = false;
    rescale(&x, fw * 9);                 /* the fraction padded to whole words */
    int skip = fw - t;                   /* words below word t */
    return skip < x.n ? x.w[skip] : 0;
}

/* d cut (toward zero) to f words after the point; f <= 0: to whole multiples of
 * 10^(9 * -f) (MariaDB's decimal_mul can drop an operand's last integer words). */
static void cut_words(ex_dec *d, int f)
{
    if (f >= 0) { if (d->scale > f * 9) rescale(d, f * 9); return; }
    bool neg = d->neg;
    int s = d->scale;
    rescale(d, 0);
    for (int k = 0; k < -f; k++) div_small(d, DEC_BASE);
    for (int k = 0; k < -f; k++) if (!mul_small(d, DEC_BASE)) break;
    rescale(d, s);
    d->neg = neg && d->n;
}

/* The integer digits MariaDB's decimal_t of d holds: h 0 its own digits (a literal),
 * 255 whole words of them (a computed value), else a column's declared integer digits
 * less its leading zero words (bin2decimal drops them). */
static int maria_intg(const ex_dec *d, int h)
{
    int k = ex_dec_int_digits(d), kw = (k + 8) / 9;
    if (h == 0) return k;
    if (h == 255 || kw != (h + 8) / 9) return kw * 9;
    return h;
}

int ex_dec_mul_maria(const ex_dec *a, const ex_dec *b, int ha, int hb, ex_dec *r)
{
    int ia = maria_intg(a, ha), ib = maria_intg(b, hb);
    int f1 = (a->scale + 8) / 9, f2 = (b->scale + 8) / 9;
    int intg0 = (ia + ib + 8) / 9, frac0 = f1 + f2, lim = DEC_MAX_DIGITS / 9;
    if (intg0 > lim) return -1;   /* more integer words than MariaDB has: out of range (1690) */
    if (intg0 + frac0 <= lim) return ex_dec_mul(a, b, r);
    /* MariaDB's decimal_mul: the product's fraction keeps the words left beside its
       integer words; whole words of the operands' fractions go first, one at a time: a
       zero last word (lossless), else from the operand with more, else the one whose
       last word is smaller */
    int keep = lim - intg0, fw1 = f1, fw2 = f2;
    for (int j = frac0; j > keep; j--) {
        /* (the last word kept; past the fraction, MariaDB reads the integer words) */
        uint32_t l1 = frac_word(a, fw1, f1), l2 = frac_word(b, fw2, f2);
        if (l1 == 0) f1--;
        else if (l2 == 0) f2--;
        else if (f1 > f2) f1--;
        else if (f2 > f1) f2--;
        else if (l1 < l2) f1--;
        else f2--;
    }
    ex_dec x = *a, y = *b;
    cut_words(&x, f1);
    cut_words(&y, f2);
    x.neg = a->neg && x.n; y.neg = b->neg && y.n;
    int rc = ex_dec_mul(&x, &y, r);
    if (rc) return rc;
    int fs = a->scale + b->scale < keep * 9 ? a->scale + b->scale : keep * 9;
    if (r->scale < fs) rescale(r, fs);
    r->neg = r->n && a->neg != b->neg;
    return 0;
}

static int mag_divmod(const ex_dec *num, const ex_dec *b, ex_dec *qo, ex_dec *remo);

int ex_dec_div(const ex_dec *a, const ex_dec *b, int incr, ex_dec *r)
{
    if (!b->n) return 1;
    /* result digits after the point: whole words covering both scales plus the increment,
       as many as fit beside the quotient's integer words in MariaDB's 9 words */
    int da = mag_digits(a), db = mag_digits(b);
    int dintg = (da - a->scale) - (db - b->scale);
    if (a->n) {   /* one more integer digit when a's leading digits reach b's */
        ex_dec x = *a, y = *b;
        if (da < db) shift_up(&x, db - da); else shift_up(&y, da - db);
        if (mag_cmp(&x, &y) >= 0) dintg++;
    }
    int iw = dintg <= 0 ? 0 : (dintg + 8) / 9, fw = (a->scale + b->scale + incr + 8) / 9;
    if (iw > DEC_MAX_DIGITS / 9) return -1;
    if (iw + fw > DEC_MAX_DIGITS / 9) fw = DEC_MAX_DIGITS / 9 - iw;
    int rs = fw * 9;
    /* q = |a| * 10^(rs - sa + sb) / |b| */
    ex_dec num = *a, q, rem;
    num.neg = false;
    int up = rs - a->scale + b->scale;
    if (up >= 0) { if (!shift_up(&num, up)) return -1; }
    else rescale(&num, num.scale + up);   /* (fewer digits than the dividend has: cut) */
    if (mag_divmod(&num, b, &q, &rem)) return -1;
    q.scale = (uint8_t)rs;
    q.neg = a->neg != b->neg;
    trim(&q);
    *r = q;
    return 0;
}

/* q = |num| / |den| and rem = |num| % |den| as integers (scales ignored), digit by digit
 * of the dividend. -1 past the struct's words (not reached within 162 digits). */
static int mag_divmod(const ex_dec *num, const ex_dec *b, ex_dec *qo, ex_dec *remo)
{
    char digits[EX_DEC_WORDS * 9 + 1];
    int nd = 0;
    for (int i = num->n - 1; i >= 0; i--) {
        char buf[12];
        if (i == num->n - 1) nd += snprintf(digits + nd, sizeof digits - (size_t)nd, "%u", num->w[i]);
        else { snprintf(buf, sizeof buf, "%09u", num->w[i]); memcpy(digits + nd, buf, 9); nd += 9; }
    }
    ex_dec den = *b, rem, q;
    den.neg = false; den.scale = 0;
    ex_dec_zero(&rem, 0);
    ex_dec_zero(&q, 0);
    for (int i = 0; i < nd; i++) {
        if (!mul_small(&rem, 10)) return -1;
        uint32_t dg = (uint32_t)(digits[i] - '0');
        if (dg) {
            ex_dec one; ex_dec_from_u64(&one, dg, false, 0);
            if (!mag_add(&rem, &one, &rem)) return -1;
        }
        uint32_t k = 0;
        while (mag_cmp(&rem, &den) >= 0) { mag_sub(&rem, &den, &rem); k++; }
        if (!mul_small(&q, 10)) return -1;
        if (k) {
            ex_dec kk; ex_dec_from_u64(&kk, k, false, 0);
            if (!mag_add(&q, &kk, &q)) return -1;
        }
    }
    trim(&q);
    *qo = q;
    *remo = rem;
    return 0;
}

int ex_dec_mod(const ex_dec *a, const ex_dec *b, ex_dec *r)
{
    if (!b->n) return 1;
    ex_dec x = *a, y = *b;
    int s = x.scale > y.scale ? x.scale : y.scale;
    if (!rescale(&x, s) || !rescale(&y, s)) return -1;
    ex_dec q;
    if (mag_divmod(&x, &y, &q, &x)) return -1;
    x.scale = (uint8_t)s;
    trim(&x);
    x.neg = a->neg && x.n;
    *r = x;
    return 0;
}

void ex_dec_round(const ex_dec *a, int places, int mode, ex_dec *r)
{
    ex_dec x = *a;
    if (places >= x.scale) {
        if (places > 38) places = 38;
        /* no padding past MariaDB's 9 words: the integer words first */
        int iw = (ex_dec_int_digits(&x) + 8) / 9, room = (DEC_MAX_DIGITS / 9 - iw) * 9;
        if (places > room) places = room < x.scale ? x.scale : room;
        if (places > x.scale && !rescale(&x, places)) places = x.scale;
        *r = x;
        return;
    }
    /* drop digits below 10^-places; k = how many */
    int k = x.scale - places;
    ex_dec q = x;
    bool inexact = false;
    uint32_t first = 0;          /* the first dropped digit */
    for (int left = k; left > 0;) {
        int step = left > 9 ? 9 : left;
        uint32_t rem = div_small(&q, pow10_9[step]);
        left -= step;
        if (left == 0) { first = rem / pow10_9[step - 1]; if (rem % pow10_9[step - 1]) inexact = true; }
        else if (rem) inexact = true;
    }
    bool up;
    switch (mode) {
    case EX_ROUND_HALF_UP: up = first >= 5; break;
    case EX_ROUND_TRUNC: up = false; break;
    case EX_ROUND_CEIL: up = !a->neg && (first || inexact); break;
    default: up = a->neg && (first || inexact); break;   /* FLOOR */
    }
    q.neg = a->neg;
    if (up) {
        ex_dec one; ex_dec_from_u64(&one, 1, false, 0);
        mag_add(&q, &one, &q);
    }
    if (places < 0) {
        q.scale = 0;
        shift_up(&q, -places);
    } else q.scale = (uint8_t)places;
    trim(&q);
    *r = q;
}

size_t ex_dec_to_text(const ex_dec *d, char *buf)
{
    char digits[EX_DEC_WORDS * 9 + 2];
    int nd = 0;
    for (int i = d->n - 1; i >= 0; i--) {
        if (i == d->n - 1) nd += snprintf(digits + nd, sizeof digits - (size_t)nd, "%u", d->w[i]);
        else nd += snprintf(digits + nd, sizeof digits - (size_t)nd, "%09u", d->w[i]);
    }
    size_t k = 0;
    if (d->neg && d->n) buf[k++] = '-';
    int sc = d->scale;
    if (nd <= sc) {
        buf[k++] = '0';
        if (sc) {
            buf[k++] = '.';
            for (int i = 0; i < sc - nd; i++) buf[k++] = '0';
            memcpy(buf + k, digits, (size_t)nd); k += (size_t)nd;
        }
    } else {
        memcpy(buf + k, digits, (size_t)(nd - sc)); k += (size_t)(nd - sc);
        if (sc) { buf[k++] = '.'; memcpy(buf + k, digits + nd - sc, (size_t)sc); k += (size_t)sc; }
    }
    buf[k] = 0;
    return k;
}

int ex_dec_parse(const char *s, size_t n, ex_dec *d, size_t *used)
{
    size_t i = 0;
    ex_dec_zero(d, 0);
    while (i < n && isspace((unsigned char)s[i])) i++;
    bool neg = false;
    if (i < n && (s[i] == '-' || s[i] == '+')) { neg = s[i] == '-'; i++; }
    char dg[EX_DEC_WORDS * 9];   /* as many digits as an ex_dec holds */
    int ni = 0, nf = 0, res = 0, nstored = 0;   /* dg[0..nstored) holds the leading digits */
    bool any = false;
    while (i < n && isdigit((unsigned char)s[i])) {
        any = true;
        if (ni || s[i] != '0') { if (nstored < (int)sizeof dg) dg[nstored++] = s[i]; ni++; }
        i++;
    }
    if (i < n && s[i] == '.') {
        size_t j = i + 1;
        while (j < n && isdigit((unsigned char)s[j])) {
            any = true;
            if (nstored == ni + nf && nstored < (int)sizeof dg) dg[nstored++] = s[j];
            nf++;
            j++;
        }
        if (any) i = j;
    }
    if (!any) { if (used) *used = 0; return -2; }
    int e = 0;
    if (i < n && (s[i] == 'e' || s[i] == 'E')) {
        size_t j = i + 1;
        bool eneg = false;
        if (j < n && (s[j] == '-' || s[j] == '+')) { eneg = s[j] == '-'; j++; }
        if (j < n && isdigit((unsigned char)s[j])) {
            while (j < n && isdigit((unsigned char)s[j])) { if (e < 100000) e = e * 10 + (s[j] - '0'); j++; }
            if (eneg) e = -e;
            i = j;
        }
    }
    if (used) *used = i;
    if (ni > DEC_MAX_DIGITS) res = -1;
    else {
        int keep = nstored;   /* every integer digit, and the fraction's as far as they fit */
        int scale = nf;
        /* digits beyond what the buffer holds are cut from the fraction */
        if (ni + nf > keep) { scale -= ni + nf - keep; res = 1; }
        for (int k = 0; k < keep; k++) {
            mul_small(d, 10);
            if (dg[k] != '0') {
                uint32_t c = (uint32_t)(dg[k] - '0'), carry = c;
                for (int w = 0; carry && w < EX_DEC_WORDS; w++) {
                    if (w == d->n) d->w[d->n++] = 0;
                    uint32_t x = d->w[w] + carry;
                    carry = x >= DEC_BASE;
                    d->w[w] = carry ? x - DEC_BASE : x;
                }
            }
        }
        if (e > 0) {
            /* d's digits all become integer digits, e - scale zeros follow them; more
               than 81 overflow MariaDB's buffer (its str2dec) */
            if (e <= scale) {
                if (d->n && mag_digits(d) - (scale - e) > DEC_MAX_DIGITS) res = -1;
                else scale -= e;
            } else if (d->n && mag_digits(d) + (e - scale) > DEC_MAX_DIGITS) res = -1;
            else { shift_up(d, e - scale); scale = 0; }
        } else if (e < 0) scale -= e;
        if (res != -1) {
            if (scale > DEC_MAX_DIGITS) {           /* below the last digit MariaDB keeps */
                int cut = scale - DEC_MAX_DIGITS;
                ex_dec_zero(d, 0);
                if (cut < keep) {   /* the kept digits but the last `cut` */
                    for (int k = 0; k < keep - cut; k++) {
                        mul_small(d, 10);
                        uint32_t c = (uint32_t)(dg[k] - '0');
                        if (c) { ex_dec one; ex_dec_from_u64(&one, c, false, 0); mag_add(d, &one, d); }
                    }
                }
                scale = DEC_MAX_DIGITS;
                res = 1;
            }
            d->scale = (uint8_t)scale;
            trim(d);
            if (fit(d) == 0 && res == 0 && d->scale < scale) res = 1;
        }
    }
    if (res == -1) {   /* too long: the largest value of 65 digits, as MariaDB clamps it */
        ex_dec_zero(d, 0);
        for (int k = 0; k < 65; k++) { mul_small(d, 10); d->w[0] += 9; if (!d->n) d->n = 1; }
    }
    d->neg = neg && d->n;
    return res;
}

double ex_dec_to_double(const ex_dec *d)
{
    char buf[EX_DEC_TEXT_MAX];
    ex_dec_to_text(d, buf);
    return strtod(buf, NULL);
}

int ex_dec_to_i64(const ex_dec *d, int64_t *out)
{
    ex_dec x;
    ex_dec_round(d, 0, EX_ROUND_HALF_UP, &x);
    if (x.n > 3) { *out = x.neg ? INT64_MIN : INT64_MAX; return -1; }
    unsigned __int128 u = 0;
    for (int i = x.n - 1; i >= 0; i--) u = u * DEC_BASE + x.w[i];
    if (!x.neg && u > (unsigned __int128)INT64_MAX) { *out = INT64_MAX; return -1; }
    if (x.neg && u > (unsigned __int128)INT64_MAX + 1) { *out = INT64_MIN; return -1; }
    *out = x.neg ? (int64_t)(-(__int128)u) : (int64_t)u;
    return 0;
}

int ex_dec_to_u64(const ex_dec *d, uint64_t *out)
{
    ex_dec x;
    ex_dec_round(d, 0, EX_ROUND_HALF_UP, &x);
    if (x.neg) { *out = 0; return -1; }
    if (x.n > 3) { *out = UINT64_MAX; return -1; }
    unsigned __int128 u = 0;
    for (int i = x.n - 1; i >= 0; i--) u = u * DEC_BASE + x.w[i];
    if (u > UINT64_MAX) { *out = UINT64_MAX; return -1; }
    *out = (uint64_t)u;
    return 0;
}

void ex_dec_from_double(ex_dec *d, double v)
{
    char buf[64];
    if (!isfinite(v)) { ex_dec_zero(d, 0); return; }
    /* the shortest digits that read back as v */
    for (int prec = 15; prec <= 17; prec++) {
        snprintf(buf, sizeof buf, "%.*e", prec - 1, v);
        if (strtod(buf, NULL) == v) break;
    }
    ex_dec_parse(buf, strlen(buf), d, NULL);
    /* drop trailing fraction zeros the exponent form left */
    while (d->scale && d->n && d->w[0] % 10 == 0) { div_small(d, 10); d->scale--; }
    if (!d->n) d->scale = 0;
}

/* ---- bridge to pdb_value ---- */

/* The text of a wide value (canonical: [-]digits[.digits], at most 81 digits) read 9
 * digits at a time from the end. */
static void wide_get(const char *s, size_t n, ex_dec *d)
{
    ex_dec_zero(d, 0);
    size_t i = 0;
    bool neg = n && s[0] == '-';
    if (neg) i = 1;
    char dg[DEC_MAX_DIGITS + 2];
    int nd = 0, scale = 0;
    bool point = false;
    for (; i < n && nd < DEC_MAX_DIGITS + 1; i++) {
        if (s[i] == '.') { point = true; continue; }
        dg[nd++] = s[i];
        if (point) scale++;
    }
    for (int end = nd; end > 0; end -= 9) {
        int start = end - 9 < 0 ? 0 : end - 9;
        uint32_t w = 0;
        for (int k = start; k < end; k++) w = w * 10 + (uint32_t)(dg[k] - '0');
        d->w[d->n++] = w;
    }
    d->scale = (uint8_t)scale;
    d->neg = neg;
    trim(d);
}

bool ex_dec_get(const pdb_value *v, ex_dec *d)
{
    switch (v->t) {
    case VT_DECIMAL:
        if (v->len) { wide_get(v->p, v->len, d); return true; }
        ex_dec_from_i64(d, v->i, v->scale);
        return true;
    case VT_INT: ex_dec_from_i64(d, v->i, 0); return true;
    case VT_UINT: ex_dec_from_u64(d, v->u, false, 0); return true;
    case VT_DOUBLE: ex_dec_from_double(d, v->d); return true;
    case VT_STRING: {
        if (ex_hexmark(v->scale)) { ex_dec_from_u64(d, ex_hexnum_u64(v), false, 0); return true; }
        if (ex_dec_parse(v->p, v->len, d, NULL) == -2) ex_dec_zero(d, 0);
        return true;
    }
    case VT_NULL: return false;
    default: ex_dec_from_double(d, ex_to_double(v)); return true;
    }
}

bool ex_dec_get_shown(const pdb_value *v, ex_dec *d)
{
    if (!ex_dec_get(v, d)) return false;
    if (v->t == VT_DECIMAL && v->coll && v->coll != EX_DEC_AS_IS && v->coll - 1 < d->scale)
        ex_dec_round(d, v->coll - 1, EX_ROUND_HALF_UP, d);
    return true;
}

void ex_dec_put(stor_arena *a, const ex_dec *d, int shown, pdb_value *out)
{
    memset(out, 0, sizeof *out);
    out->t = VT_DECIMAL;
    out->scale = d->scale;
    if (shown >= 0 && shown < d->scale) out->coll = (uint16_t)(shown + 1);
    if (d->scale <= 18 && mag_digits(d) <= 18) {
        int64_t x = 0;
        for (int i = d->n - 1; i >= 0; i--) x = x * DEC_BASE + d->w[i];
        out->i = d->neg ? -x : x;
        return;
    }
    char buf[EX_DEC_TEXT_MAX];
    size_t n = ex_dec_to_text(d, buf);
    out->p = stor_arena_strndup(a, buf, n);
    out->len = (uint32_t)n;
}

size_t ex_dec_value_text(const pdb_value *v, char *buf)
{
    ex_dec d;
    ex_dec_get(v, &d);
    if (v->coll && v->coll - 1 < d.scale) ex_dec_round(&d, v->coll - 1, EX_ROUND_HALF_UP, &d);
    return ex_dec_to_text(&d, buf);
}

bool ex_dec_clamp(ex_dec *d, int prec, int scale)
{
    if (ex_dec_int_digits(d) <= prec - scale) return false;
    bool neg = d->neg;
    ex_dec_zero(d, 0);
    for (int k = 0; k < prec; k++) { mul_small(d, 10); if (!d->n) d->n = 1; d->w[0] += 9; }
    d->scale = (uint8_t)scale;
    d->neg = neg && d->n;
    return true;
}

void ex_dec_cast_in(ex_ctx *ctx, const pdb_value *in, ex_dec *d)
{
    if (in->t != VT_STRING || ex_hexmark(in->scale)) { ex_dec_get(in, d); return; }
    size_t used = 0;
    int rc = ex_dec_parse(in->p, in->len, d, &used);
    if (!ex_conv_ctx) return;
    size_t rest = used;
    while (rest < in->len && isspace((unsigned char)in->p[rest])) rest++;
    int shown = (int)(in->len > 128 ? 128 : in->len);
    if (rc == -1)   /* past the 81-digit buffer: MariaDB's overflow, then the value's warning */
        ex_warn(ex_conv_ctx, "Warning", 1916, "Got overflow when converting '' to DECIMAL. Value truncated");
    if (rc == -2 || rc == -1 || rest < in->len)
        ex_warn(ex_conv_ctx, "Warning", 1292, "Truncated incorrect DECIMAL value: '%.*s'", shown, in->p);
    else if (used < in->len)   /* only spaces after the number: a note */
        ex_warn(ex_conv_ctx, "Note", 1292, "Truncated incorrect DECIMAL value: '%.*s'", shown, in->p);
    (void)ctx;
}

/* ---- SUM/AVG beyond 18 digits ---- */

static void from_i128(ex_dec *d, __int128 v, int scale)
{
    unsigned __int128 u = v < 0 ? (unsigned __int128)(-(v + 1)) + 1 : (unsigned __int128)v;
    ex_dec_zero(d, scale);
    while (u) { d->w[d->n++] = (uint32_t)(u % DEC_BASE); u /= DEC_BASE; }
    d->neg = v < 0 && d->n;
}

ex_dec *ex_dec_sum_step(stor_arena *a, ex_dec *sum, __int128 isum, int iscale, const pdb_value *v)
{
    if (!sum) {   /* the first value past the narrow sum: carry it over */
        sum = stor_arena_alloc(a, sizeof *sum);
        from_i128(sum, isum, iscale);
    }
    ex_dec x;
    ex_dec_get(v, &x);
    ex_dec_add(sum, &x, sum);   /* (past 81 digits the sum stops growing) */
    return sum;
}

pdb_value ex_dec_sum_result(stor_arena *a, const ex_dec *sum, int64_t count, int shown, int incr)
{
    pdb_value v;
    if (!count) { ex_dec_put(a, sum, shown, &v); return v; }
    ex_dec c, q;
    ex_dec_from_i64(&c, count, 0);
    if (ex_dec_div(sum, &c, incr, &q)) { v = ex_null(); return v; }
    ex_dec_put(a, &q, shown, &v);
    return v;
}

pdb_value ex_dec_isum_result(stor_arena *a, __int128 isum, int iscale, int64_t count, int shown, int incr)
{
    pdb_value v;
    memset(&v, 0, sizeof v);
    v.t = VT_DECIMAL;
    if (!count && isum <= INT64_MAX && isum >= -INT64_MAX) {   /* SUM: narrow */
        v.i = (int64_t)isum; v.scale = (uint8_t)iscale;
        if (shown < iscale) v.coll = (uint16_t)(shown + 1);
        return v;
    }
    /* AVG: the quotient as MariaDB divides (whole 9-digit words past the scale + incr,
       truncated), narrow while it fits */
    int q = (iscale + incr + 8) / 9 * 9, up = q - iscale;
    if (count && q <= 18 && isum < (__int128)ex_pow10[18] && isum > -(__int128)ex_pow10[18]) {
        __int128 r = isum * ex_pow10[up] / count;
        if (r <= INT64_MAX && r >= -INT64_MAX) {
            v.i = (int64_t)r; v.scale = (uint8_t)q;
            if (shown < q) v.coll = (uint16_t)(shown + 1);
            return v;
        }
    }
    ex_dec s;
    from_i128(&s, isum, iscale);
    return ex_dec_sum_result(a, &s, count, shown, incr);
}

void ex_dec_pad(stor_arena *a, pdb_value *v, int decimals)
{
    if (v->t == VT_DECIMAL && v->scale > decimals && v->coll && v->coll != EX_DEC_AS_IS && decimals <= EX_DEC_MAX_SCALE) {
        /* a quotient holding more digits than the column: materialised, it is rounded */
        ex_dec d;
        ex_dec_get(v, &d);
        ex_dec_round(&d, decimals, EX_ROUND_HALF_UP, &d);
        ex_dec_put(a, &d, -1, v);
        return;
    }
    if (v->t == VT_DECIMAL && v->scale >= decimals) return;
    if (!v->len && decimals <= 18) {   /* narrow: scale up when it still fits */
        int s0 = v->t == VT_DECIMAL ? v->scale : 0;
        __int128 x = v->t == VT_UINT ? (__int128)v->u : v->i;
        x *= ex_pow10[decimals - s0];
        if (x <= INT64_MAX && x >= -INT64_MAX) {
            memset(v, 0, sizeof *v);   /* (shown with all its digits now) */
            v->t = VT_DECIMAL; v->i = (int64_t)x; v->scale = (uint8_t)decimals;
            return;
        }
    }
    ex_dec d;
    ex_dec_get(v, &d);
    ex_dec_round(&d, decimals, EX_ROUND_HALF_UP, &d);
    ex_dec_put(a, &d, -1, v);
}
