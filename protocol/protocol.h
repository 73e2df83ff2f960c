/* protocol.h - the MySQL/MariaDB client/server wire protocol: bytes <-> commands and results.
 *
 * This folder knows packets, not SQL. It frames and unframes packets, builds the
 * handshake, checks auth responses, and encodes OK/ERR/EOF packets, column definitions
 * and text/binary rows. The server layer owns sockets and sessions and calls in here.
 *
 * Conventions: functions return 0 on success and a negative PROTO_E* code on failure;
 * a failed write leaves the buffer as it was. Every write function appends whole
 * packets (4-byte header + payload) to a proto_buf and advances *seq.
 */
#ifndef PRESSDB_PROTOCOL_H
#define PRESSDB_PROTOCOL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* ---- error codes returned by this module ---- */
#define PROTO_OK        0
#define PROTO_ENOMEM   -1   /* allocation failed */
#define PROTO_ETRUNC   -2   /* payload ended before a field it announced */
#define PROTO_ESEQ     -3   /* packet sequence id out of order */
#define PROTO_ETOOBIG  -4   /* logical packet larger than the allowed maximum */
#define PROTO_EBAD     -5   /* malformed payload */

/* ---- capability flags (client and server) ---- */
#define CLIENT_LONG_PASSWORD                  (1u << 0)
#define CLIENT_FOUND_ROWS                     (1u << 1)
#define CLIENT_LONG_FLAG                      (1u << 2)
#define CLIENT_CONNECT_WITH_DB                (1u << 3)
#define CLIENT_NO_SCHEMA                      (1u << 4)
#define CLIENT_COMPRESS                       (1u << 5)
#define CLIENT_ODBC                           (1u << 6)
#define CLIENT_LOCAL_FILES                    (1u << 7)
#define CLIENT_IGNORE_SPACE                   (1u << 8)
#define CLIENT_PROTOCOL_41                    (1u << 9)
#define CLIENT_INTERACTIVE                    (1u << 10)
#define CLIENT_SSL                            (1u << 11)
#define CLIENT_IGNORE_SIGPIPE                 (1u << 12)
#define CLIENT_TRANSACTIONS                   (1u << 13)
#define CLIENT_RESERVED                       (1u << 14)
#define CLIENT_SECURE_CONNECTION              (1u << 15)
#define CLIENT_MULTI_STATEMENTS               (1u << 16)
#define CLIENT_MULTI_RESULTS                  (1u << 17)
#define CLIENT_PS_MULTI_RESULTS               (1u << 18)
#define CLIENT_PLUGIN_AUTH                    (1u << 19)
#define CLIENT_CONNECT_ATTRS                  (1u << 20)
#define CLIENT_PLUGIN_AUTH_LENENC_CLIENT_DATA (1u << 21)
#define CLIENT_CAN_HANDLE_EXPIRED_PASSWORDS   (1u << 22)
#define CLIENT_SESSION_TRACK                  (1u << 23)
#define CLIENT_DEPRECATE_EOF                  (1u << 24)

/* ---- MariaDB extended capabilities (greeting and response, when neither side sets
 * CLIENT_LONG_PASSWORD, which MariaDB calls CLIENT_MYSQL) ---- */
#define MARIADB_CLIENT_EXTENDED_METADATA      (1u << 3)

/* ---- server status flags ---- */
#define SERVER_STATUS_IN_TRANS             0x0001
#define SERVER_STATUS_AUTOCOMMIT           0x0002
#define SERVER_MORE_RESULTS_EXISTS         0x0008
#define SERVER_QUERY_NO_GOOD_INDEX_USED    0x0010
#define SERVER_QUERY_NO_INDEX_USED         0x0020
#define SERVER_STATUS_CURSOR_EXISTS        0x0040
#define SERVER_STATUS_LAST_ROW_SENT        0x0080
#define SERVER_STATUS_DB_DROPPED           0x0100
#define SERVER_STATUS_NO_BACKSLASH_ESCAPES 0x0200
#define SERVER_STATUS_METADATA_CHANGED     0x0400
#define SERVER_QUERY_WAS_SLOW              0x0800
#define SERVER_PS_OUT_PARAMS               0x1000
#define SERVER_STATUS_IN_TRANS_READONLY    0x2000
#define SERVER_SESSION_STATE_CHANGED       0x4000

