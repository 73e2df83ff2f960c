/* fuzz_protocol.c - libFuzzer harness for what protocol/ parses from a client.
 *
 * The first input byte picks the target (mod 6); the rest is client bytes:
 *   0 the packet framer: raw socket bytes fed in chunks of fuzzed sizes, every payload
 *     it yields then parsed as a command packet (targets 2..4 by its first byte);
 *   1 the handshake response (HandshakeResponse41 / SSLRequest);
 *   2 COM_STMT_EXECUTE for a statement with a fuzzed parameter count, types bound by an
 *     earlier execute and long-data flags, its values then written back as a binary row;
 *   3 COM_STMT_SEND_LONG_DATA, COM_STMT_FETCH and the statement id of any COM_STMT_*;
 *   4 the payload reader (proto_rd) walked by a fuzzed program of reads;
 *   5 framing round trip: a payload written as packets comes back whole and unchanged.
 * Failure = a sanitizer report or a broken invariant (abort). */
#include <stdlib.h>
#include <string.h>
#include "protocol/protocol.h"
#include "tests/fuzz/fuzz_input.h"

#define FZ_MAX_PARAMS 300

static void check(int ok)
{
    if (!ok) abort();
}

static void stmt_execute(const uint8_t *p, size_t n, fz_in *ctl)
{
    static proto_value params[FZ_MAX_PARAMS];
    static uint16_t types[FZ_MAX_PARAMS];
    static uint8_t longd[FZ_MAX_PARAMS];
    size_t np = fz_u16(ctl) % FZ_MAX_PARAMS;
    uint8_t mode = fz_u8(ctl);
    for (size_t i = 0; i < np; i++) {
        types[i] = fz_u16(ctl);
        longd[i] = mode & 2 ? fz_u8(ctl) & 1 : 0;
    }
    proto_stmt_exec ex;
    int rc = proto_parse_stmt_execute(p, n, np, mode & 1 ? types : NULL, mode & 2 ? longd : NULL,
                                      &ex, params);
    if (rc != PROTO_OK) return;
    proto_buf out;
    proto_buf_init(&out);
    uint8_t seq = 1;
    for (size_t i = 0; i < np; i++) {
        uint16_t t = proto_value_param_type(&params[i]);
        (void)t;
        check(params[i].len == 0 || params[i].str != NULL);
        /* the bytes a parsed value points at lie inside the packet */
        if (params[i].str && params[i].len)
            check(params[i].str >= p && params[i].str + params[i].len <= p + n);
    }
    proto_write_binary_row(&out, &seq, params, np);
    proto_buf_free(&out);
}

static void stmt_small(const uint8_t *p, size_t n)
{
    uint32_t id, rows;
    uint16_t param;
    const uint8_t *data;
    size_t len;
    proto_parse_stmt_id(p, n, &id);
    if (proto_parse_stmt_send_long_data(p, n, &id, &param, &data, &len) == PROTO_OK)
        check(len == 0 || (data >= p && data + len <= p + n));
    proto_parse_stmt_fetch(p, n, &id, &rows);
}

static void handshake(const uint8_t *p, size_t n)
{
    proto_handshake_resp r;
    if (proto_parse_handshake_response(p, n, &r) != PROTO_OK) return;
    check(memchr(r.user, 0, sizeof r.user) != NULL);
    check(memchr(r.db, 0, sizeof r.db) != NULL);
    check(memchr(r.plugin, 0, sizeof r.plugin) != NULL);
    check(r.auth_len <= sizeof r.auth);
}

/* A command payload as the server dispatches it: by its first byte. */
static void command(const uint8_t *p, size_t n, fz_in *ctl)
{
    if (!n) return;
    switch (p[0]) {
    case COM_STMT_EXECUTE: stmt_execute(p, n, ctl); break;
    case COM_STMT_SEND_LONG_DATA: case COM_STMT_FETCH: case COM_STMT_CLOSE: case COM_STMT_RESET:
        stmt_small(p, n); break;
    default: handshake(p, n); break;
    }
}

