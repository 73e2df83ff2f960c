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
} proto_greeting;

/* Appends the Protocol::HandshakeV10 packet (seq 0). */
int proto_write_greeting(proto_buf *out, uint8_t *seq, const proto_greeting *g);

#define PROTO_NAME_MAX 256
typedef struct proto_handshake_resp {
    uint32_t caps;                       /* client capabilities */
    uint32_t max_packet;
    uint8_t charset;
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

#endif