/* ---- commands (first payload byte of a client packet) ---- */
enum proto_cmd {
    COM_SLEEP = 0x00, COM_QUIT = 0x01, COM_INIT_DB = 0x02, COM_QUERY = 0x03,
    COM_FIELD_LIST = 0x04, COM_CREATE_DB = 0x05, COM_DROP_DB = 0x06, COM_REFRESH = 0x07,
    COM_SHUTDOWN = 0x08, COM_STATISTICS = 0x09, COM_PROCESS_INFO = 0x0a, COM_CONNECT = 0x0b,
    COM_PROCESS_KILL = 0x0c, COM_DEBUG = 0x0d, COM_PING = 0x0e, COM_TIME = 0x0f,
    COM_DELAYED_INSERT = 0x10, COM_CHANGE_USER = 0x11, COM_BINLOG_DUMP = 0x12,
    COM_TABLE_DUMP = 0x13, COM_CONNECT_OUT = 0x14, COM_REGISTER_SLAVE = 0x15,
    COM_STMT_PREPARE = 0x16, COM_STMT_EXECUTE = 0x17, COM_STMT_SEND_LONG_DATA = 0x18,
    COM_STMT_CLOSE = 0x19, COM_STMT_RESET = 0x1a, COM_SET_OPTION = 0x1b,
    COM_STMT_FETCH = 0x1c, COM_DAEMON = 0x1d, COM_BINLOG_DUMP_GTID = 0x1e,
    COM_RESET_CONNECTION = 0x1f,
};

/* ---- column types (protocol type codes) ---- */
enum proto_type {
    MYSQL_TYPE_DECIMAL = 0, MYSQL_TYPE_TINY = 1, MYSQL_TYPE_SHORT = 2, MYSQL_TYPE_LONG = 3,
    MYSQL_TYPE_FLOAT = 4, MYSQL_TYPE_DOUBLE = 5, MYSQL_TYPE_NULL = 6, MYSQL_TYPE_TIMESTAMP = 7,
    MYSQL_TYPE_LONGLONG = 8, MYSQL_TYPE_INT24 = 9, MYSQL_TYPE_DATE = 10, MYSQL_TYPE_TIME = 11,
    MYSQL_TYPE_DATETIME = 12, MYSQL_TYPE_YEAR = 13, MYSQL_TYPE_NEWDATE = 14,
    MYSQL_TYPE_VARCHAR = 15, MYSQL_TYPE_BIT = 16,
    MYSQL_TYPE_JSON = 245, MYSQL_TYPE_NEWDECIMAL = 246, MYSQL_TYPE_ENUM = 247,
    MYSQL_TYPE_SET = 248, MYSQL_TYPE_TINY_BLOB = 249, MYSQL_TYPE_MEDIUM_BLOB = 250,
    MYSQL_TYPE_LONG_BLOB = 251, MYSQL_TYPE_BLOB = 252, MYSQL_TYPE_VAR_STRING = 253,
    MYSQL_TYPE_STRING = 254, MYSQL_TYPE_GEOMETRY = 255,
};

/* ---- column definition flags ---- */
#define NOT_NULL_FLAG        0x0001
#define PRI_KEY_FLAG         0x0002
#define UNIQUE_KEY_FLAG      0x0004
#define MULTIPLE_KEY_FLAG    0x0008
#define BLOB_FLAG            0x0010
#define UNSIGNED_FLAG        0x0020
#define ZEROFILL_FLAG        0x0040
#define BINARY_FLAG          0x0080
#define ENUM_FLAG            0x0100
#define AUTO_INCREMENT_FLAG  0x0200
#define TIMESTAMP_FLAG       0x0400
#define SET_FLAG             0x0800
#define NO_DEFAULT_VALUE_FLAG 0x1000
#define ON_UPDATE_NOW_FLAG   0x2000
#define PART_KEY_FLAG        0x4000
#define NUM_FLAG             0x8000

#define PROTO_MAX_PAYLOAD 0xffffffu     /* a payload this long continues in the next packet */
#define PROTO_SCRAMBLE_LEN 20

/* ---- growable byte buffer ---- */
typedef struct proto_buf {
    uint8_t *data;   /* owned; NULL when empty and never grown */
    size_t len;      /* bytes in use */
    size_t cap;      /* bytes allocated */
} proto_buf;