static void framer(fz_in *in)
{
    static const size_t maxes[4] = { 0, 16, 1024, 70000 };
    proto_framer f;
    proto_framer_init(&f, maxes[fz_u8(in) & 3]);
    fz_in ctl = { (const uint8_t *)"", 0 };
    while (in->n) {
        size_t chunk = fz_u8(in) + 1, got;
        const uint8_t *b = fz_take(in, chunk, &got);
        if (proto_framer_feed(&f, b, got) != PROTO_OK) break;
        int rc;
        while ((rc = proto_framer_next(&f)) == 1) {
            command(f.payload.data, f.payload.len, &ctl);
            f.check_seq = f.payload.len & 1;
        }
        if (rc == PROTO_ESEQ || rc == PROTO_ENOMEM) break;
    }
    proto_framer_free(&f);
}

static void reader(fz_in *in)
{
    size_t nprog = fz_u8(in) % 32;
    uint8_t prog[32];
    for (size_t i = 0; i < nprog; i++) prog[i] = fz_u8(in);
    proto_rd r;
    proto_rd_init(&r, in->p, in->n);
    for (size_t i = 0; i < nprog; i++) {
        const uint8_t *s = NULL;
        size_t len = 0;
        int isnull;
        switch (prog[i] % 9) {
        case 0: proto_rd_u8(&r); break;
        case 1: proto_rd_u16(&r); break;
        case 2: proto_rd_u24(&r); break;
        case 3: proto_rd_u32(&r); break;
        case 4: proto_rd_u64(&r); break;
        case 5: proto_rd_lenenc_int(&r, prog[i] & 16 ? &isnull : NULL); break;
        case 6: if (proto_rd_lenenc_str(&r, &s, &len) == PROTO_OK) check(s + len <= in->p + in->n); break;
        case 7: if (proto_rd_nul_str(&r, &s, &len) == PROTO_OK) check(s + len < in->p + in->n); break;
        default: if (proto_rd_bytes(&r, prog[i] >> 4, &s) == PROTO_OK) check(s + (prog[i] >> 4) <= in->p + in->n); break;
        }
        check(r.p <= r.end);
    }
}

static void roundtrip(fz_in *in)
{
    proto_buf out;
    proto_buf_init(&out);
    uint8_t seq = fz_u8(in);
    /* small payloads say "repeat me" so the 0xffffff split is reached too */
    size_t n = in->n;
    const uint8_t *src = in->p;
    uint8_t *big = NULL;
    if (n && n < 8 && (src[0] & 0xf0) == 0xf0) {
        uint8_t fill = src[n > 1 ? 1 : 0];
        n = PROTO_MAX_PAYLOAD - 2 + (src[0] & 7);
        big = malloc(n);
        check(big != NULL);
        memset(big, fill, n);
        src = big;
    }
    check(proto_write_packet(&out, &seq, src, n) == PROTO_OK);
    proto_framer f;
    proto_framer_init(&f, 0);
    check(proto_framer_feed(&f, out.data, out.len) == PROTO_OK);
    check(proto_framer_next(&f) == 1);
    check(f.payload.len == n && (n == 0 || memcmp(f.payload.data, src, n) == 0));
    check(f.seq == seq);
    check(f.in.len == 0);
    proto_framer_free(&f);
    proto_buf_free(&out);
    free(big);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_in in = { data, size };
    switch (fz_u8(&in) % 6) {
    case 0: framer(&in); break;
    case 1: handshake(in.p, in.n); break;
    case 2: {
        /* control bytes first (count, mode, types), then the packet after a 0xfe */
        size_t clen;
        const uint8_t *c = fz_part(&in, 0xfe, &clen);
        fz_in ctl = { c, clen };
        stmt_execute(in.p, in.n, &ctl);
        break;
    }
    case 3: stmt_small(in.p, in.n); break;
    case 4: reader(&in); break;
    default: roundtrip(&in); break;
    }
    return 0;
}