void proto_buf_init(proto_buf *b);
void proto_buf_free(proto_buf *b);
void proto_buf_reset(proto_buf *b);                         /* len = 0, keeps memory */
int  proto_buf_reserve(proto_buf *b, size_t extra);         /* room for extra more bytes */
int  proto_buf_put(proto_buf *b, const void *p, size_t n);
int  proto_buf_put_u8(proto_buf *b, uint8_t v);
int  proto_buf_put_u16(proto_buf *b, uint16_t v);           /* little endian */
int  proto_buf_put_u24(proto_buf *b, uint32_t v);
int  proto_buf_put_u32(proto_buf *b, uint32_t v);
int  proto_buf_put_u64(proto_buf *b, uint64_t v);
int  proto_buf_put_lenenc_int(proto_buf *b, uint64_t v);
int  proto_buf_put_lenenc_str(proto_buf *b, const void *p, size_t n);
int  proto_buf_put_nul_str(proto_buf *b, const char *s);    /* bytes and a 0 terminator */
/* Drops the first n bytes (consumed input). */
void proto_buf_consume(proto_buf *b, size_t n);

/* ---- reader over a payload; errors are sticky in r->bad ---- */
typedef struct proto_rd {
    const uint8_t *p;    /* next byte */
    const uint8_t *end;  /* one past the last byte */
    int bad;             /* set once a read ran past end; later reads return zeros */
} proto_rd;

void     proto_rd_init(proto_rd *r, const void *p, size_t n);
size_t   proto_rd_left(const proto_rd *r);
uint8_t  proto_rd_u8(proto_rd *r);
uint16_t proto_rd_u16(proto_rd *r);
uint32_t proto_rd_u24(proto_rd *r);
uint32_t proto_rd_u32(proto_rd *r);
uint64_t proto_rd_u64(proto_rd *r);
/* Length-encoded integer; *is_null set for 0xfb (may be NULL if not wanted). */
uint64_t proto_rd_lenenc_int(proto_rd *r, int *is_null);
/* Points *out at n bytes inside the payload (no copy). */
int      proto_rd_bytes(proto_rd *r, size_t n, const uint8_t **out);
int      proto_rd_lenenc_str(proto_rd *r, const uint8_t **out, size_t *n);
/* NUL-terminated string; returns its length without the NUL, points *out at it. */
int      proto_rd_nul_str(proto_rd *r, const uint8_t **out, size_t *n);

/* ---- framing of incoming packets ---- */
/* Collects bytes from the socket and yields logical payloads, joining a payload that
 * was split at 0xffffff bytes. The sequence id of each packet must equal *expect_seq;
 * after a payload is yielded *expect_seq is the id the reply must start with. */
typedef struct proto_framer {
    proto_buf in;        /* raw bytes not yet consumed */
    proto_buf payload;   /* assembled logical payload (valid after a 1 return) */
    size_t max_payload;  /* max_allowed_packet; PROTO_ETOOBIG beyond it */
    uint8_t seq;         /* next expected sequence id */
    int check_seq;       /* 0 = accept any id and resync (the start of a command) */
    /* Internal to packet.c (zeroed by proto_framer_init): an oversized payload being skipped. */
    size_t skip_left;    /* bytes of the current packet's body still to discard */
    int skip_state;      /* 0 = not skipping; 1 = in its last packet; 2 = more packets follow */
} proto_framer;

void proto_framer_init(proto_framer *f, size_t max_payload);
void proto_framer_free(proto_framer *f);
int  proto_framer_feed(proto_framer *f, const void *p, size_t n);
/* 1: a payload is ready in f->payload (its last packet's seq+1 is in f->seq);
 * 0: need more bytes; <0: PROTO_ESEQ / PROTO_ETOOBIG / PROTO_ENOMEM.
 * When PROTO_ETOOBIG is returned, the oversized payload is skipped as its bytes arrive
 * so the caller can answer with error 1153 and close the connection. */
int  proto_framer_next(proto_framer *f);

/* ---- writing packets ---- */
/* Starts a packet: reserves its header and returns the payload's offset in *off. */
int  proto_pkt_begin(proto_buf *out, size_t *off);
/* Ends it: writes the header (splitting a payload >= 0xffffff into several packets,
 * and adding the empty trailing packet when the length is an exact multiple) and
 * advances *seq by the number of packets written. */
int  proto_pkt_end(proto_buf *out, size_t off, uint8_t *seq);
/* One whole packet from a ready payload. */
int  proto_write_packet(proto_buf *out, uint8_t *seq, const void *payload, size_t n);

/* ---- handshake ---- */
typedef struct proto_greeting {
    const char *server_version;  /* e.g. "5.5.5-10.11.19-MariaDB-pressdb" */
    uint32_t conn_id;
    uint8_t scramble[PROTO_SCRAMBLE_LEN];  /* random printable-safe bytes, no 0 */
    uint32_t caps;               /* server capabilities offered */
    uint8_t charset;             /* default collation id, 45 utf8mb4_general_ci */
    uint16_t status;             /* SERVER_STATUS_AUTOCOMMIT */
    const char *auth_plugin;     /* "mysql_native_password" */
    uint32_t ext_caps;           /* MariaDB extended capabilities (MARIADB_CLIENT_*), sent
                                    when caps lacks CLIENT_MYSQL */
} proto_greeting;

/* Appends the Protocol::HandshakeV10 packet (seq 0). */
int proto_write_greeting(proto_buf *out, uint8_t *seq, const proto_greeting *g);

#define PROTO_NAME_MAX 256
typedef struct proto_handshake_resp {
    uint32_t caps;                       /* client capabilities */
    uint32_t max_packet;
    uint8_t charset;
    uint32_t ext_caps;                   /* MariaDB extended capabilities (a client without
                                            CLIENT_MYSQL sends them in the filler's last 4) */
    int is_ssl_request;                  /* payload was a short SSLRequest */
    char user[PROTO_NAME_MAX];           /* NUL-terminated */
    uint8_t auth[PROTO_NAME_MAX];        /* auth response bytes */
    size_t auth_len;
    char db[PROTO_NAME_MAX];             /* "" when none */
    char plugin[64];                     /* "" when none */
    /* connect attributes are validated and skipped */
} proto_handshake_resp;

/* Parses HandshakeResponse41 (or an SSLRequest, which sets is_ssl_request).
 * Returns PROTO_ETRUNC/PROTO_EBAD on malformed input (oversized names are PROTO_EBAD). */
int proto_parse_handshake_response(const uint8_t *p, size_t n, proto_handshake_resp *r);

/* Fills buf with n random bytes in 1..127 excluding '\0' and '$' (as MariaDB does). */
void proto_make_scramble(uint8_t *buf, size_t n);

/* AuthSwitchRequest: 0xfe, plugin name, scramble + NUL. */
int proto_write_auth_switch(proto_buf *out, uint8_t *seq, const char *plugin,
                            const uint8_t *scramble, size_t n);
/* AuthMoreData: 0x01 followed by data (caching_sha2: 3 = fast ok, 4 = full auth needed). */
int proto_write_auth_more_data(proto_buf *out, uint8_t *seq, const void *data, size_t n);

/* ---- the client side (a replica connecting to its primary: protocol/client.c) ---- */
typedef struct proto_server_hello {
    char version[64];
    uint32_t conn_id;
    uint8_t scramble[PROTO_SCRAMBLE_LEN];
    uint32_t caps;
    uint8_t charset;
    char plugin[64];                     /* "" when the greeting names none */
} proto_server_hello;
int  proto_parse_greeting(const uint8_t *p, size_t n, proto_server_hello *h);
/* mysql_native_password's answer to a scramble: 20 bytes (none for an empty password). */
void proto_native_response(const uint8_t scramble[PROTO_SCRAMBLE_LEN], const char *pw, size_t n,
                           uint8_t out[20]);
/* HandshakeResponse41 (seq 1): no database, no attributes. */
int  proto_write_handshake_response(proto_buf *out, uint8_t *seq, uint32_t caps, uint8_t charset,
                                    const char *user, const uint8_t *auth, size_t auth_len,
                                    const char *plugin);
/* SSLRequest: the first 32 bytes of a HandshakeResponse41 with CLIENT_SSL, after which
 * the client starts TLS and sends the whole response (its sequence number continues). */
int  proto_write_ssl_request(proto_buf *out, uint8_t *seq, uint32_t caps, uint8_t charset);

/* ---- auth plugins: hashes stored, responses checked ---- */
/* mysql_native_password: stored = SHA1(SHA1(password)). */
void proto_native_stored_hash(const char *pw, size_t n, uint8_t stored[20]);
/* Checks a 20-byte client response against the scramble; 1 = match, 0 = no.
 * An empty response matches only an empty password (stored_is_empty). */
int  proto_native_check(const uint8_t scramble[20], const uint8_t *resp, size_t n,
                        const uint8_t stored[20], int stored_is_empty);
/* caching_sha2_password fast path: stored = SHA256(SHA256(password)).
 * resp = XOR(SHA256(pw), SHA256(SHA256(SHA256(pw)) || scramble)). */
void proto_sha2_stored_hash(const char *pw, size_t n, uint8_t stored[32]);
int  proto_sha2_check(const uint8_t scramble[20], const uint8_t *resp, size_t n,
                      const uint8_t stored[32]);
/* Hex "*6BB4..." form of a native hash (as in mysql.user / SHOW GRANTS). out >= 42 bytes. */
void proto_native_hash_hex(const uint8_t stored[20], char *out);

/* ---- results ---- */
typedef struct proto_ok {
    uint64_t affected_rows;
    uint64_t insert_id;
    uint16_t status;
    uint16_t warnings;
    const char *info;            /* may be NULL */
    const uint8_t *state;        /* SESSION_TRACK data (CLIENT_SESSION_TRACK), may be NULL */
    size_t state_len;
} proto_ok;

/* OK packet (header 0x00). With eof_header=1 it is the OK that replaces EOF after rows
 * when CLIENT_DEPRECATE_EOF is set (header 0xfe). */
int proto_write_ok(proto_buf *out, uint8_t *seq, uint32_t caps, const proto_ok *ok, int eof_header);
/* ERR packet; sqlstate is 5 chars; msg is truncated to 512 bytes. */
int proto_write_err(proto_buf *out, uint8_t *seq, uint32_t caps, uint16_t code,
                    const char *sqlstate, const char *msg);
/* Classic EOF packet (only when CLIENT_DEPRECATE_EOF is not set). */
int proto_write_eof(proto_buf *out, uint8_t *seq, uint16_t warnings, uint16_t status);

typedef struct proto_coldef {
    const char *schema;      /* "" allowed */
    const char *table;       /* alias as written */
    const char *org_table;
    const char *name;        /* column alias */
    const char *org_name;
    uint16_t charset;        /* collation id; 63 = binary */
    uint32_t length;         /* display length in bytes */
    uint8_t type;            /* enum proto_type */
    uint16_t flags;
    uint8_t decimals;
    /* MariaDB's extended metadata (MARIADB_CLIENT_EXTENDED_METADATA negotiated): a block
       after org_name, empty or naming the format ("json") */
    bool ext_meta;
    const char *format;      /* NULL = none */
} proto_coldef;

int proto_write_column_count(proto_buf *out, uint8_t *seq, uint64_t n);
int proto_write_coldef(proto_buf *out, uint8_t *seq, const proto_coldef *c);

/* One cell of a text row. */
typedef struct proto_cell {
    const char *p;
    size_t len;
    int is_null;
} proto_cell;

/* Text resultset row: lenenc strings, 0xfb for NULL. */
int proto_write_text_row(proto_buf *out, uint8_t *seq, const proto_cell *cells, size_t n);

/* ======================================================================================
 * Additions by the protocol implementation. Above this line only the two internal fields
 * at the end of proto_framer were added; no existing declaration changed.
 * ====================================================================================== */

/* ---- notes on the functions above ----
 * proto_rd_lenenc_int: with is_null == NULL a 0xfb byte (NULL) is malformed and sets
 *   r->bad; 0xff is never valid and sets r->bad.
 * proto_rd_lenenc_str: PROTO_ETRUNC if the string runs past the end, PROTO_EBAD for a
 *   0xfb/0xff length byte.
 * proto_framer_init: max_payload 0 means 1 GiB (the largest max_allowed_packet).
 * proto_framer_next and PROTO_ETOOBIG: the limit is checked as soon as a packet header is
 *   seen (before its body arrives) against the logical payload length. The framer then
 *   throws away everything of that payload already buffered and discards the rest as it is
 *   fed (proto_framer_feed does not buffer it); proto_framer_next returns 0 meanwhile and,
 *   once the payload has been consumed to its last packet, resumes normal framing.
 *   f->seq follows the skipped packets (last seen id + 1). What the caller should do:
 *     1. write ERR 1153, SQLSTATE "08S01", "Got a packet bigger than 'max_allowed_packet'
 *        bytes", with sequence id f->seq;
 *     2. keep reading and feeding (to drain the client's writes, so that it sees the ERR
 *        instead of a connection reset) until proto_framer_skipping(f) returns 0 or a
 *        short timeout passes, then close the connection. MySQL also closes here; do not
 *        go on serving commands.
 *   After PROTO_ESEQ the framer is stuck on the bad packet (it returns PROTO_ESEQ again):
 *   close the connection. PROTO_ENOMEM leaves the input intact; a retry may succeed.
 * proto_pkt_end: on failure the begun packet is removed (out->len = off - 4).
 * proto_write_greeting: always writes sequence id 0 and leaves *seq = 1. NULL
 *   server_version is written as "", NULL auth_plugin as "mysql_native_password". The
 *   auth-plugin-data length byte is 21 when caps has CLIENT_PLUGIN_AUTH, else 0; scramble
 *   part 2 is written when caps has CLIENT_SECURE_CONNECTION, the plugin name when caps
 *   has CLIENT_PLUGIN_AUTH (as MySQL and MariaDB do).
 * proto_parse_handshake_response: only CLIENT_PROTOCOL_41 clients (else PROTO_EBAD). The
 *   payload must be >= 32 bytes; exactly 32 with CLIENT_SSL is an SSLRequest (only caps,
 *   max_packet and charset are set). Fields after the user name that are absent because
 *   the payload ends are taken as empty (as MariaDB does); a db or plugin name may end at
 *   the end of the payload without its NUL. Connect attributes, when present, must be a
 *   well-formed list of lenenc key/value pairs exactly filling their announced length.
 *   Bytes after the attributes are ignored.
 * proto_native_check: only a 20-byte response can match a non-empty password.
 * proto_sha2_check: only a 32-byte response can match; an empty password (the client sends
 *   nothing or a single 0 byte) must be handled by the caller.
 * proto_write_ok: SERVER_SESSION_STATE_CHANGED is set exactly when session-state data is
 *   written: with CLIENT_SESSION_TRACK and state_len > 0, after the info (then written
 *   even when empty), as one lenenc string. Otherwise the info is a lenenc string written
 *   only when non-empty (as MariaDB does).
 *   Without CLIENT_PROTOCOL_41 only the status is written, and only with
 *   CLIENT_TRANSACTIONS.
 * proto_write_err: a NULL or short sqlstate is written as "HY000"; the message is cut at
 *   512 bytes on a UTF-8 character boundary. The sqlstate is written only with
 *   CLIENT_PROTOCOL_41.
 * NULL strings in proto_coldef and NULL info/msg are written as "".
 */

/* Returns 1 while the framer is discarding an oversized payload, else 0. */
int proto_framer_skipping(const proto_framer *f);

/* ---- prepared statements: binary protocol codec (value-agnostic) ----
 * Parsers take the whole command payload, command byte included, and check that byte.
 * Pointers they return point into that payload. */

/* MYSQL_TIME-like value of a DATE/DATETIME/TIMESTAMP or TIME.
 * DATE/DATETIME/TIMESTAMP use year..second and microsecond.
 * TIME uses neg, day (whole days), hour, minute, second, microsecond: the value is
 * (neg ? -1 : 1) * (day*24h + hour:minute:second.microsecond). Parsed TIMEs keep the wire's
 * day and hour (0..255) apart; written TIMEs may fold days into hour (hour >= 24). */
typedef struct proto_time {
    unsigned int year, month, day, hour, minute, second;
    uint32_t microsecond;   /* 0..999999 */
    int neg;                /* TIME only */
} proto_time;

/* One binary-protocol value: a COM_STMT_EXECUTE parameter, or a binary row cell. */
typedef struct proto_value {
    uint8_t type;           /* enum proto_type */
    uint8_t is_unsigned;    /* parameter type had the 0x80 flag (write: use u, not i) */
    uint8_t is_null;
    uint8_t is_long_data;   /* parse only: value comes from COM_STMT_SEND_LONG_DATA */
    int64_t i;              /* TINY/SHORT/YEAR/INT24/LONG/LONGLONG: sign-extended */
    uint64_t u;             /* the same, zero-extended */
    double d;               /* FLOAT/DOUBLE */
    const uint8_t *str;     /* strings, DECIMAL/NEWDECIMAL (as text), blobs, BIT, ENUM, SET, */
    size_t len;             /*   JSON, GEOMETRY: the raw bytes */
    proto_time t;           /* DATE/DATETIME/TIMESTAMP/TIME */
} proto_value;

/* Encoded parameter type as sent after new-params-bound: type | (flags << 8), where flag
 * 0x80 (i.e. PROTO_PARAM_UNSIGNED in this form) means unsigned. */
#define PROTO_PARAM_UNSIGNED 0x8000u

/* COM_STMT_PREPARE response, first packet: 0x00, stmt id, columns, params, 0, warnings.
 * The caller follows it with num_params and num_columns column definitions, each group
 * followed by an EOF unless CLIENT_DEPRECATE_EOF. */
int proto_write_stmt_prepare_ok(proto_buf *out, uint8_t *seq, uint32_t stmt_id,
                                uint16_t num_columns, uint16_t num_params, uint16_t warnings);

/* Statement id of any COM_STMT_EXECUTE/SEND_LONG_DATA/CLOSE/RESET/FETCH payload (bytes 1..4),
 * so the caller can look up the statement (and its param count) before parsing further.
 * MariaDB clients may send 0xffffffff meaning "the statement prepared last". */
int proto_parse_stmt_id(const uint8_t *p, size_t n, uint32_t *stmt_id);

typedef struct proto_stmt_exec {
    uint32_t stmt_id;
    uint8_t flags;              /* cursor type: 0 none, 1 read only, 2 for update, 4 scrollable */
    uint32_t iterations;        /* always 1 in practice */
    int new_params_bound;       /* 1: types were sent; save them (see proto_value_param_type) */
} proto_stmt_exec;

/* Parses COM_STMT_EXECUTE for a statement with num_params parameters into params[0..num_params).
 * bound_types: the types bound by an earlier execute (encoded as above), used when this
 *   packet does not send types; may be NULL if none were bound yet (then such a packet is
 *   PROTO_EBAD).
 * long_data: NULL, or num_params flags; a nonzero flag means data for that parameter was
 *   sent with COM_STMT_SEND_LONG_DATA, so the packet has no value for it (is_long_data = 1,
 *   its NULL bit is ignored).
 * Parameters of type NULL are is_null. Value sizes: TINY 1, SHORT/YEAR 2, LONG/INT24 4,
 * LONGLONG 8, FLOAT 4, DOUBLE 8, DATE/DATETIME/TIMESTAMP 1-byte length 0/4/7/11, TIME 0/8/12,
 * DECIMAL/NEWDECIMAL/VARCHAR/BIT/JSON/ENUM/SET/blobs/VAR_STRING/STRING/GEOMETRY lenenc;
 * any other type, or another date length, is PROTO_EBAD. Bytes after the last value are
 * ignored. PROTO_ETRUNC when the payload ends early. No CLIENT_QUERY_ATTRIBUTES support. */
int proto_parse_stmt_execute(const uint8_t *p, size_t n, size_t num_params,
                             const uint16_t *bound_types, const uint8_t *long_data,
                             proto_stmt_exec *ex, proto_value *params);

/* The encoded type of a parsed parameter, to keep as bound_types for the next execute. */
uint16_t proto_value_param_type(const proto_value *v);

/* COM_STMT_SEND_LONG_DATA: stmt id, param id, and the data chunk (the rest of the payload). */
int proto_parse_stmt_send_long_data(const uint8_t *p, size_t n, uint32_t *stmt_id,
                                    uint16_t *param_id, const uint8_t **data, size_t *len);

/* COM_STMT_FETCH: stmt id and number of rows wanted. */
int proto_parse_stmt_fetch(const uint8_t *p, size_t n, uint32_t *stmt_id, uint32_t *num_rows);

/* Binary resultset row: 0x00, NULL bitmap (offset 2), then each non-NULL value encoded by
 * its type (sizes as for parameters; dates and times use the shortest length form that
 * holds the value, DATE ignores the time part). Integers are written from u when
 * is_unsigned, else from i, truncated to the type's width; FLOAT from (float)d. Cells of
 * type NULL are written as NULL. PROTO_EBAD for an unknown type or a date/time field that
 * does not fit its wire width (year > 65535, month..second > 255, microsecond > 999999,
 * TIME days > 2^32-1). */
int proto_write_binary_row(proto_buf *out, uint8_t *seq, const proto_value *vals, size_t n);

#endif
