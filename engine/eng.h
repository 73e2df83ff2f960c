/* eng.h - private to engine/: the expression program, execution context, value
 * semantics shared by the interpreter (and, later, engine/jit/). */
#ifndef PRESSDB_ENGINE_ENG_H
#define PRESSDB_ENGINE_ENG_H

#include "engine/engine.h"
#include "planner/planner.h"
#include "protocol/protocol.h"
#include <setjmp.h>

#ifndef PART_KEY_FLAG
#define PART_KEY_FLAG 0x4000  /* column is part of some key */
#endif

/* ---- errors ---- */
typedef struct ex_err {
    uint16_t code;
    char state[6];
    char msg[PDB_MSG_LEN];
} ex_err;

/* ---- static type of an expression (what the column definition says) ---- */
typedef struct ex_type {
    uint8_t vt;          /* pdb_vt the value usually has (VT_NULL if only NULL) */
    uint8_t ptype;       /* MYSQL_TYPE_* */
    uint16_t flags;      /* column flags */
    uint32_t length;     /* display length (characters * maxlen for strings) */
    uint8_t decimals;
    uint16_t coll;       /* collation for strings, 63 otherwise */
    bool is_unsigned;
    bool nullable;
    bool from_column;    /* a table column as such (decimals 0 for strings) */
    uint8_t coerc;       /* collation coercibility: 0 explicit, 2 column, 3 derived, 4 literal */
    bool hexnum;         /* a hexadecimal or bit literal (0x41, b'1'), or a hybrid of only such:
                            a binary string that is an unsigned integer in numeric context */
    uint8_t hexlit;      /* a hexadecimal or bit literal's string (X'41' too) or one MariaDB
                            gives its attributes (MIN, NULLIF, IF with NULL, a hybrid of 0x..
                            and b'..' only): EX_HEXLIT sent with decimals 0 (not 39) and
                            UNSIGNED, EX_HEXLIT_KEPT (a derived table's column) decimals 0 */
    bool dec0;           /* a string MariaDB sends with decimals 0, not 39: HEX and UNHEX
                            (their Items set decimals = 0) */
    uint8_t negdig;      /* a negation -x (x no literal): x's integer digits, which MariaDB's
                            decimal_precision() of it counts (Item_func_neg's); 0 unknown */
    bool json;           /* a JSON column: the JSON functions take its text as JSON */
    bool jsonfmt;        /* a JSON result (a JSON column, a JSON function's, a hybrid of them):
                            MariaDB's extended metadata names its format "json" */
    const struct stor_column *enumc;   /* an ENUM or SET column as such: in numeric context its member's
                                          index (ENUM) or its members' bit mask (SET) */
    uint8_t geom;        /* a spatial value's kind (engine/geo.h GEO_*: POINT ... GEO_ANY), 0 none:
                            CREATE TABLE ... SELECT makes a column of it */
} ex_type;
enum { EX_HEXLIT = 2, EX_HEXLIT_KEPT = 1 };   /* ex_type.hexlit */
/* A spatial result of arguments a[0..n) (IF, COALESCE, CASE, GREATEST, UNION): their kind if
 * all are of one, GEOMETRY if of several, and NULL allowed; false (t untouched) unless every
 * non-NULL one is spatial. */
bool ex_geo_merge_type(const ex_type *a, int n, ex_type *t);
/* The BLOB type code of a TEXT or BLOB of that many characters (bytes for a BLOB): TINY up
 * to 255, BLOB to 65535, MEDIUM to 16777215, else LONG (func.c). */
uint8_t ex_blob_ptype(uint64_t chars);

/* ---- the expression program ----
 * A postfix program: each op pops its operands from the value stack and pushes one
 * result. Jumps implement short-circuit AND/OR, CASE and IF. This linear form is what
 * the template JIT compiles op by op. */
enum {
    OP_CONST,        /* push consts[a] */
    OP_COL,          /* push column b of source a at the current row */
    OP_AGG,          /* push aggregate result a of the current group */
    OP_OUTER,        /* push outer-query value a (correlated reference) */
    OP_NEG, OP_NOT, OP_BITNOT,
    OP_ARITH,        /* a = BO_ADD.. */
    OP_CMP,          /* a = BO_EQ..; coll in c; b: a constant side converted once (ex_once) */
    OP_AND_JMP,      /* if top is FALSE: keep it, jump to a; else pop and continue */
    OP_OR_JMP,       /* if top is TRUE: keep 1, jump to a */
    OP_AND_FIN,      /* combine: [left right] -> 3-valued AND (left already known not FALSE) */
    OP_OR_FIN,
    OP_XOR,
    OP_ISNULL,       /* a = negated */
    OP_IS,           /* a = 1/0/-1, b = negated */
    OP_IN,           /* a = number of list items; b = negated | EX_IN_* flags; coll in c */
    OP_BETWEEN,      /* b: bit 0 negated; above it, bounds converted once (expr.c once_between) */
    OP_LIKE,         /* b = negated, a = has escape */
    OP_REGEXP,       /* b = negated */
    OP_FUNC,         /* a = the function's registry handle, b = nargs, c = consts index of the call */
    OP_CASE,         /* a = nargs layout flags, b = nargs */
    OP_CAST,         /* a = cast index in prog->casts; b = depth of the value cast (0: the top) */
    OP_SUBQ,         /* a = subquery index: scalar / EXISTS / IN */
    OP_USERVAR,      /* push @var consts[a] names it */
    OP_SYSVAR,       /* push @@var consts[a] names it, b = global */
    OP_COLLATE,      /* set collation of top to a */
    OP_ROWID,        /* push the current row id of source a */
    OP_ENUMIDX,      /* the value b places below the top, an ENUM member of consts[a..a+c), as
                        its index (1-based; 0 for '', NULL stays) */
    OP_TOSTR,        /* top as a string of collation a (IF/CASE/COALESCE typed as strings);
                        b = 1: as a DOUBLE instead (typed DOUBLE) */
    OP_MARK,         /* the string b places below the top gets the mark a (pdb_value.scale:
                        EX_JSONDOC, EX_HEXNUM) */
    OP_YEARK,        /* the constant b places below the top, compared with a YEAR column: the
                        year it stores as when it fits one (ex_year_const), else unchanged */
    OP_RETYPE,       /* the value b places below the top read as another type (EX_RT_*):
                        a YEAR column's value as its zero date, a BIT's as its integer, a
                        TIME as the DATETIME it is on today's date */
    OP_SETMASK,      /* the value b places below the top, a SET of members consts[a..a+c), as
                        its bit mask (NULL stays) */
};

enum { EX_RT_YEAR_DATE = 1, EX_RT_BIT_UINT = 2, EX_RT_TIME_DT = 3 };

typedef struct ex_op {
    uint16_t code;
    uint16_t b;
    int32_t a;
    int32_t c;
} ex_op;

/* OP_CMP's b: which side is a constant MariaDB converts once per statement (the other
 * side's type differs), and its ex_once entry (b >> 2). */
enum { EX_ONCE_LEFT = 1, EX_ONCE_RIGHT = 2 };
/* OP_IN's b, besides bit 0 (NOT IN): the list was converted (and warned about) when the
 * statement compiled it, as MariaDB's IN of constants of one comparison type is. */
enum { EX_IN_CONVERTED = 2 };

/* A constant compared with a value of another type: MariaDB converts it at its first
 * use and keeps it for the rest of the statement, so its 1292 warning comes once. */
typedef struct ex_once {
    const struct pl_expr *e;   /* the comparison, the statement's key (ex_warn_due) */
    const struct pl_expr *k;   /* its constant side */
    uint8_t vt;                /* the other side's type */
    bool done;                 /* converted already (this program) */
} ex_once;

typedef struct ex_prog {
    ex_op *ops;
    int nops, cap;
    pdb_value *consts;
    int nconsts, cconsts;
    pl_cast *casts;
    int ncasts;
    struct ex_subq **subs;
    int nsubs;
    int maxstack;
    bool may_warn;          /* converts between strings and numbers (1292 warnings) */
    ex_once *once;          /* OP_CMP's constants converted once */
    int nonce;
    stor_arena *a;          /* where its arrays grow (the statement's arena) */
    pdb_value *stk;         /* maxstack > 64 (a long IN list): its value stack, made by the first
                               evaluation and used by the next ones (not one per row) */
    bool stk_busy;          /* an evaluation using stk is running (a nested one makes its own) */
    struct ex_inset *ins;   /* its long IN lists of integer constants, sorted (expr.c in_sets) */
    int nins;
    bool ins_done;          /* ins worked out (by the first evaluation of a long program) */
} ex_prog;

/* ---- the function registry (func_registry.c; ARCHITECTURE.md "Function registry") ----
 * One descriptor per SQL function name, found once when a call compiles; OP_FUNC's a is
 * its handle. The flags say what the planner and the interpreter may assume. */
enum {
    EX_FN_NULL_IN = 1,      /* NULL when any argument is NULL: checked before eval runs */
    EX_FN_VOLATILE = 2,     /* a call may give another value or change state (RAND, locks) */
    EX_FN_STMT = 4,         /* reads what the running statement changes (VALUES, FOUND_ROWS) */
    EX_FN_HYBRID = 8,       /* its value is one of its arguments, typed as they aggregate */
    EX_FN_COND_FIRST = 16,  /* HYBRID after a first argument that is a condition (IF) */
    EX_FN_AS_FIRST = 32,    /* its value is its first argument or NULL (NULLIF) */
    EX_FN_JSON = 64,        /* takes JSON documents: JSON arguments keep their mark */
    EX_FN_JSON_RESULT = 128, /* its result is JSON: nested in JSON_ARRAY/JSON_OBJECT as it is */
    EX_FN_SYSCONST = 256,   /* a system constant (USER(), DATABASE(), VERSION()): COERCIBILITY 3 */
    EX_FN_NO_DEFAULT = 512, /* never in a column's DEFAULT (1901): it reads the session's last
                               statement, waits or takes locks (LAST_INSERT_ID, SLEEP, GET_LOCK) */
    EX_FN_NUMARGS = 1024,   /* reads its arguments as numbers: an ENUM is its member's index, a
                               SET its bit mask (ABS, ROUND, SQRT ...: MariaDB's val_int/val_real) */
    EX_FN_DATEARGS = 2048,  /* reads its arguments as dates or times: a YEAR column is its year's
                               zero date 'YYYY-00-00' (MariaDB's Field_year::get_date) */
    EX_FN_NUMREST = 4096,   /* reads its arguments after the first as numbers (LEFT's length,
                               SUBSTRING's position): an ENUM is its index, a SET its mask */
    EX_FN_NUM2 = 8192,      /* reads its second argument as a number (LPAD's length) */
    EX_FN_MINMAX = 16384,   /* GREATEST/LEAST: with a number among its arguments an ENUM or SET
                               is compared as its number (MariaDB's aggregate_for_min_max) */
};
typedef struct ex_fdef ex_fdef;
struct ex_ctx;
/* out is NULL on entry; e is the call as written (errors and warnings name it) */
typedef void ex_feval(struct ex_ctx *ctx, const ex_fdef *d, pdb_value *a, int n, pdb_value *out, const pl_expr *e);
/* the result type from the argument types (n as written: an INTERVAL counts once) */
typedef void ex_ftype(const ex_fdef *d, const ex_type *a, int n, ex_type *out, const pl_expr *e);
struct ex_fdef {
    const char *name;            /* upper case; a family's table is sorted by it */
    int8_t min_args, max_args;   /* -1 = any */
    uint16_t flags;              /* EX_FN_* */
    int id;                      /* a body shared by several functions tells them apart by it */
    ex_ftype *type;
    ex_feval *eval;
};
/* A family's table (sorted by name), listed in func_registry.c. */
typedef struct ex_ftable {
    const ex_fdef *rows;
    int n;
} ex_ftable;
/* The handle of the function named name (any case), -1 if none. */
int ex_func_lookup(const char *name);
#define EX_FAMILY_ROWS 1024   /* a handle is family * EX_FAMILY_ROWS + row */
extern const ex_ftable *const ex_func_families[];
static inline const ex_fdef *ex_func_at(int handle)
{
    return &ex_func_families[(unsigned)handle / EX_FAMILY_ROWS]->rows[(unsigned)handle % EX_FAMILY_ROWS];
}
const ex_fdef *ex_func_find(const char *name);   /* NULL if none */
/* Whether every table is sorted and has sane rows (the unit tests ask). */
bool ex_func_registry_ok(void);
/* FORMAT()'s locale: its decimal point, thousands separator (-1 none) and grouping (0, 3,
 * or 32 for 3-then-2); false when MariaDB does not know the name. */
bool ex_locale_numeric(const char *name, size_t n, char *point, int *sep, int *grouping);
const char *ex_locale_name(const char *name, size_t n);
const char *ex_charset_description(const char *cs);          /* show.c: CHARACTER_SETS.DESCRIPTION */
size_t ex_coll_list(const pdb_collation **out, bool every);  /* show.c: the collations in MariaDB's order
                                                                (every: uca1400's of each charset, not utf8mb4's only) */
bool ex_coll_shared(const pdb_collation *c);                 /* uca1400's: listed without a charset */
const char *ex_coll_short_name(const pdb_collation *c);      /* "uca1400_as_ci" for those, else the name */
const char *const *ex_plugin_row(size_t i);   /* show.c: PLUGINS' 13 columns of the i-th, NULL past the last */

/* JSON (json.c) */
bool ex_json_returns_json(const char *upper_name);   /* its result is JSON (nests unquoted) */

/* ---- a source table of a query (FROM item) ---- */
typedef struct ex_src {
    stor_table *t;          /* NULL for a derived table */
    const char *db;
    const char *name;       /* table name */
    const char *alias;      /* name used to qualify columns */
    int join;               /* JT_* with the previous sources */
    pl_expr *on;
    int decl;               /* position in the FROM clause as written (SELECT * order) */
    const char **ucols;     /* USING / NATURAL columns merged with the sources before */
    int nucols;
    bool coalesce_right;    /* RIGHT JOIN ... USING: the merged columns are this source's */
    bool lent;              /* opened with a DEFINER view's rights (ex_lent): columns unchecked */
    uint8_t view;           /* a view: 1 merged into the query by MariaDB, 2 materialised */
    stor_table *deft;       /* a derived source standing for a row being inserted into this
                               table (INSERT ... VALUES sees the values so far): DEFAULT(col) */
    int gsize;              /* > 1: the first of gsize sources joined as one group (a LEFT JOIN
                               of a parenthesised join, or what came before a RIGHT JOIN) */
    /* index hints (USE / FORCE / IGNORE INDEX): the keys (bit x: t->idx[x]) not to read
       rows through (join), nor for ORDER BY; 0 without hints */
    uint64_t deny_join, deny_order;
    /* derived table: materialised rows */
    struct ex_rows *derived;
    ex_type *dtypes;
    const char **dnames;
    int dncols;
    /* column names -> first column of that name, built by the first lookup (expr.c
       find_column) for sources of many columns, in the statement's arena; nmap_of says
       which column array it was built for */
    int16_t *nmap;
    uint32_t nmask;
    const void *nmap_of;
} ex_src;

typedef struct ex_rows {
    pdb_value *v;           /* nrows * ncols */
    uint32_t nrows, cap, ncols;
} ex_rows;

/* ---- aggregates ---- */
enum { AG_COUNT, AG_COUNT_STAR, AG_SUM, AG_AVG, AG_MIN, AG_MAX, AG_GROUP_CONCAT,
       AG_BIT_AND, AG_BIT_OR, AG_BIT_XOR, AG_STD, AG_VAR, AG_STD_SAMP, AG_VAR_SAMP,
       AG_JSON_ARRAYAGG, AG_JSON_OBJECTAGG };

typedef struct ex_agg {
    int kind;
    bool distinct;
    pl_expr *e;             /* the call */
    ex_prog *args;          /* argument programs (nargs) */
    int nargs;
    ex_type type;
    ex_prog **order;        /* GROUP_CONCAT ORDER BY */
    bool *order_desc;
    int norder;
    const char *sep;
    int64_t gc_limit, gc_offset;   /* GROUP_CONCAT LIMIT (-1: none), offset */
    int incr;               /* AVG: div_precision_increment when compiled */
    size_t seplen;
    uint32_t gc_rows;       /* GROUP_CONCAT: values concatenated so far over the groups
                               (MariaDB's row count in its 1260 warning) */
} ex_agg;

/* ---- window functions: fn(...) OVER (...) ---- */
enum { WF_ROW_NUMBER, WF_RANK, WF_DENSE_RANK, WF_PERCENT_RANK, WF_CUME_DIST, WF_NTILE,
       WF_LAG, WF_LEAD, WF_FIRST_VALUE, WF_LAST_VALUE, WF_NTH_VALUE, WF_AGG };
typedef struct ex_win {
    int kind;               /* WF_* */
    pl_expr *e;
    pl_window *w;
    ex_agg *ag;             /* WF_AGG: the aggregate, run over the frame */
    struct ex_prog **args;
    int nargs;
    struct ex_prog **part, **order;   /* PARTITION BY, ORDER BY */
    int npart, norder;
    ex_type *ktypes;        /* npart + norder key types */
    ex_type type;
} ex_win;
#define EX_WIN_BASE (1 << 21)    /* OP_AGG index of window result 0 */

/* ---- the execution context of one query block ---- */
typedef struct ex_ctx {
    pdb_session *s;
    stor_arena *a;          /* statement arena */
    ex_src *src;
    int nsrc;
    uint32_t *rows;         /* current row id per source; UINT32_MAX = NULL row */
    pdb_value *dvals;       /* derived tables: current row's values per source (pointer into rows) */
    pdb_value *aggv;        /* current group's aggregate results */
    pdb_value *itemv;       /* current output row's select items (alias references) */
    pdb_value *winv;        /* current output row's window function results */
    struct ex_ctx *outer;   /* enclosing query (correlated subqueries) */
    pdb_value *outer_vals;
    pdb_value *insert_vals; /* VALUES(col) in ON DUPLICATE KEY UPDATE */
    stor_table *insert_t;
    jmp_buf *jb;            /* error exit */
    ex_err *err;
    bool strict;            /* strict sql_mode for this statement */
    bool ignore;            /* INSERT/UPDATE IGNORE */
    const struct stor_column *check_failed;   /* INSERT IGNORE: a JSON column's CHECK failed in
                                                  this row (ex_store_convert), for the row loop
                                                  to skip it with 4025; else it is raised there */
    bool check_defer;
    bool abort_warn;        /* strict INSERT, REPLACE, UPDATE: a conversion warning is an
                               error (MariaDB's abort_on_warning), ex_warn */
    bool writing;           /* INSERT/UPDATE/DELETE/REPLACE (strict-mode errors apply) */
    bool abort_any;         /* with abort_warn, every warning is an error (a CHECK's evaluation) */
    bool lock_write;        /* tables opened may be changed (writes, DDL): table locks */
    bool share_all;         /* every block reads as LOCK IN SHARE MODE: a plain SELECT in a
                               SERIALIZABLE transaction (InnoDB's conversion), INSERT /
                               REPLACE ... SELECT's source in a transaction */
    uint64_t lock_match;    /* the next block run is an UPDATE's or DELETE's search (dml.c
                               match_rows): in a REPEATABLE READ transaction it takes
                               InnoDB's next-key locks (select.c, gap locks), exclusive on
                               the sources of these FROM positions (the tables written),
                               shared on the others; 0: none */
    const pdb_value *params;   /* prepared statement parameters, or NULL */
    int nparams;
    bool describe;          /* prepare: work out result columns, do not run */
    bool quiet;             /* internal evaluation: no conversion warnings */
    int64_t now_us;         /* statement start: NOW() */
    ex_rows *pre_rows;      /* INSERT ... SELECT: rows already selected (CREATE TABLE ... SELECT) */
    struct ex_feed *feed;   /* LOAD DATA: ex_insert's rows come from the file (load.c) */
    bool no_temp;           /* table names mean base tables only (CREATE TABLE ... SELECT) */
    uint64_t priv_open;     /* privileges one of which opening a table needs (0: SELECT) */
    const char *priv_cmd;   /* the command named when that fails ("SELECT", "SHOW") */
    struct ex_stmt *stmt;   /* state of the whole statement, shared by its query blocks */
    struct ex_corr *corr;   /* the subqueries whose first run is in progress, innermost first */
    uint32_t rows_cap;      /* a subquery that needs only its first rows (EXISTS: 1, a scalar
                               one: 2): its query block may stop there (0: all; run_block
                               takes it, blocks inside see 0) */
    const char *view_db;    /* reading a view's SELECT: its database names unqualified tables */
    int view_depth;         /* views being read, one inside the other */
    bool definer_rights;    /* inside a SQL SECURITY DEFINER view: tables are not checked */
    bool cols_check;        /* check each column read (ex_privs_column): the session holds
                               column grants, or a table written lacks SELECT (privs.c) */
    bool cols_unchecked;    /* compiling an EXISTS's `*` list: no column privilege is read */
    const char *lent_db, *lent_table;  /* a write through a SQL SECURITY DEFINER view: its
                               table opens with the definer's rights (engine/view.c) */
    bool no_tablelock;      /* describing a view's columns (information_schema): LOCK TABLES
                               does not apply, as in MariaDB */
    const char *hide_db, *hide_name;   /* CREATE / ALTER VIEW checking its SELECT: the view
                               being defined does not exist yet (MariaDB: 1146, no cycle) */
    struct ex_spx *spx;     /* running a stored program's body: its frame (SELECT ... INTO a local) */
    const struct ex_trg_use *trg_use;   /* the tables the statements firing triggers write */
    const struct ex_trg_use *fn_use;    /* the tables the statements calling stored functions write */
    uint32_t trg_mode;      /* a stored program's statement: the sql_mode it was made under */
    const struct ex_call_frame *calls;   /* the routines running (routine.c), innermost first */
} ex_ctx;

/* A subquery's first run (expr.c run_subq): whether anything compiled inside it reads a
 * column of `base` (the context running it) or of a query enclosing that. One that does
 * not is uncorrelated: its rows are kept for the rest of the statement, as MariaDB
 * materialises it, instead of being made again for every outer row. */
typedef struct ex_corr {
    const struct ex_ctx *base;
    bool hit;
    struct ex_corr *up;     /* the subquery whose first run this one is inside */
} ex_corr;
/* An outer reference to a column of `target` was compiled in ctx's query block. */
void ex_corr_note(const ex_ctx *ctx, const ex_ctx *target);

/* Per statement (run_statement's frame, zeroed at its start, so an error leaves nothing
 * to reset): the generators of RAND(constant) calls (func_more.c), and what used to be
 * thread-local (a statement may move between threads). */
typedef struct ex_pending_ok {   /* an OK packet held until the statement has committed */
    bool set;
    int32_t warns;          /* its warning count when not the session's (CALL), else -1 */
    uint64_t affected, insert_id;
    char info[160];
    bool has_info;
} ex_pending_ok;
typedef struct ex_stmt {
    /* the first AUTO_INCREMENT reservation the statement made (pdb_session.ai_pend_t) */
    struct stor_table *ai_t;
    uint64_t ai_first;
    struct ex_rand *rands;
    struct ex_ftstate *fts; /* MATCH ... AGAINST: ranks per call site (fulltext.c) */
    struct ex_ngstate *ngs; /* LIKE over an n-gram key: candidate rows per pattern (ngram.c) */
    uint32_t rx_opts;       /* default_regex_flags as PCRE2 options + 1, 0: not read yet */
    ex_pending_ok ok;
    /* JIT kernels compiled for a block plan that was then not kept: this execution's
       scans still use them, so they are freed when the statement ends (exec.c) */
    struct jb_kept **jit_orphans;
    int njit_orphans, cjit_orphans;
    /* the shape-cache entry the statement's tree came from, or NULL (exec.c): select.c
       keeps its query blocks' plans there */
    struct pl_shape *shape;
    /* time slice (exec.c ex_slice_tick): deadline in ex_now_ns() time (0: none), the
       work counted since the clock was last read (slice_read), and how much work goes
       between two readings (adapted to how long it takes; 0: read at the next tick) */
    uint64_t slice_at;
    uint64_t slice_n, slice_stride, slice_read;
    /* the same check also watches for KILL (pdb_session.kill) and max_statement_time
       (stop_at: ex_now_ns() deadline, 0 none): watch turns the check on (run_statement) */
    bool watch;
    uint64_t stop_at;
    bool explaining;        /* EXPLAIN: query blocks are planned and printed, not run */
    bool keep_work;         /* an error ends a CALL: what its earlier statements did stays */
    struct ex_sf_cached *sfc;   /* stored functions this statement parsed, per call site (routine.c) */
    stor_mark sp_mark;      /* where the routine statement running now began (sp.c): an error
                               a CALL does not handle undoes that statement only */
    struct xstate *explain; /* EXPLAIN's rows being made (explain.c), or NULL */
    bool analyzing;         /* ANALYZE: blocks run for real and count (select.c) */
    uint64_t an_scan0_ns;   /* ANALYZE: when the first scan started (0: none yet) */
    bool last_scan_indexed; /* did the last query block's first source use an index */
    bool no_index_used;     /* some table was read whole (a full scan, a whole key, a join
                               buffer): SERVER_QUERY_NO_INDEX_USED in the final packet */
    /* planning (select.c): estimating with constants only; the block plan being made
       (values lookup_value_ok cannot keep mark it not to be kept); the recursive CTEs
       being run, innermost first */
    bool lookup_const_only;
    struct rcte *rcte_top;
    /* LIMIT ROWS EXAMINED n (select.c): the rows read so far against the limit; exam_hit
       once a read went past it (at the end of a scan: exam_eof), which stops the statement */
    bool exam_on, exam_hit, exam_eof;
    bool lock_nowait;       /* a locking read with NOWAIT (or WAIT 0): a held row is 1205 at once */
    uint64_t lock_wait_ms;  /* a locking read with WAIT n: its waits' timeout (0: the session's) */
    /* tables the statement opened (Table_open_cache_hits; with any, Handler_commit or
       _rollback when it ends): a query block's once however often it runs (used_sel) */
    uint32_t tables_used;
    const void *used_sel[8];
    uint8_t nused_sel;
    uint64_t exam_limit, examined;
    struct ex_spill *spills;  /* sorts spilled to temporary files (spill.c), closed by ex_spill_end */
    size_t spill_lim;         /* select.c spill_limit, worked out once per statement (0: not yet) */
    /* an error inside triggers: MariaDB's notes of where (trigger.c), shown after it */
#define EX_ERR_NOTES 8
    char err_notes[EX_ERR_NOTES][160];
    int nerr_notes;
    uint16_t err_after;       /* an Error condition listed after the error (4028: which
                                 expression default failed), 0 none */
    char err_after_msg[160];
    const struct stor_column *default_null;   /* the last column an expression default made NULL */
    bool err_listed;         /* the error is in the warnings already (LOAD DATA lists the
                                errors of a row in their order before it fails) */
} ex_stmt;

/* RAND(seed): MariaDB's sequence; a constant seed starts one generator per statement */
double ex_rand_seeded(ex_ctx *ctx, const pl_expr *e, const pdb_value *seed);
/* whether to warn about argument arg of call e now: once per statement for a constant */
bool ex_warn_due(ex_ctx *ctx, const pl_expr *e, const pl_expr *arg);
/* a number as MariaDB reads it as a datetime (YYMMDD, YYYYMMDDhhmmss, ...); false if none */
bool ex_num_datetime(const pdb_value *v, int64_t *dt, bool *isdate);
/* a TIME as a datetime: that long after today's midnight; false outside 0001..9999 */
bool ex_datetime_of_time(ex_ctx *ctx, int64_t us, int64_t *dt);
/* MOD(a, b) as the % operator types and computes it (expr.c); the value replaces *a */
void ex_mod_type(const ex_type *a, const ex_type *b, ex_type *t);
/* The collation of a result made of the string types a[0..n) (func.c): binary wins over
 * text of the same or a weaker derivation (MariaDB's DTCollation::aggregate) */
uint16_t ex_fn_coll_of(const ex_type *a, int n);
void ex_mod_value(ex_ctx *ctx, pdb_value *a, const pdb_value *b);

/* Op helpers (expr.c): the bodies of the non-trivial ops of a program. The interpreter
 * (ex_eval) calls them and the JIT calls the same ones, so the two cannot disagree. Each
 * takes the op o of program p and the value stack st with sp values on it, works on the
 * top values as the op says (o->a, o->b, o->c as the compiler set them), leaves its
 * result in their place and returns the new sp. They may raise (longjmp through ctx). */
int ex_op_neg(ex_ctx *ctx, const ex_prog *p, const ex_op *o, pdb_value *st, int sp);
int ex_op_arith(ex_ctx *ctx, const ex_prog *p, const ex_op *o, pdb_value *st, int sp);
int ex_op_cmp(ex_ctx *ctx, const ex_prog *p, const ex_op *o, pdb_value *st, int sp);
int ex_op_in(ex_ctx *ctx, const ex_prog *p, const ex_op *o, pdb_value *st, int sp);
int ex_op_between(ex_ctx *ctx, const ex_prog *p, const ex_op *o, pdb_value *st, int sp);
int ex_op_like(ex_ctx *ctx, const ex_prog *p, const ex_op *o, pdb_value *st, int sp);
int ex_op_case(ex_ctx *ctx, const ex_prog *p, const ex_op *o, pdb_value *st, int sp);

#define EX_NULLROW UINT32_MAX

/* ---- values (value.c) ---- */
double   ex_to_double(const pdb_value *v);     /* strings that are not numbers warn (1292) */
double   ex_to_double_as(const pdb_value *v, const char *type);   /* warnings naming type */
int64_t  ex_arg_int(const pdb_value *v);   /* text as an integer argument: its digits, warned */
extern __thread struct ex_ctx *ex_conv_ctx;   /* where those warnings go; NULL = nowhere */
int64_t  ex_to_int(const pdb_value *v);          /* MySQL rounding of decimals/doubles/strings */
/* A DATETIME, DATE or TIME as the integer MariaDB reads it (20240229131415, -123456): its
 * fraction cut (val_int), or rounded half away from zero (the bit operators). */
int64_t  ex_temporal_int(const pdb_value *v, bool round);
/* A TIME as the DATETIME that long after today's midnight (the session's time zone), as
 * MariaDB compares a TIME with a date; false when that is out of range. */
bool     ex_time_on_today(ex_ctx *ctx, const pdb_value *t, int64_t *dt);
/* The number of a DATETIME, DATE or TIME where arithmetic wants one: an integer, or a
 * DECIMAL of its fraction's digits (20240229131415.123, -2.6). */
pdb_value ex_temporal_num(stor_arena *a, const pdb_value *v);
bool     ex_is_true(const pdb_value *v);         /* non-NULL and non-zero */
bool     ex_is_true_cond(const pdb_value *v);    /* the same, warning 1292 for a string */
/* Warns 1292 "Truncated incorrect <type> value" (a Note for trailing spaces only) into
 * ex_conv_ctx when the string v is not entirely a number; nothing for other values. */
void     ex_conv_check(const pdb_value *v, const char *type);
/* A string as MariaDB quotes it in a warning (binary bytes as \xNN, 4-byte characters
 * as '?'); out holds cap bytes, NUL-terminated; returns the length. */
size_t   ex_warn_text(const char *s, size_t n, uint16_t coll, char *out, size_t cap);
/* Text of a value in the arena (numbers formatted as MariaDB does). */
const char *ex_to_str(stor_arena *a, const pdb_value *v, size_t *len);
/* A DOUBLE as MariaDB prints it (shortest digits; 1e15, 1e-16 past -15..14); its length */
size_t ex_fmt_double(double d, char *buf, size_t cap);
/* MySQL comparison of two non-NULL values: <0, 0, >0; coll for string compares. */
int      ex_compare(const pdb_value *a, const pdb_value *b, uint16_t coll);
bool     ex_equal(const pdb_value *a, const pdb_value *b, uint16_t coll);   /* non-NULL values */
/* Parses a string as a number the way MySQL's string-to-double does (prefix). */
double   ex_str_to_double(const char *s, size_t n, bool *trunc);
/* Datetime text: 0, 1 when a valid date (and time so far) comes before other characters
 * (MariaDB keeps it and warns "Truncated incorrect ..."), -1 when invalid. */
int      ex_parse_datetime(const char *s, size_t n, int64_t *out, bool *is_date);
bool     ex_is_aggregate_name(const char *upper_name);
int      ex_parse_time(const char *s, size_t n, int64_t *out_us);   /* 0 or -1 */
const char *ex_errconv_bin(stor_arena *a, const char *s, size_t n);   /* a bad date's text, as MariaDB quotes it */
/* Text read as MariaDB reads it where a TIME is wanted (value.c): the kind it was
 * taken for, the time (of day, for a date or datetime; a TIME held to max_hour:59:59.999999),
 * and what was lost: trunc (text cut: a Warning), note (fraction digits past six, or a
 * datetime's date: a Note), range (held to the range). invalid_dates_ok: '2020-02-30 ...'
 * is a datetime (CAST), else an error (a column). */
enum { EX_TS_ERROR, EX_TS_TIME, EX_TS_DATE, EX_TS_DATETIME };
typedef struct ex_time_scan {
    int kind;
    int64_t us;
    bool date_part, trunc, note, range;
} ex_time_scan;
void ex_scan_time(const char *s, size_t n, uint64_t max_hour, bool invalid_dates_ok, ex_time_scan *r);
/* A number as MariaDB reads it where a temporal is wanted (value.c): its sign, integer
 * part and microseconds; as a [YY]YYMMDD[hhmmss] date or datetime (EX_TS_*; note: a
 * date's fraction dropped). */
void ex_number_parts(const pdb_value *v, bool *neg, uint64_t *nr, uint32_t *us);
int  ex_number_datetime(uint64_t nr, uint32_t us, bool invalid_dates_ok, int64_t *dt, bool *note);
static inline pdb_value ex_int(int64_t i) { pdb_value v = { .t = VT_INT }; v.i = i; return v; }
static inline pdb_value ex_dbl(double d) { pdb_value v = { .t = VT_DOUBLE }; v.d = d; return v; }
static inline pdb_value ex_null(void) { pdb_value v = { .t = VT_NULL }; return v; }
/* A VT_STRING whose scale is EX_HEXNUM is a hexadecimal or bit literal's value (0x41,
 * b'1', not X'41'): read as a number it is the unsigned integer of its last 8 bytes,
 * without a warning (MariaDB's Item_hex_hybrid). Only the literal makes such values;
 * anything that builds a new string drops the mark. */
#define EX_HEXNUM 1
/* A VT_STRING whose scale is EX_JSONDOC is a JSON column's text as an argument of a JSON
 * function (JSON_ARRAY(j) nests it as JSON, not as a quoted string). */
#define EX_JSONDOC 2
/* EX_JSONVAL: JSON_EXTRACT's result. As a number it is the value it holds (a string's
 * or a number's text read as a number, true 1, anything else 0) without a warning;
 * compared (=, <, ...) with a string it is the string it holds, unquoted (MariaDB's
 * Item_func_json_extract::val_real and Arg_comparator::compare_json_str). */
#define EX_JSONVAL 3
/* EX_BITVAL: a BIT column's value, its (M + 7) / 8 bytes big-endian: a number as
 * EX_HEXNUM is (HEX() of it is the number's, not the bytes'). */
#define EX_BITVAL STOR_BIT_MARK
static inline bool ex_hexmark(uint8_t scale) { return scale == EX_HEXNUM || scale == EX_BITVAL; }
static inline bool ex_is_hexnum(const pdb_value *v) { return v->t == VT_STRING && ex_hexmark(v->scale); }
uint64_t ex_hexnum_u64(const pdb_value *v);
/* BIT(m) values (func.c): v's value in m bits (false: it needs more), and its bytes. */
bool ex_bit_value(const pdb_value *v, uint32_t m, uint64_t *u);
pdb_value ex_bit_bytes(struct ex_ctx *ctx, uint32_t m, uint64_t u);
/* A constant compared with a YEAR column, as MariaDB converts it once (convert_const_to_int:
 * stored into the column and read back when that succeeds): 1..69 is 2001..2069, 70..99
 * 1970..1999, 0 stays 0 but the string '0' is 2000, decimals and strings round, doubles
 * truncate. false (*year untouched) when the column cannot store it (negative, 100..1900,
 * above 2155, a string without digits): then it is compared as it is. */
bool ex_year_const(const pdb_value *v, int64_t *year);
/* Is e a constant MariaDB converts so for a YEAR column (literals, parameters, user
 * variables, operators and deterministic functions over them)? expr.c compiles such a
 * comparison with OP_YEARK after the constant. */
bool ex_year_constant(const struct pl_expr *e);
ex_prog *ex_prog_year_key(const ex_prog *p);   /* p, then OP_YEARK (a new program) */
/* Digits of the largest value a hexadecimal literal of n bytes can hold (3 for 0xFF) */
uint32_t ex_hexnum_digits(uint32_t n);
static inline pdb_value ex_str(const char *p, size_t n, uint16_t coll)
{
    pdb_value v = { .t = VT_STRING, .coll = coll, .len = (uint32_t)n };
    v.p = p;
    return v;
}
uint64_t ex_hash_value(const pdb_value *v, uint16_t coll);
bool     ex_values_equal(const pdb_value *a, const pdb_value *b, uint16_t coll); /* NULL == NULL */
/* Decimal: parse "123.45" into scaled int64; false if it does not fit. */
bool     ex_parse_decimal(const char *s, size_t n, int64_t *v, uint8_t *scale);
extern const int64_t ex_pow10[19];

/* ---- exact decimals beyond 18 digits (decimal.c) ----
 * A VT_DECIMAL pdb_value is either narrow (len 0: i scaled by 10^scale) or wide (len > 0:
 * p holds the text "-123.4500" with exactly `scale` digits after the point, in an arena or
 * in table storage). For either, coll != 0 says the value is shown (as text) rounded to
 * coll - 1 digits: a quotient holds more digits than its type's decimals. */
#define EX_DEC_WORDS 18              /* base-10^9 words: room for an 81 x 81 digit product */
#define EX_DEC_TEXT_MAX 200          /* text of any ex_dec, with sign, point and NUL */
#define EX_DEC_MAX_PREC 65           /* DECIMAL(M,D): M at most */
#define EX_DEC_MAX_SCALE 38          /* decimals of an expression at most */
#define EX_DEC_AS_IS 0xFFFF          /* coll of a user variable's decimal: shown as stored,
                                        though its type says 38 decimals (MariaDB) */
typedef struct ex_dec {
    uint32_t w[EX_DEC_WORDS];        /* |value| * 10^scale, least significant word first */
    uint8_t n;                       /* words in use; 0 = zero */
    uint8_t scale;                   /* digits after the point */
    bool neg;                        /* never set for zero */
} ex_dec;
enum { EX_ROUND_HALF_UP, EX_ROUND_TRUNC, EX_ROUND_FLOOR, EX_ROUND_CEIL };
static inline bool ex_dec_wide(const pdb_value *v) { return v->t == VT_DECIMAL && v->len; }
void   ex_dec_zero(ex_dec *d, int scale);
void   ex_dec_from_i64(ex_dec *d, int64_t v, int scale);
void   ex_dec_from_u64(ex_dec *d, uint64_t u, bool neg, int scale);
void   ex_dec_from_double(ex_dec *d, double v);        /* its shortest digits */
/* a DOUBLE with a fixed number of decimals as MariaDB prints it (shortest digits, then zeros) */
size_t ex_double_fixed(double d, int decimals, char *buf, size_t cap);
bool   ex_dec_is_zero(const ex_dec *d);
int    ex_dec_int_digits(const ex_dec *d);            /* digits before the point */
/* Reads [sign]digits[.digits][e[sign]digits] after leading spaces; *used = bytes read.
 * 0 exact, 1 fraction digits cut (beyond 81 digits), -1 integer part too long (the
 * result is 65 nines, as MariaDB clamps), -2 no digits at all (d is 0). */
int    ex_dec_parse(const char *s, size_t n, ex_dec *d, size_t *used);
size_t ex_dec_to_text(const ex_dec *d, char *buf);    /* buf: EX_DEC_TEXT_MAX bytes */
/* r = a op b (r may alias a or b): 0, or -1 when the result needs more than 81 digits. */
int    ex_dec_add(const ex_dec *a, const ex_dec *b, ex_dec *r);
int    ex_dec_sub(const ex_dec *a, const ex_dec *b, ex_dec *r);
int    ex_dec_mul(const ex_dec *a, const ex_dec *b, ex_dec *r);
/* a * b as MariaDB's decimal_mul computes it when the exact product needs more than its
 * 9 words: whole words of the operands' fractions dropped first. ha, hb: where each
 * came from (0 a literal, 255 a computed value, else a column's declared integer
 * digits), which decides how MariaDB lays it out. */
int    ex_dec_mul_maria(const ex_dec *a, const ex_dec *b, int ha, int hb, ex_dec *r);
/* Quotient with (a.scale + b.scale + incr) digits after the point rounded up to whole
 * 9-digit words, truncated: MariaDB's decimal_div. 1 when b is zero, -1 on overflow. */
int    ex_dec_div(const ex_dec *a, const ex_dec *b, int incr, ex_dec *r);
int    ex_dec_mod(const ex_dec *a, const ex_dec *b, ex_dec *r);   /* sign of a; 1 b == 0 */
/* To `places` digits after the point (negative: tens, hundreds...); more places than
 * the value has pads with zeros (up to 38). r may be a. */
void   ex_dec_round(const ex_dec *a, int places, int mode, ex_dec *r);
int    ex_dec_cmp(const ex_dec *a, const ex_dec *b);
double ex_dec_to_double(const ex_dec *d);
double ex_scaled_to_double(int64_t i, int scale);   /* i / 10^scale, correctly rounded (value.c) */
int    ex_dec_to_i64(const ex_dec *d, int64_t *out);  /* rounded; -1 and clamped past range */
int    ex_dec_to_u64(const ex_dec *d, uint64_t *out);
/* Any non-NULL value as a decimal (strings by their leading number, no warning). */
bool   ex_dec_get(const pdb_value *v, ex_dec *d);
/* The same, rounded to the decimals the value shows (a quotient: see coll), as MariaDB
 * compares, groups and sorts decimals. */
bool   ex_dec_get_shown(const pdb_value *v, ex_dec *d);
/* d as a value: narrow when it fits 18 digits, else its text in the arena. shown: the
 * decimals its type shows (-1: all it has). */
void   ex_dec_put(stor_arena *a, const ex_dec *d, int shown, pdb_value *out);
/* Clamps d to the largest DECIMAL(prec, scale) of its sign when its integer part is too
 * long for it; true when it did (d already has `scale` digits after the point). */
bool   ex_dec_clamp(ex_dec *d, int prec, int scale);
/* CAST/store input as a decimal: strings warn 1292 'DECIMAL' as MariaDB does (into
 * ex_conv_ctx) when they are not entirely a number. */
void   ex_dec_cast_in(struct ex_ctx *ctx, const pdb_value *in, ex_dec *d);
/* SUM/AVG beyond 18 digits: adds v to sum (allocated in a on the first call, starting
 * from the narrow sum isum at iscale); the result is the sum (count 0) or the average
 * (sum / count as MariaDB divides, shown with `shown` decimals). */
ex_dec   *ex_dec_sum_step(stor_arena *a, ex_dec *sum, __int128 isum, int iscale, const pdb_value *v);
pdb_value ex_dec_sum_result(stor_arena *a, const ex_dec *sum, int64_t count, int shown, int incr);
/* The same for a sum that stayed narrow (isum at iscale, below 10^37). */
pdb_value ex_dec_isum_result(stor_arena *a, __int128 isum, int iscale, int64_t count, int shown, int incr);
/* An integer or decimal value as a UNION column of `decimals` decimals holds it: padded
 * to them, or a quotient holding more digits rounded to them; narrow when it fits. */
void   ex_dec_pad(stor_arena *a, pdb_value *v, int decimals);
/* Text of a VT_DECIMAL value as shown (rounded to its shown decimals). */
size_t ex_dec_value_text(const pdb_value *v, char *buf);

/* ---- expressions (expr.c) ---- */
/* Compiles e in the context (names resolved against ctx->src and aliases). On a resolve
 * error raises through ctx->jb. aggs: where aggregate calls are collected (NULL = not
 * allowed here). */
typedef struct ex_scope {
    ex_ctx *ctx;
    ex_agg **aggs;          /* growable array of aggregates, or NULL */
    int *naggs;
    ex_win **wins;          /* window functions (SELECT list, ORDER BY), or NULL */
    int *nwins;
    pl_item *items;         /* select list, for alias references in HAVING/ORDER BY */
    int nitems;
    ex_type *item_types;
    int item_base;          /* OP_AGG index where select items' values are stored (ORDER BY aliases) */
    bool allow_alias;
    bool alias_first;       /* ORDER BY / HAVING: select aliases before columns */
    const char *clause;     /* for 1054: "field list", "where clause", ... */
    bool grouped;           /* the query block has GROUP BY: MIN/MAX typed as MariaDB's
                               temporary table's fields, not as their column */
    struct ex_scope *outer;
} ex_scope;

typedef struct ex_subq {
    pl_select *sel;
    int kind;               /* E_SUBQUERY, E_EXISTS, E_INSUB, 100+op for ANY, 200+op for ALL, or
                               E_ROW: pushes its one row's width columns (NULLs for none) */
    bool correlated;
    bool done;              /* uncorrelated result cached */
    int width;              /* > 1: (a, b, ..) IN (SELECT x, y, ..), or = / <> with single set */
    bool single;            /* (a, b) op (SELECT ..): at most one row, none is NULL */
    int rowop;              /* with single: the comparison (BO_EQ .. BO_NSEQ), row op subquery */
    ex_rows rows;
    ex_type *types;
    uint16_t coll;
    /* IN over many integer rows: the rows' integers sorted once per result (in_int_set) */
    uint8_t iset_state;     /* 0 not built, 1 built, 2 not all integers */
    bool iset_null;         /* a row is NULL */
    uint32_t niset;
    int64_t *iset;
    uint64_t *ibits;        /* or, when the integers are dense enough, a bitmap from ibase */
    int64_t ibase;
    uint64_t ispan;         /* the last integer - ibase */
} ex_subq;
/* x IN (sq) once sq ran and its rows' integer set is built (iset_state 1): 1, 0, or -1
 * (not found, a row is NULL), as run_subq answers for an integer x. */
int ex_insub_int(const ex_subq *sq, int64_t x);

#define EX_ITEM_BASE (1 << 20)   /* OP_AGG index of select item 0 */
ex_prog *ex_compile(ex_scope *sc, pl_expr *e, ex_type *type);
/* Programs kept with a block plan (expr.c "programs kept with a plan"; select.c keeps
 * them). ex_compile_keep compiles as ex_compile does and, when the program can be kept,
 * sets *draft (statement arena) to what keeping it takes (value: the caller does not use
 * the type, as of a lookup key, so e may be a bare literal); ex_kept_write copies that into
 * ex_kept_size(draft) bytes of the plan's memory (8-aligned). ex_kept_use makes this
 * execution's program from a kept one for e, an expression of the same shape (literal
 * slots filled, per-execution state fresh, IN lists converted up front warning as
 * compiling would); NULL when e does not fit it (another literal kind): compile then.
 * ex_kept_check (--plan-cache=3): whether compiling e afresh gives the same program
 * (ops, constants, conversions, type) as the one used. */
/* The value of e when it is a literal the shape cache blanks (number or string), as the
 * program compiled from it gives it; false for anything else. */
bool ex_literal_value(ex_ctx *ctx, const pl_expr *e, pdb_value *out);
/* A VALUES literal kept without a node (pl_stmt.lrows), as ex_literal_value reads it. */
void ex_lit_value(ex_ctx *ctx, const pl_lit *l, pdb_value *out);
void ex_lit_text(ex_ctx *ctx, const pl_expr *e, const char **s, size_t *n);   /* a quoted literal as named */
typedef struct ex_kdraft ex_kdraft;
typedef struct ex_kept ex_kept;
ex_prog *ex_compile_keep(ex_scope *sc, pl_expr *e, ex_type *type, bool value, ex_kdraft **draft);
size_t ex_kept_size(const ex_kdraft *d);
const ex_kept *ex_kept_write(const ex_kdraft *d, void *mem);
ex_prog *ex_kept_use(ex_ctx *ctx, const ex_kept *k, pl_expr *e, ex_type *type);
bool ex_kept_check(ex_scope *sc, const ex_kept *k, pl_expr *e, const ex_prog *used, const ex_type *type);
/* Bitmask of the sources (of sc's own query) an expression reads; bit 63 = something
 * that cannot be pushed down (aggregates, subqueries, outer references, RAND...). */
uint64_t ex_expr_srcmask(ex_scope *sc, pl_expr *e);
/* The source and column a column reference names in sc's own query: 1, or 0 when none
 * (an outer reference or an unknown name); raises 1052 when ambiguous. */
int ex_find_column(ex_scope *sc, const pl_expr *e, int *src, int *col);
/* Compiles sel, a subquery of ctx's query, without running it: its result columns. */
void ex_describe_subquery(ex_ctx *ctx, pl_select *sel, ex_rows *rows, ex_type **types, const char ***names);
/* Evaluates prog; the result is valid until the arena is reset. */
void ex_eval(ex_ctx *ctx, const ex_prog *p, pdb_value *out);
extern const int EX_F_YEAR, EX_F_MONTH;   /* function ids ex_eval computes in place */
/* YEAR() or MONTH() of a packed DATE/DATETIME, without unpacking the rest */
static inline int64_t ex_dt_year_month(int64_t packed, bool year)
{
    if (packed < 0) {   /* (never a stored date) */
        int64_t ym = packed / ((int64_t)1000000 * 60 * 60 * 24 * 32);
        return year ? ym / 13 : ym % 13;
    }
    /* Y*13+M = packed / (10^6*60*60*24*32) = (packed >> 18) / 10546875, and then / 13, as
       multiplies written out: where GCC predicts a block cold it emits a 64-bit div for a
       division by a constant (two of them here took 40% of ex_eval's samples in the archive
       statement's profile). The magic numbers are exact for every packed value below 2^63. */
    uint64_t y18 = (uint64_t)packed >> 18;
    uint64_t ym = (uint64_t)(((unsigned __int128)y18 * 55968787945122ull) >> 69);   /* ceil(2^69 / 10546875) */
    uint64_t q = (ym * 1321528399ull) >> 34;                                        /* ym < 2^32: ym / 13 */
    return year ? (int64_t)q : (int64_t)(ym - q * 13);
}
void ex_type_of_column(const stor_column *c, ex_type *t);
/* A column's default value (dml.c); false: the column has none */
bool ex_column_default(ex_ctx *ctx, const stor_column *c, pdb_value *out);
void ex_column_default_now(ex_ctx *ctx, pdb_value *out);   /* CURRENT_TIMESTAMP's value */
/* Raises an error through ctx. */
void __attribute__((noreturn)) ex_raise(ex_ctx *ctx, uint16_t code, const char *state, const char *fmt, ...);
/* A row write returned STOR_LOCKED: ends the statement for a lock wait (exec.c undoes it
 * and returns PDB_EXEC_WAIT instead of an error). */
#define EX_LOCK_WAIT 0xFFFF
void __attribute__((noreturn)) ex_raise_locked(ex_ctx *ctx);
/* An inline statement passed its time slice (exec.c): it ends, and runs again on a
 * worker (PDB_EXEC_MOVE). ex_slice_tick is the check in loops that can run long (a row,
 * a group, a value compared or copied): a counter, and the clock once the counter
 * reaches the stride, while a slice runs or the statement is watched (st->watch: every
 * statement run_statement runs). The stride adapts so that the clock is read about
 * every 100 us (at most every 4,096 units; every unit when one takes long). At each
 * reading the check also raises 1317 / 1927 for KILL and 1969 past max_statement_time.
 * ex_slice_work counts n units at once. Only where an error may be raised: the
 * statement's arena is discarded, nothing malloc'd or locked may be pending. */
#define EX_MOVE 0xFFFE
void ex_slice_check(ex_ctx *ctx);
static inline void ex_slice_work(ex_ctx *ctx, uint64_t n)
{
    ex_stmt *st = ctx->stmt;
    if (st && (st->watch || st->slice_at != 0) && __builtin_expect((st->slice_n += n) >= st->slice_stride, 0))
        ex_slice_check(ctx);
}
static inline void ex_slice_tick(ex_ctx *ctx) { ex_slice_work(ctx, 1); }
/* A stable sort (a merge sort: equal elements keep their order, as with the merge sort
 * behind glibc's qsort_r, so the same order) that ticks the slice per comparison: past
 * it, EX_MOVE leaves from inside the sort (its buffer is in the arena). For every sort
 * whose size grows with the input, instead of qsort. */
void ex_sort(ex_ctx *ctx, void *base, size_t n, size_t size, int (*cmp)(const void *, const void *, void *), void *arg);
void ex_warn(ex_ctx *ctx, const char *level, uint16_t code, const char *fmt, ...);
/* Raises 1436 (MariaDB's "Thread stack overrun") when the thread's stack is nearly used
 * up: called on entry by the recursive paths (expression compilation, query blocks), so a
 * deeply nested statement gets an error instead of overflowing the stack. */
static inline void ex_check_stack(ex_ctx *ctx)
{
    if (pl_stack_low()) {
        char m[200];
        pl_stack_overrun_msg(m, sizeof m);
        ex_raise(ctx, 1436, "HY000", "%s", m);
    }
}

/* ---- functions (func.c) ---- */
/* Calls d: NULL for a NULL argument when d says so, else its body. */
static inline void ex_func_call(ex_ctx *ctx, const ex_fdef *d, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    *out = ex_null();
    if (d->flags & EX_FN_NULL_IN)
        for (int i = 0; i < n; i++) if (a[i].t == VT_NULL) return;
    d->eval(ctx, d, a, n, out, e);
}
/* expr REGEXP pattern (OP_REGEXP) */
pdb_value ex_regexp(ex_ctx *ctx, const pdb_value *s, const pdb_value *pat);   /* func_regexp.c */
pdb_value ex_regexp_fn(ex_ctx *ctx, int id, pdb_value *a);   /* REGEXP_REPLACE, _SUBSTR, _INSTR */
/* v as an element of a JSON array or object value (e: the expression that made it, or
 * NULL): null, a number, true/false, a JSON result as it is, else a quoted string. */
const char *ex_json_sql_text(ex_ctx *ctx, const pdb_value *v, const pl_expr *e, size_t *n);
/* s quoted as a JSON string */
const char *ex_json_quote(ex_ctx *ctx, const char *s, size_t n, size_t *outn);
/* A JSON_EXTRACT result holding a JSON string: its characters, unquoted (out, in a);
 * false when it holds something else */
bool ex_jsonval_unquote(stor_arena *a, const pdb_value *v, pdb_value *out);
/* JSON_VALID(v) for a non-NULL value: is its text one JSON document */
bool ex_json_valid(ex_ctx *ctx, const pdb_value *v);
bool ex_json_check(ex_ctx *ctx, const pdb_value *v);   /* json_valid with its Note */

/* Narrow character sets (charset.c). Text inside is UTF-8 whatever the charset; a
 * latin1, ascii or utf8mb3 value holds only characters its charset has. */
/* Whether UTF-8 text s holds only characters coll's charset has (a single-byte one's, or
 * utf8mb3's BMP); charsets that hold all of Unicode: true. */
bool ex_charset_holds(uint16_t coll, const char *s, size_t n);
bool ex_charset_narrow(uint16_t coll);
/* A name (column, table, database) of a result's metadata in character_set_results, when
 * that is a single-byte charset (name itself when nothing changes). */
const char *ex_name_for_client(pdb_session *s, stor_arena *a, const char *name);   /* a charset that lacks some characters (not utf8mb4, binary) */
/* s as text of coll's charset: characters it cannot hold become '?'. Returns how many
 * (0: *out is s), *first_bad the byte offset of the first. Only the first max_chars
 * characters are asked (those after them are cut by the column, as MariaDB's copy). */
size_t ex_charset_fit(stor_arena *a, uint16_t coll, const char *s, size_t n, size_t max_chars, const char **out,
                      size_t *outn, size_t *first_bad);
/* s as well-formed UTF-8 (utf8mb3 without mb4) in its first max_chars characters (a bad
 * byte counts one): a byte that starts no character becomes '?'. Returns how many (0:
 * *out is s), *first_bad the offset of the first. */
size_t ex_utf8_fit(stor_arena *a, bool mb4, const char *s, size_t n, size_t max_chars, const char **out, size_t *outn,
                   size_t *first_bad);
/* MariaDB's quoting of bad bytes in 1366: '\xE6\x97...' (6 bytes from from, then ...) */
void ex_charset_bad_text(const char *s, size_t n, size_t from, char *buf, size_t cap);
bool ex_like(const char *s, size_t sn, const char *p, size_t pn, int esc, uint16_t coll);
/* MATCH (cols) AGAINST (q [mode]) (fulltext.c): the FULLTEXT key a call resolved to (expr.c
 * comp_match passes it to the call as a constant) */
typedef struct ex_ftspec {
    stor_table *t;
    int src;                /* the table's source in the query block */
    uint32_t ncols;
    uint32_t *cols;         /* the key's columns */
    uint16_t coll;          /* the first column's collation: words compare in it */
    int mode;               /* 0 natural language, 1 boolean, 2 with query expansion */
    uint32_t ix;            /* the key's position in t->idx */
} ex_ftspec;
/* The FULLTEXT key of t over exactly cols (any order), or error 1191. */
const ex_ftspec *ex_ft_resolve(ex_ctx *ctx, stor_table *t, int src, const uint32_t *cols, uint32_t ncols, int mode);
/* The rows call e ranked this statement (after its first evaluation), in the order InnoDB's
 * FULLTEXT key reads them: best rank first, equal ranks by row id; their number. */
uint32_t ex_ft_rows(ex_ctx *ctx, const pl_expr *e, uint32_t **rows);
/* The MATCH call of a WHERE term MariaDB answers through the FULLTEXT key (the call itself,
 * or compared with a number so that rows of rank 0 fail: MATCH > c with c >= 0, MATCH >= c
 * with c > 0, or written the other way round), else NULL. */
pl_expr *ex_ft_term(pl_expr *e);
/* Key x of t built by the warm thread (a statement found it too far behind); false when
 * no warm thread runs (then the statement builds it). */
bool ex_derived_request(const stor_table *t, uint32_t x);
/* Every FULLTEXT key's postings built after a start (pdb_engine_warm_data), then the keys
 * requested, until stopped; stop: soon. */
void ex_ft_warm(void);
void ex_ft_warm_stop(void);
/* The FULLTEXT key of t over the columns MATCH call m names (any order), or NULL. */
const stor_index *ex_ft_key(const stor_table *t, const pl_expr *m);
/* Fills LIKE's cache of case folds for the common non-ASCII code points (pdb_engine_warm). */
void ex_like_warm(void);
/* The printable ASCII character (upper-cased) that code point cp equals under the _ci
 * collation coll as LIKE compares characters, or 1 when none does; folds: ex_like_folds
 * (coll)'s cache, or NULL. */
void *ex_like_folds(uint16_t coll);
uint8_t ex_like_fold(int32_t cp, uint16_t coll, void *folds);
/* The n-gram index (ngram.c): the position of t's n-gram key over column col (a key over
 * that column alone whose comment is 'ngram'; its collation one the index folds), or -1. */
int ex_ng_key(const stor_table *t, uint32_t col);
/* Is t's key x an n-gram key? */
bool ex_ng_is_key(const stor_table *t, uint32_t x);
/* Can the current row of source src match LIKE pattern p (escape esc, collation coll)
 * over its column col? False only when the row lacks a trigram of the pattern. */
bool ex_ng_may_match(ex_ctx *ctx, int src, uint32_t col, const char *p, size_t pn, int esc, uint16_t coll);
/* A WHERE conjunct that is a LIKE over an n-gram key or an OR of such: its gate (in a),
 * else NULL; gate_open false: no row of the conjunct's can make it true. */
typedef struct ex_nggate ex_nggate;
ex_nggate *ex_ng_gate(stor_arena *a, const ex_prog *p);
bool ex_ng_gate_open(ex_ctx *ctx, const ex_prog *p, ex_nggate *g);
/* Bytes the n-gram indexes hold (Ngram_bytes), candidate sets worked out (Ngram_lookups). */
void ex_ng_stats(uint64_t *bytes, uint64_t *lookups);
/* Adds a batch of rows to t's n-gram key x (the shared store lock held); true when done. */
bool ex_ng_warm_step(stor_table *t, uint32_t x);
/* CAST(in AS ...): text is the call as written (warnings name it), rowno the row they
 * name; EX_ROW_AT_WARN outside a table's rows: 1 while the statement has no warning yet,
 * 0 after, counted when the warning is given (after those of reading the value). */
#define EX_ROW_AT_WARN UINT32_MAX
void ex_cast(ex_ctx *ctx, const pdb_value *in, const pl_cast *c, pdb_value *out, const pdb_value *text, uint32_t rowno);
/* Converts v to what column c stores (with MariaDB's truncation rules and warnings). */
int  ex_store_convert(ex_ctx *ctx, const stor_column *c, const pdb_value *v, pdb_value *out, uint32_t rowno);

/* ---- spilling to disk (spill.c) ----
 * ORDER BY rows beyond an in-memory limit: rows pushed go to a run buffer of at most
 * `max` bytes (values and their string bytes); a full one is sorted by cmp (ties: the
 * order of pushing) and written as a run to an unlinked file in $TMPDIR; the merge then
 * hands out all rows in that order (keep > 0: a LIMIT wants only the first keep rows,
 * and runs and merges keep no more). Errors (the file cannot be made, written or read)
 * end the statement through ex_raise (1004, 1026, 1024). All memory is the arena's. */
typedef struct ex_spill ex_spill;
typedef int (*ex_spill_cmp)(const pdb_value *a, const pdb_value *b, void *arg);
ex_spill *ex_spill_new(ex_ctx *ctx, uint32_t ncols, size_t max, uint64_t keep, ex_spill_cmp cmp, void *arg);
/* Copies row (ncols values and their bytes) in; may write a run. */
void ex_spill_push(ex_ctx *ctx, ex_spill *sp, const pdb_value *row);
bool ex_spill_spilled(const ex_spill *sp);     /* a run was written */
uint64_t ex_spill_rows(const ex_spill *sp);    /* rows pushed */
/* Nothing spilled: the rows as pushed (unsorted), still held by the run buffer. */
void ex_spill_take(ex_ctx *ctx, ex_spill *sp, ex_rows *out);
/* Spilled: every row in order to each() (its values valid during the call) until it
 * returns false. */
void ex_spill_merge(ex_ctx *ctx, ex_spill *sp, bool (*each)(ex_ctx *, const pdb_value *, void *), void *arg);
/* A second arena for memory that lives shorter than the statement's (select.c: one
 * spilled group's aggregate values at a time, reset per group), guarded as the statement
 * arena; freed by ex_spill_scratch_done or, after an error, by ex_spill_end. Only for a
 * spill that has written a run (its file is open: the statement knows it). */
stor_arena *ex_spill_scratch(ex_ctx *ctx, ex_spill *sp);
void ex_spill_scratch_done(ex_spill *sp);
/* Closes the statement's temporary files and frees their scratch arenas (exec.c, when a
 * statement ends; also after an error, when ctx->a may still be a scratch arena: it is
 * set back to the session's). */
void ex_spill_end(ex_ctx *ctx);
void ex_spill_end_to(ex_ctx *ctx, struct ex_spill *keep);   /* those opened since keep was the newest */
uint64_t ex_spill_merge_passes(void);   /* merges made since start (Sort_merge_passes) */
/* GROUP BYs whose groups went on on disk since start (Created_tmp_disk_tables): select.c
 * counts one when it starts spilling a GROUP BY's rows. */
uint64_t ex_spill_disk_tables(void);
void ex_spill_note_disk_table(void);

/* ---- system variables (sysvar.c) ---- */
int  ex_sysvar_get(pdb_session *s, const char *name, bool global, pdb_value *out, stor_arena *a, ex_type *t);
const char *ex_sysvar_global_only(const char *name);   /* its name when it has no session value */
/* The compiled-in default (SET GLOBAL x = DEFAULT); -1 for an unknown name or none. */
int  ex_sysvar_compiled(const char *name, pdb_value *out, stor_arena *a, ex_type *t);
/* The statement memory guard: while on, the session arena growing past
 * max_session_mem_used fails the statement with 1290, past the process's ceiling
 * (stor_mem_ceiling) or when the allocator refuses with 1037, instead of ending the
 * process (exec.c arms it around each statement). */
void ex_mem_guard(ex_ctx *ctx, bool on);
uint64_t ex_sysvar_mem_default(void);   /* the global max_session_mem_used (a new session's) */
void ex_sysvar_session_start(pdb_session *s);   /* a new session takes the global values */
/* The session's tx_isolation is READ-COMMITTED or READ-UNCOMMITTED (asked at
 * every statement: what it reads). */
bool ex_sysvar_read_committed(pdb_session *s);
bool ex_sysvar_serializable(pdb_session *s);
int  ex_sysvar_set(pdb_session *s, const char *name, bool global, const pdb_value *v, ex_err *err, stor_arena *a);
/* max_statement_time of the session in ns (0: none); asked at every statement. */
uint64_t ex_sysvar_stmt_time_ns(pdb_session *s);
/* SET STATEMENT (exec.c): whether the session set its own value of name, and forgetting
 * it again (back to the global value). */
bool ex_sysvar_overridden(pdb_session *s, const char *name);
void ex_sysvar_forget(pdb_session *s, const char *name);
void ex_sysvar_use_db(pdb_session *s);   /* a USE: the database charset variables follow it again */
/* Session state changes for the next OK packet (sysvar.c; pdb_session_track_take). */
void ex_track_var(pdb_session *s, const char *name, const char *value);
void ex_track_schema(pdb_session *s, const char *db);
void ex_sysvar_list(pdb_session *s, bool global, void (*fn)(void *ctx, const char *name, const char *val), void *ctx, stor_arena *a);
const char *ex_sql_mode_str(uint32_t mode, stor_arena *a);
/* sql_mode's text as bits; lenient: names pressdb does not know are skipped, else -1 */
int ex_sql_mode_parse(const char *s, bool lenient, uint32_t *out);

/* ---- user variables ---- */
typedef struct pdb_uservar {
    struct pdb_uservar *next;
    char *name;             /* lower-cased */
    pdb_value v;
    char *buf;              /* owned bytes of a string value */
} pdb_uservar;
void ex_uservar_get(pdb_session *s, const char *name, pdb_value *out);
size_t ex_replica_hosts(pdb_replica_host *out, size_t max);   /* SHOW SLAVE HOSTS (exec.c) */
/* DDL to the log (stor_log_ddl) with the session's sql_mode and charsets (ddl.c). */
int  ex_log_ddl(ex_ctx *ctx, const char *db, const char *sql, size_t len);
void ex_log_binlog_statement(ex_ctx *ctx, pl_stmt *st);   /* accounts: the binary log only */
/* The same for a statement text of the engine's making. */
void ex_log_binlog_text(ex_ctx *ctx, const char *sql, size_t len);
void ex_uservar_set(pdb_session *s, const char *name, const pdb_value *v);

/* ---- statements ---- */
typedef struct ex_result {
    const pdb_sink *sink;
    pdb_session *s;         /* for character_set_results (NULL: no conversion) */
    uint16_t status;        /* PDB_ST_* for the final packet (MORE_RESULTS etc.) */
    bool stopped;
    uint64_t rows;          /* rows sent (the slow query log's Rows_sent) */
    bool columns;           /* a result set was begun (with no row: Empty_queries) */
} ex_result;

void ex_select(ex_ctx *ctx, pl_stmt *st, ex_result *r);
extern uint64_t ex_checkpoint_at;   /* log bytes that trigger a checkpoint */
/* Runs a SELECT into rows (subqueries, derived tables, INSERT ... SELECT). */
void ex_select_rows(ex_ctx *ctx, pl_select *sel, ex_rows *out, ex_type **types, const char ***names,
                    uint64_t *found);
/* After an error ended a statement: forgets the recursive WITH rounds in progress (their
 * state lived in the stack frames the error unwound). Cannot fail. */
/* An ENUM column's value (t->enumc) in numeric context: appends to p the op that makes the
 * top of the stack its member's index, and types t as that integer. */
ex_prog *ex_prog_enum_index(const ex_prog *p, ex_type *t);   /* p valued as its ENUM member index */
void ex_insert(ex_ctx *ctx, pl_stmt *st, ex_result *r);
void ex_update(ex_ctx *ctx, pl_stmt *st, ex_result *r);
/* Forgets the OK packet a statement asked for (ANALYZE UPDATE sends its rows instead). */
void ex_drop_ok(ex_ctx *ctx);
void ex_delete(ex_ctx *ctx, pl_stmt *st, ex_result *r);
void ex_ddl(ex_ctx *ctx, pl_stmt *st, ex_result *r);
void ex_show(ex_ctx *ctx, pl_stmt *st, ex_result *r);
void ex_accounts(ex_ctx *ctx, pl_stmt *st, ex_result *r);
void ex_roles(ex_ctx *ctx, pl_stmt *st, ex_result *r);   /* CREATE/DROP/GRANT/REVOKE/SET (DEFAULT) ROLE */
void ex_roles_log_default(ex_ctx *ctx, pl_stmt *st);        /* SET DEFAULT ROLE's binary log text */
/* The roles role enables: itself and, transitively, those granted to it (names point
 * into rg; at most cap of them). */
int ex_roles_enabled(const char *role, const stor_role_grant *rg, size_t n, const char **out, int cap);
/* Is role granted to user@host itself (SET ROLE, SET DEFAULT ROLE)? With admin: WITH ADMIN OPTION. */
bool ex_role_granted(const stor_role_grant *rg, size_t n, const char *user, const char *host,
                     const char *role, bool admin);
/* At login: enables the account's default role when it is still granted (as MariaDB,
 * a default role that is not is ignored). */
void ex_roles_login(pdb_session *s);
void ex_show_grants(ex_ctx *ctx, pl_stmt *st, ex_result *r);
void ex_show_create_user(ex_ctx *ctx, pl_stmt *st, ex_result *r);
char *ex_table_ddl(const stor_table *t);

/* Result helpers */
void ex_send_columns(ex_ctx *ctx, ex_result *r, const ex_type *types, const char *const *names,
                     const char *const *tables, const char *const *org_tables,
                     const char *const *org_names, const char *db, int n);
void ex_send_row(ex_result *r, const pdb_value *vals, int n);
void ex_send_end(ex_ctx *ctx, ex_result *r);
void ex_send_ok(ex_ctx *ctx, ex_result *r, uint64_t affected, uint64_t insert_id, const char *info);
/* A result set of string columns (SHOW output). */
typedef struct ex_textset {
    int ncols;
    const char **names;
    ex_type *types;
    ex_rows rows;
    const char **tables, **org_tables, **org_names;   /* NULL: none */
    const char *db;
} ex_textset;
/* Exact column metadata of a SHOW result as MariaDB sends it. */
typedef struct ex_colspec {
    const char *name;
    uint8_t ptype;
    uint32_t length;        /* bytes */
    uint16_t flags;
    const char *org_name;   /* information_schema column, or NULL for a plain result */
} ex_colspec;
void ex_textset_spec(ex_ctx *ctx, ex_textset *ts, int ncols, const ex_colspec *spec, const char *is_table);
void ex_textset_init(ex_ctx *ctx, ex_textset *ts, int ncols, const char *const *names);
void ex_textset_add(ex_ctx *ctx, ex_textset *ts, const char *const *vals);  /* NULL entries = SQL NULL */
void ex_textset_send(ex_ctx *ctx, ex_textset *ts, ex_result *r);
void ex_rows_reserve(stor_arena *a, ex_rows *r, uint32_t nrows);
/* Status counters (status.c): a statement counted before it runs (delta 1) and undone
 * when it will run again (-1); statements in progress; FLUSH STATUS; SHOW STATUS's rows
 * with the sorted pairs other modules add. */
void ex_status_statement(pdb_session *s, const pl_stmt *st, bool question, int delta);
/* The slow query log (sysvar.c): long_query_time of the session in ns, slow_query_log,
 * slow_query_log_file. */
uint64_t ex_sysvar_long_query_ns(pdb_session *s);
/* After a statement that began at t0_ns (ex_now_ns): Slow_queries and the slow log. */
void ex_status_slow(pdb_session *s, uint64_t t0_ns, const char *sql, size_t len, uint64_t rows_sent);
bool ex_sysvar_slow_log_on(void);
void ex_sysvar_slow_log_file(char *buf, size_t cap);
void ex_status_running(int delta);
void ex_status_flush(pdb_session *s);
void ex_status_row_wait(pdb_session *s, int what);   /* 1 begins, 0 ends, 2 deadlock */
/* A statement that will run again from the start (a lock wait, a move to a worker) takes
 * back what its partial run added to the session's counters (and the server's), as
 * saved in before (PDB_NSTAT of them): MariaDB runs it once, and counts its reads once. */
void ex_status_undo(pdb_session *s, const uint64_t *before);
void ex_status_stmt_end(pdb_session *s, const ex_stmt *st, bool failed);
void ex_status_txn_end(pdb_session *s, bool commit);
void ex_status_shown(pdb_session *s, uint32_t rows);
/* What t's rows would take in InnoDB's pages (infoschema.c): DATA_LENGTH, INDEX_LENGTH,
 * AVG_ROW_LENGTH of SHOW TABLE STATUS and information_schema.TABLES. */
void ex_table_sizes(const stor_table *t, uint64_t *data, uint64_t *index, uint64_t *avg);
struct tm;
bool ex_table_update_tm(const stor_table *t, struct tm *tm);   /* its Update_time, if any */
const char *ex_status_innodb(ex_ctx *ctx);   /* SHOW ENGINE INNODB STATUS's report (the arena's) */
void ex_status_list(ex_ctx *ctx, bool global, const char *const (*extra)[2], int nextra,
                    void (*cb)(void *, const char *, const char *), void *arg);
/* All of SHOW STATUS's rows (show.c): status.c's with the other modules' figures. */
void ex_status_rows(ex_ctx *ctx, bool global, void (*cb)(void *, const char *, const char *), void *arg);
/* CHECKSUM TABLE (checksum.c) */
void ex_checksum_table(ex_ctx *ctx, pl_stmt *st, ex_result *r);
void ex_rows_push(stor_arena *a, ex_rows *r, const pdb_value *vals);

/* EXPLAIN (explain.c). While one runs, each query block that is prepared reports how
 * run_block would read its sources (select.c: explain_note). */
typedef struct ex_plan_src {
    const stor_index *ix;   /* index lookup, or NULL */
    uint32_t nk;            /* its key columns used */
    const int *nkv;         /* values per key column (an IN list gives several) */
    int hcol;               /* hash join on this column, or -1 */
    pl_expr **conds;        /* the conjuncts that may pin it (its ON, and WHERE for inner joins) */
    int nconds;
    uint32_t rows;          /* rows a lookup on constants yields, or all rows */
    const stor_index *rix;  /* range scan of this index (no lookup), or NULL */
    uint32_t rreq;          /* its first key columns pinned to constants */
    bool rbound;            /* the next key column has bounds */
    uint8_t bnl;            /* read through MariaDB's join buffer: 1 flat, 2 incremental */
    /* ANALYZE: what the run did (all runs of the block added up) */
    uint64_t r_loops;       /* times the source was read (once per row of the sources before) */
    uint64_t r_read;        /* rows read from it */
    uint64_t r_pass;        /* of those, rows its conditions let through */
    uint64_t r_ns;          /* ns spent at this level (deeper levels not counted) */
    uint64_t r_cond_ns;     /* of those, ns in its ON/WHERE conditions */
} ex_plan_src;
/* Tables, columns or indexes may have changed (DDL, a session's temporary tables
 * going): the kept block plans are stale. */
void ex_catalog_changed(void);
/* --plan-cache=3: every kept block plan used is checked against a fresh one (a test mode:
 * a difference aborts the server, so the fuzzer and the suite see it). */
extern bool ex_plan_verify;
void ex_block_plan_stats(uint64_t *hits, uint64_t *made, uint64_t *stale, uint64_t *replanned);
/* Expression programs installed with kept block plans, and uses of them instead of compiling. */
void ex_block_prog_stats(uint64_t *kept, uint64_t *used);
/* The session's time_zone (func_datetime.c): SYSTEM or a fixed offset. ex_tz_parse checks
 * and normalises a value for SET (-1: 1298); ex_tz_local gives an instant as the session's
 * local time (NOW(), FROM_UNIXTIME, CURRENT_TIMESTAMP defaults), ex_tz_mktime the reverse
 * (UNIX_TIMESTAMP). */
long   ex_tz_parse(const char *text, char *norm, size_t cap);
void   ex_tz_local(const pdb_session *s, time_t secs, struct tm *tm);
time_t ex_tz_mktime(const pdb_session *s, struct tm *tm);
void   ex_tz_free(pdb_session *s);   /* the session's zone calendar (at its end) */
/* TIMESTAMP columns keep the server zone's (SYSTEM's) time of the instant: a session of
 * another zone reads them converted (ex_ts_to_session: OP_COL) and writes them converted
 * back (ex_ts_from_session: ex_store_convert). Identity (no conversion, and the JIT, which
 * compares stored values with constants, allowed) for SYSTEM and the same fixed offset. */
bool    ex_ts_identity(const pdb_session *s);
int64_t ex_ts_to_session(const pdb_session *s, int64_t packed);
int64_t ex_ts_from_session(const pdb_session *s, int64_t packed);
/* A value the session gave for column c, as the column keeps it (after ex_store_convert,
 * where a row is written or a key looked up); a value read from column c, as the session
 * sees it. Nothing for other columns or an identity session. */
void ex_store_ts(ex_ctx *ctx, const stor_column *c, pdb_value *v);
void ex_read_ts(const pdb_session *s, const stor_column *c, pdb_value *v);
uint64_t ex_now_ns(void);               /* CLOCK_MONOTONIC in ns */
uint32_t ex_prepared_count(void);       /* Prepared_stmt_count (the server's, pdb_set_prepared_count) */
static inline uint64_t ex_mono_s(void) { return ex_now_ns() / 1000000000u + 1; }   /* seconds, never 0 */
/* EXPLAIN's rows for a block planned (and, for ANALYZE, run): its plan (sources in join
 * order, access paths, conjuncts and their levels), with per source what EXPLAIN shows
 * of it (src, plan->nsrc of them). */
void ex_explain_block(ex_ctx *ctx, ex_scope *sc, pl_select *sel, const pl_plan *plan, const ex_plan_src *src,
                      bool impossible);
void ex_explain(ex_ctx *ctx, pl_stmt *st, ex_result *r);
/* The secondary key a full scan of source i of sel reads in its order (it holds every
 * column the block reads of the table), or NULL: the table itself (explain.c). */
const stor_index *ex_scan_key(ex_ctx *ctx, pl_select *sel, int i);
const stor_index *ex_order_scan_key(ex_ctx *ctx, pl_select *sel, int i, int *dir);   /* ORDER BY without a sort */
/* Does reading key x of source i, its first neq columns fixed, give sel's ORDER BY
 * order (MariaDB then sorts nothing)? 1 forward, -1 backward, 0 no. */
int ex_order_key(ex_ctx *ctx, pl_select *sel, int i, const stor_index *x, uint32_t neq);
/* Does MariaDB group sel by sorting its first table's rows (filesort, "Using filesort"
 * without a temporary table) before it groups them, so that a group's first row (its
 * key among equal ones, the columns outside aggregates) and GROUP_CONCAT's order are
 * filesort's? When an aggregate cannot be kept in a temporary table's row (agg_unquick)
 * and every GROUP BY expression reads the first table alone. Not modelled, left to the
 * temporary table: an ORDER BY but of the GROUP BY columns, ROLLUP, DISTINCT, window functions, a GROUP BY column
 * that starts a key of the table (MariaDB may read that key instead), a position or alias. */
bool ex_group_by_sort(ex_ctx *ctx, ex_scope *sc, pl_select *sel);
/* Does ix hold every column of source i that sel reads (with the primary key)? */
bool ex_covering(ex_ctx *ctx, pl_select *sel, int i, const stor_index *ix);

/* MariaDB's filesort (filesort.c): the order it leaves rows that tie under ORDER BY.
 * The caller gives the sort's parameters as MariaDB would compute them (explain.c
 * ex_fsort_setup) and a comparison of two row numbers (the ORDER BY keys, then in rowid
 * mode the row reference: ex_fsort_refcmp). */
typedef struct ex_fsort {
    uint64_t limit;         /* offset + row count; UINT64_MAX: no LIMIT */
    uint64_t est_rows;      /* the handler's upper bound of the table's rows */
    uint64_t sort_buffer;   /* sort_buffer_size */
    uint32_t sort_length;   /* bytes of a sort key (with the reference in rowid mode) */
    uint32_t rec_length;    /* bytes of a record in the sort buffer */
    bool rowid;             /* the key ends with the row reference: no two rows tie */
    bool packed;            /* addon fields packed when no priority queue is used
                               (variable-length records: chunks fill by bytes) */
    bool unmodeled;         /* packed sort keys, or a table past 63 columns: a sort past one
                               buffer is not replayed (its ties stay in read order) */
    uint32_t pack_rec;      /* rec_length of a packed record (its most bytes) */
    uint32_t nullbytes;     /* of a packed record */
    const stor_table *t;    /* the table sorted, the columns read (a packed row's length) */
    uint64_t cols;
    const uint32_t *srcrow; /* the caller's: row number -> t's row id (NULL: the same) */
} ex_fsort;
/* A packed sort record's bytes for row id r (sort_ties.md, packed addon fields). */
uint32_t ex_fsort_rowlen(const ex_fsort *f, uint32_t r);
typedef int (*ex_fs_cmp)(uint32_t a, uint32_t b, void *arg);
/* Does the sort keep its first limit + 1 rows in a priority queue? */
bool ex_fsort_pq(const ex_fsort *f);
/* Orders rows[0..n) (given in the order MariaDB reads them) as filesort hands them out:
 * the count of rows[] then valid (with the queue, at most limit + 1; the first limit are
 * the sort's result). */
uint32_t ex_fsort_run(ex_ctx *ctx, const ex_fsort *f, uint32_t *rows, uint32_t n, ex_fs_cmp cmp, void *arg);
/* Rows a and b of t by InnoDB's row reference: the primary key's bytes in key image
 * format (integers least significant byte first), else the hidden row id. */
int ex_fsort_refcmp(const stor_table *t, uint32_t a, uint32_t b);
/* The bytes of one ORDER BY key in MariaDB's fixed-size sort keys (filesort.cc sortlength). */
uint32_t ex_fsort_key_len(const ex_type *t);
/* The sort's parameters for ORDER BY over source i of sel (a base table), its keys typed
 * otypes, with a LIMIT of limit rows (offset included; UINT64_MAX: none). */
void ex_fsort_setup(ex_ctx *ctx, pl_select *sel, int i, const ex_type *otypes, int norder, uint64_t limit, ex_fsort *f);

/* Temporary tables (temp.c): the session's own, shadowing base tables. */
stor_table *ex_tmp_find(pdb_session *s, const char *db, const char *name);

/* Views (view.c). */
typedef struct ex_view_src {
    pl_select *sel;          /* its SELECT, parsed in the statement arena */
    char **cols;             /* its column list, or NULL */
    int ncols;
    const char *db;          /* its database */
    bool definer;            /* SQL SECURITY DEFINER */
    int algorithm;           /* 0 UNDEFINED, 1 MERGE, 2 TEMPTABLE */
} ex_view_src;
typedef struct ex_view_info {
    uint8_t algorithm;       /* 0 UNDEFINED, 1 MERGE, 2 TEMPTABLE */
    bool invoker;            /* SQL SECURITY INVOKER */
    char definer[700];       /* `user`@`host` */
    uint16_t client, connection;   /* character_set_client, collation_connection (ids) */
} ex_view_info;
void ex_view_ddl(ex_ctx *ctx, pl_stmt *st, ex_result *r);
void ex_view_prepare_check(ex_ctx *ctx, pl_stmt *st);
bool ex_view_rename(ex_ctx *ctx, const char *db, const char *name, const char *ndb, const char *nname);
const stor_viewdef *ex_view_find(ex_ctx *ctx, const char *db, const char *name);
pl_stmt *ex_view_parse(ex_ctx *ctx, const stor_viewdef *v);
void ex_view_open(ex_ctx *ctx, const char *db, const stor_viewdef *v, ex_view_src *out);
stor_table *ex_view_table(ex_ctx *ctx, const char *db, const stor_viewdef *v);
stor_table *ex_view_table_try(ex_ctx *ctx, const char *db, const stor_viewdef *v);   /* NULL: no longer resolves */
bool ex_view_error_caught(const ex_err *err);   /* an error of a view that no longer resolves */
bool ex_view_updatable(const pl_select *sel, int algorithm);
pl_select *ex_view_merge(ex_ctx *ctx, pl_select *sel);   /* a block with the views MariaDB merges merged in */
pl_stmt *ex_view_dml(ex_ctx *ctx, pl_stmt *st);   /* a write of a view: its copy writing the view's table */
void ex_view_tables(ex_ctx *ctx, const char *db, const stor_viewdef *v,
                    void (*fn)(void *arg, const char *db, const char *name, const char *alias), void *arg);
void ex_view_meta(const stor_viewdef *v, ex_view_info *out);
uint64_t ex_view_text_mode(const char *sql, size_t len);   /* parse-affecting sql_mode of a view's text */

/* ---- triggers (trigger.c) ---- */
typedef struct ex_trg_info {   /* what a trigger's kept text says besides its statement */
    uint32_t sql_mode;
    uint16_t client, connection, dbcoll;
    uint64_t created_cs;     /* creation time, centiseconds since the epoch */
    uint32_t order;          /* the log's: its place among its table's triggers of its event */
    const char *create;      /* the CREATE DEFINER=... TRIGGER statement */
} ex_trg_info;
typedef struct ex_trg_set ex_trg_set;   /* one table's triggers, loaded for a statement */
typedef struct ex_trg_use {    /* a table a statement running triggers / functions writes */
    const stor_table *t;
    const pl_stmt *st;        /* the statement (what it reads counts too), or NULL */
    const struct ex_trg_use *up;
} ex_trg_use;
bool      ex_trg_meta(const char *sql, ex_trg_info *out);
uint32_t  ex_trg_text_mode(const char *sql, size_t len);   /* the sql_mode of a trigger's text, else 0 */
pl_stmt  *ex_trg_parse(ex_ctx *ctx, const stor_trigdef *g, ex_trg_info *info);
void      ex_trg_ddl(ex_ctx *ctx, pl_stmt *st, ex_result *r);
void      ex_trg_table_dropped(const char *db, const char *table);
void      ex_trg_table_renamed(ex_ctx *ctx, const char *db, const char *table, const char *ndb, const char *ntable);
ex_trg_set *ex_trg_load(ex_ctx *ctx, stor_table *t, const pl_stmt *by);   /* NULL: the table has none */
/* dml.c: does st read t other than as its target (a trigger may not write it) */
bool      ex_stmt_reads(ex_ctx *ctx, const pl_stmt *st, const stor_table *t);
bool      ex_trg_has(const ex_trg_set *ts, int timing, int event);   /* timing 0 BEFORE 1 AFTER; event 0 INSERT 1 UPDATE 2 DELETE */
/* Fires the triggers of ts for one row: newv (BEFORE: changed in place) and oldv, NULL
 * where the event has no such row. */
void      ex_trg_fire(ex_ctx *ctx, ex_trg_set *ts, int timing, int event, pdb_value *newv, const pdb_value *oldv);
void      ex_trg_check_write(ex_ctx *ctx, const stor_table *t);   /* 1442 inside a trigger of t */
typedef struct ex_trg_row {    /* SHOW TRIGGERS, SHOW CREATE TRIGGER, information_schema.TRIGGERS */
    const char *db, *name, *table, *event, *timing, *statement, *definer, *sql_mode;
    const char *client, *connection, *dbcoll;   /* character set, collation names */
    const char *create;       /* SQL Original Statement */
    char created[48];         /* YYYY-MM-DD hh:mm:ss.cc */
    uint32_t order;
    int event_no, timing_no;
} ex_trg_row;
int       ex_trg_list(ex_ctx *ctx, const char *db, ex_trg_row **out);
/* exec.c: runs statement st of a stored program inside the statement running in ctx, its
 * frame as parameters; a result set goes to out (NULL: nowhere, MariaDB's 1415 rules were
 * checked at CREATE) */
void      ex_run_nested(ex_ctx *ctx, pl_stmt *st, const pdb_value *params, int nparams, ex_result *out);

/* ---- stored procedures and functions (routine.c) ---- */
typedef struct ex_rtn_info {   /* what a routine's kept text says besides its statement */
    uint32_t sql_mode;
    uint16_t client, connection, dbcoll;
    uint64_t created_cs, modified_cs;
    const char *create;      /* the CREATE DEFINER=... PROCEDURE statement (SHOW CREATE's text) */
} ex_rtn_info;
typedef struct ex_rtn_row {    /* SHOW CREATE / STATUS, information_schema.ROUTINES */
    const char *db, *name, *create, *sql_mode, *definer, *client, *connection, *dbcoll;
    const char *returns;     /* a function's type as SHOW CREATE prints it */
    bool function;
    bool hidden;             /* the session may see the row, not the text (NULL there) */
    const pl_routine *r;
    char created[48], modified[48];
} ex_rtn_row;
/* SEQUENCE objects (sequence.c) */
void ex_seq_coldefs(ex_ctx *ctx, pl_stmt *st);                      /* CREATE SEQUENCE's columns */
void ex_seq_check_create(ex_ctx *ctx, pl_stmt *st, const char *db); /* 4085 before the table is made */
/* its row, from o or (NULL: CREATE TABLE ... LIKE a sequence) the defaults; not logged: the text is */
void ex_seq_created(ex_ctx *ctx, stor_table *t, const pl_seqopt *o);
void ex_seq_forget(stor_table *t);                                   /* read the row again next time */
void ex_seq_alter(ex_ctx *ctx, pl_stmt *st, ex_result *r);
void ex_seq_nextval(ex_ctx *ctx, pdb_value *a, pdb_value *out);      /* a: database, name */
void ex_seq_lastval(ex_ctx *ctx, pdb_value *a, pdb_value *out);
void ex_seq_setval(ex_ctx *ctx, pdb_value *a, int n, pdb_value *out);
const char *ex_seq_show_create(ex_ctx *ctx, const char *db, const char *name);
void ex_seq_insert(ex_ctx *ctx, pl_stmt *st, stor_table *t, ex_result *r);   /* the row replaced */
void ex_seq_no_option(ex_ctx *ctx, const stor_table *t);                    /* UPDATE, DELETE: 1031 */
/* A routine as a row of mysql.proc describes it (a restore of `mariadb-dump
 * --all-databases`), made into the kept text and put in the catalog (and the log). NULL,
 * or why it was left out. */
typedef struct ex_rtn_import {
    const char *db, *name, *params, *returns, *body, *definer, *comment;
    bool function, deterministic, invoker;
    uint8_t data_access;     /* 0 CONTAINS SQL, 1 NO SQL, 2 READS SQL DATA, 3 MODIFIES SQL DATA */
    ex_rtn_info in;          /* sql_mode, character sets, times */
} ex_rtn_import;
const char *ex_rtn_import_one(ex_ctx *ctx, const ex_rtn_import *im);
bool      ex_rtn_meta(const char *sql, ex_rtn_info *out);
uint32_t  ex_rtn_text_mode(const char *sql, size_t len);
pl_stmt  *ex_rtn_parse(ex_ctx *ctx, const stor_routine *rt, ex_rtn_info *info);
void      ex_rtn_ddl(ex_ctx *ctx, pl_stmt *st, ex_result *r);
void      ex_call(ex_ctx *ctx, pl_stmt *st, ex_result *r);   /* r NULL: a CALL inside a routine */
int       ex_rtn_list(ex_ctx *ctx, const char *db, int function, ex_rtn_row **out);   /* function -1: both */
/* Events (event.c): CREATE / ALTER / DROP EVENT (and, in a scheduler's session, running
 * one); their rows for SHOW EVENTS, SHOW CREATE EVENT, information_schema.EVENTS, by
 * database and name */
void      ex_evt_ddl(ex_ctx *ctx, pl_stmt *st, ex_result *r);
uint32_t  ex_evt_text_mode(const char *sql, size_t len);   /* a kept event's sql_mode (log replay), or 0 */
typedef struct ex_evt_row {
    const char *db, *name, *create, *sql_mode, *definer, *tz, *client, *connection, *dbcoll;
    const char *execute_at, *interval_value, *interval_field, *starts, *ends;   /* NULL: none */
    const char *status, *comment, *body;
    bool every, preserve;
    char created[48], modified[48], last_executed[48];   /* last_executed "" : never */
} ex_evt_row;
int       ex_evt_list(ex_ctx *ctx, const char *db, ex_evt_row **out);
/* An event from a row of mysql.event (a restored dump of MariaDB's mysql database): its
 * times UTC texts as the row has them, interval_value in the unit's smallest part; put
 * over any event of the name and logged. NULL, or why it was left out. */
typedef struct ex_evt_import {
    const char *db, *name, *body, *definer, *execute_at, *interval_value, *interval_field, *starts, *ends;
    const char *status, *on_completion, *comment, *tz;
    uint32_t sql_mode;
    uint16_t client, connection, dbcoll;
    uint64_t created_cs, modified_cs;
} ex_evt_import;
const char *ex_evt_import_one(ex_ctx *ctx, const ex_evt_import *im);
/* A call e of a stored function: false when there is none of its name; else its result
 * type in *t (1318 for the wrong number of arguments). Its calls run through the
 * registry's descriptor of stored functions (ex_sf_handle). */
bool      ex_sf_compile(ex_ctx *ctx, const pl_expr *e, ex_type *t);
int       ex_sf_handle(void);

/* ---- the stored-program interpreter (sp.c) ---- */
typedef struct ex_sp_pos {     /* a mark in the statement's arena and its arena-held lists */
    stor_arena_pos pos;
    struct ex_rand *rands;
    struct ex_ftstate *fts;
    struct ex_ngstate *ngs;
    struct ex_sf_cached *sfc;
    struct ex_spill *spills;
    struct jb_kept **orph;
    int norph, corph;
} ex_sp_pos;
pl_stmt *ex_sp_parse_kept(ex_ctx *ctx, const char *sql, uint32_t mode, int kind);
void ex_sp_definer(const char *create, char *user, size_t ucap, char *host, size_t hcap);
/* A kept CREATE text being written, in arena a (routines, events): bytes, a string, a
 * name or string quoted with q (q doubled inside; backslash: a backslash doubled too) */
typedef struct ex_tbuf { char *p; size_t n, cap; stor_arena *a; } ex_tbuf;
/* A kept program's definer ("u@h") and the names of the character sets it was made with */
typedef struct ex_sp_meta { const char *definer, *client, *connection, *dbcoll; } ex_sp_meta;
void ex_sp_show_meta(ex_ctx *ctx, const char *create, uint16_t client, uint16_t connection, uint16_t dbcoll,
                     ex_sp_meta *out);
void ex_sp_time_text(uint64_t cs, char *out, size_t cap);   /* centiseconds as local 'Y-m-d H:M:S' */
/* Room in an arena-held array of n items for one more: v itself or a larger copy */
void *ex_sp_grow(stor_arena *a, void *v, int n, int *cap, size_t size);
void ex_tb_put(ex_tbuf *b, const char *s, size_t n);
void ex_tb_puts(ex_tbuf *b, const char *s);
void ex_tb_quoted(ex_tbuf *b, const char *s, char q, bool backslash);
void ex_sp_mark(ex_ctx *ctx, ex_sp_pos *m);
void ex_sp_release(ex_ctx *ctx, const ex_sp_pos *m, pdb_value *keep, uint32_t n);
#define EX_SP_MAX_DEPTH 64     /* blocks with handlers, one inside the other */
typedef struct ex_sp_hframe { const pl_sp *block; const pl_sp **h; int n; } ex_sp_hframe;
typedef struct ex_sp_cursor {
    struct pl_select *sel;
    const struct pl_sp *decl;   /* its DECLARE (the parameters' slots and types) */
    bool open, used;
    stor_arena mem;           /* its rows (OPEN reads them all) */
    ex_rows rows;
    uint32_t pos;
} ex_sp_cursor;
typedef struct ex_sp_cond {   /* the condition a handler is running for (RESIGNAL) */
    bool active;
    uint16_t code;
    char state[6];
    char msg[PDB_MSG_LEN];
} ex_sp_cond;
typedef struct ex_spx {        /* one run of a body */
    ex_ctx *ctx;
    pdb_value *frame;         /* locals (parameters first), then a trigger's NEW and OLD */
    int nframe, nlocals;
    stor_column *ltype;       /* per local: its type */
    char **lbuf;              /* per local: its bytes (stor_malloc'd) */
    uint32_t *lcap;
    stor_table *t;            /* a trigger's table (SET NEW.col) */
    ex_result *out;           /* a procedure's result sets (NULL: none) */
    ex_sp_cursor *cursors;
    int ncursors;
    ex_sp_hframe hs[EX_SP_MAX_DEPTH];   /* blocks with handlers in force, outermost first */
    int nh, hceil;            /* hceil: a handler running sees only frames below it */
    uint64_t affected;        /* a procedure's statements' affected rows (CALL's OK) */
    uint32_t last_warns;      /* warnings its last statement raised (CALL's OK reports them) */
    ex_sp_cond cond;
    const char *at;           /* the text of the instruction running */
    const char *leave;        /* a LEAVE / ITERATE on its way out to this label */
    bool iterate;
    const pl_sp *exit_to;     /* an EXIT handler ran: leaving this block */
    bool returned;            /* a function's RETURN ran: ret */
    pdb_value ret;
} ex_spx;
void ex_sp_init(ex_spx *x, ex_ctx *ctx, int nlocals, int nframe, int ncursors);
void ex_sp_free(ex_spx *x);
void ex_sp_type(ex_spx *x, int slot, pl_coldef *type, const char *name);
void ex_sp_value(ex_spx *x, pl_expr *e, pdb_value *out);
void ex_sp_set_local(ex_ctx *ctx, int slot, const pdb_value *v);
void ex_sp_run(ex_spx *x, pl_sp *body);
void ex_get_diag(ex_ctx *ctx, pl_stmt *st, ex_result *r);   /* GET DIAGNOSTICS */
/* The declared type of frame slot `slot` when ctx runs a stored program's statement (a
 * local's, a trigger's column's), else NULL (expr.c types a parameter by its value) */
const stor_column *ex_sp_param_column(const ex_ctx *ctx, int slot);
extern const char *ex_replay_text;   /* exec.c: the DDL text being replayed (NULL: none) */
/* ddl.c: a declared type (DECLARE x type) as a column, without copying anything */
void      ex_coldef_type(ex_ctx *ctx, stor_column *dst, pl_coldef *d, uint16_t tcoll);
/* View v's SELECT as MariaDB prints it, relative to the current database (full: every
 * table with its database); NULL when it no longer resolves (explain.c). */
const char *ex_view_print(ex_ctx *ctx, const char *db, const stor_viewdef *v, bool full);
/* A CHECK constraint's expression as MariaDB prints it (columns as `name`). */
const char *ex_check_print(ex_ctx *ctx, const pl_expr *e);

/* CHECK constraints (check.c). ex_checks_add appends one (name NULL: CONSTRAINT_n, an n
 * no check has and none of named[0..nnamed) will have; col: the column's own) after
 * checking it as MariaDB's CREATE does (1970, 1901, 1054, 1826). */
void ex_checks_add(ex_ctx *ctx, stor_check **checks, uint32_t *n, const char *name, const pl_expr *e,
                   const char *col, const stor_column *cols, uint32_t ncols, const char *const *named, int nnamed);
pl_expr *ex_check_parse(ex_ctx *ctx, const char *sql);
void ex_checks_drop_column(ex_ctx *ctx, stor_check *c, uint32_t *n, const char *col);
void ex_checks_rename_column(ex_ctx *ctx, stor_check *c, uint32_t n, const char *from, const char *to);
bool ex_checks_drop(stor_check *c, uint32_t *n, const char *name);
/* FOREIGN KEY constraints (fk.c). */
bool ex_fk_checks_on(ex_ctx *ctx);           /* foreign_key_checks, and not replaying the log */
char *ex_fk_text(const char *child_db, const stor_fk *f, bool full, bool actions);   /* malloc'd */
int  ex_fk_index_for(const stor_column *cols, const stor_index *idx, uint32_t nidx, char *const *cs, uint32_t n);
void ex_fk_define(ex_ctx *ctx, const char *db, const char *table, const stor_column *cols, uint32_t ncols,
                  const stor_index *idx, uint32_t nidx, stor_fk **fks, uint32_t *nfks, const pl_keydef *k,
                  const char *const *named, int nnamed);
bool ex_fk_drop(stor_fk *f, uint32_t *n, const char *name);
void ex_fk_parent_guard(ex_ctx *ctx, stor_table *t, bool truncate, stor_table *const *going, int ngoing);
void ex_fk_column_renamed(stor_fk *own, uint32_t nown, const char *db, const char *table, const char *from, const char *to);
void ex_fk_table_renamed(const char *db, const char *table, const char *ndb, const char *ntable);
/* A writing statement's constraints of table t, either side (NULL: none, or checks off):
 * a row about to be written is checked as a child (1452 raised; ignore 1: warned instead,
 * 2: silently, and false: the row is skipped), a parent row about to be deleted or
 * updated first acts on its children. */
typedef struct ex_fks ex_fks;
ex_fks *ex_fks_prepare(ex_ctx *ctx, stor_table *t);
bool ex_fk_child_ok(ex_ctx *ctx, ex_fks *x, const pdb_value *newv, const pdb_value *oldv, int ignore);
void ex_fk_parent_delete(ex_ctx *ctx, ex_fks *x, uint32_t row, const pdb_value *oldv);
void ex_fk_parent_update(ex_ctx *ctx, ex_fks *x, uint32_t row, const pdb_value *oldv, const pdb_value *newv);
bool ex_fks_referenced(const ex_fks *x);

/* Generated columns (check.c): their expressions checked against the table's columns at
 * CREATE / ALTER; compiled per writing statement (NULL: none) and computed into a row
 * about to be written, in column order; a value given for one: 1906 (strict) or its
 * warning, the value ignored. */
void ex_gen_validate(ex_ctx *ctx, const stor_column *cols, uint32_t ncols);
typedef struct ex_gens ex_gens;
ex_gens *ex_gens_compile(ex_ctx *ctx, stor_table *t);
void ex_gens_apply(ex_ctx *ctx, ex_gens *g, pdb_value *vals, uint32_t rowno);
void ex_gen_given(ex_ctx *ctx, const stor_table *t, const stor_column *c);
/* Expression defaults (stor_column.default_expr; check.c), compiled with the generated
 * columns (ex_gens_compile). At CREATE / ALTER: what the expression may call (1901) and
 * which columns it may read (ex_default_validate: 1054, 1901, 4029). A row about to be
 * written gets them for its columns not given, in column order (ex_defaults_apply), over
 * vals as kept (stored) or as the statement gave them; ex_default_value is one column's
 * DEFAULT over such a row (a literal default as ex_column_default gives it), unconverted. */
void ex_default_usable(ex_ctx *ctx, const pl_expr *e, const char *cname);
/* A call whose value is the moment's or the session's (NOW(), CURDATE(), USER(), ...):
 * refused in a CHECK, not computed at CREATE in a DEFAULT. */
bool ex_reads_moment(const pl_expr *e);
void ex_default_validate(ex_ctx *ctx, const stor_column *cols, uint32_t ncols);
void ex_defaults_apply(ex_ctx *ctx, ex_gens *g, pdb_value *vals, const bool *given, bool stored, uint32_t rowno);
bool ex_default_value(ex_ctx *ctx, ex_gens *g, const stor_table *t, uint32_t c, const pdb_value *vals, bool stored,
                      pdb_value *out, uint32_t rowno);

/* A writing statement's checks of t, compiled (NULL: none, or check_constraint_checks
 * off); the first that row vals (t's columns) fails, or NULL; its 4025. */
typedef struct ex_checks ex_checks;
ex_checks *ex_checks_compile(ex_ctx *ctx, stor_table *t);
const stor_check *ex_checks_failed(ex_ctx *ctx, ex_checks *k, const pdb_value *vals);
void ex_check_fail(ex_ctx *ctx, stor_table *t, const stor_check *c, bool warn);
/* CREATE TABLE ... SELECT's column for select item i of type t (ddl.c) */
void ex_select_column(ex_ctx *ctx, pl_select *sel, uint32_t i, const ex_type *t, const char *name, stor_column *c);
stor_db    *ex_tmp_owner(pdb_session *s, const stor_table *t);   /* its private catalog entry */
stor_table *ex_tmp_create(pdb_session *s, const char *db, stor_table *def);
void ex_tmp_drop(pdb_session *s, stor_table *t);      /* freed once no undo can name it */
void ex_tmp_discard(pdb_session *s, stor_table *t);   /* freed now (nothing names it) */
void ex_tmp_gc(pdb_session *s);
void ex_tmp_close(pdb_session *s);                    /* all of them (session end/reset) */

/* Privileges (privs.c), checked for sessions with enforce_privs. */
void     ex_privs_free(pdb_session *s);
uint64_t ex_privs_db(pdb_session *s, const char *db);                       /* global + database grants */
uint64_t ex_privs_table(pdb_session *s, const char *db, const char *table); /* + table grants */
bool     ex_privs_db_visible(pdb_session *s, const char *db);    /* SHOW DATABASES, USE */
bool     ex_privs_table_visible(pdb_session *s, const char *db, const char *table);
/* Column privileges (privs.c). Whether the session holds column grants (nothing below
 * does anything otherwise); whether it has some privilege on column col (SHOW COLUMNS
 * and information_schema list only those); need on column col of t, else 1143 (SELECT
 * when an expression reads it); SELECT on every column of t for a `*`, else 1142; an
 * unknown column of t, which MariaDB answers 1143 when the table's SELECT is missing. */
bool     ex_privs_has_cols(pdb_session *s);
bool     ex_privs_column_visible(pdb_session *s, const stor_table *t, const char *col);
/* "select,insert" as information_schema.COLUMNS' PRIVILEGES says them (NULL: no column grants) */
const char *ex_privs_column_names(ex_ctx *ctx, const stor_table *t, const char *col);
/* Metadata of a table reached through column grants alone (MariaDB): an index or key only
 * when each of its columns may be seen; constraints (TABLE_CONSTRAINTS, CHECK, foreign
 * keys' REFERENTIAL_CONSTRAINTS) only with a table-level privilege. */
bool     ex_privs_table_level(pdb_session *s, const stor_table *t);
bool     ex_privs_index_visible(pdb_session *s, const stor_table *t, const stor_index *ix);
bool     ex_privs_key_visible(pdb_session *s, const stor_table *t, const char *const *cols, uint32_t n);
void     ex_privs_column(ex_ctx *ctx, const ex_src *s, const char *col, uint64_t need);
/* a trigger's NEW.col / OLD.col: SELECT to read it, UPDATE to SET it (its definer's, 1143) */
void     ex_privs_trigger_column(ex_ctx *ctx, const stor_table *t, const char *col, uint64_t need);
void     ex_privs_star(ex_ctx *ctx, const ex_src *s);
void     ex_privs_unknown_column(ex_ctx *ctx, const ex_src *s, const char *col);
/* Is name (a table reference's own string) the table a DEFINER view's write lends its
 * definer's rights to? Only that reference: the same table named elsewhere in the
 * statement (INSERT ... SELECT, a subquery) is read with the client's rights. */
static inline bool ex_lent(const ex_ctx *ctx, const char *name) { return ctx->lent_table && name == ctx->lent_table; }
/* The statement's own checks (targets of writes, DDL, accounts); sets what opening a
 * table needs (ctx->priv_open). Raises 1044/1142/1227 as MariaDB does. */
void     ex_privs_statement(ex_ctx *ctx, pl_stmt *st);
/* Opening a table for reading (ex_table): one of ctx->priv_open, else 1142. */
void     ex_privs_open(ex_ctx *ctx, const stor_table *t);
/* The same for a table that is not a stor_table (the mysql schema's grant tables). */
void     ex_privs_open_name(ex_ctx *ctx, const char *db, const char *table);
void     ex_privs_need_table(ex_ctx *ctx, const char *db, const char *table, uint64_t need);   /* 1142 */
void     ex_privs_view_definer(ex_ctx *ctx, const char *user, const char *host);   /* 1227 unless SUPER */
/* A stored program (routine, trigger) with SQL SECURITY DEFINER runs as its definer: the
 * session's account for privilege checks is user@host (1449 when there is none) until
 * ex_privs_end_as, which must follow on every path out (errors too). */
typedef struct ex_privs_as {
    bool active;
    char user[81], priv_host[256];   /* the account before (a nested program's caller) */
} ex_privs_as;
void     ex_privs_begin_as(ex_ctx *ctx, const char *user, const char *host, ex_privs_as *as);
void     ex_privs_end_as(pdb_session *s, ex_privs_as *as);
void     ex_privs_unwind(pdb_session *s);   /* (statement end) the client's account back, whatever ran */
/* A stored program body's context: nothing lent by its caller (a DEFINER view's rights),
 * its reads checked as SELECT against the account it runs as */
void     ex_body_privs(ex_ctx *c);
void     ex_privs_need_db(ex_ctx *ctx, const char *db, uint64_t need);   /* all of need on db, else 1044 */
/* EXECUTE (alter false) or ALTER ROUTINE of a routine: 1370 */
void     ex_privs_routine(ex_ctx *ctx, const char *db, const char *name, bool function, bool alter);
/* The session's privileges on routine db.name: global, database and the routine's own
 * grants (~0 when privileges are not enforced). */
uint64_t ex_privs_routine_have(pdb_session *s, const char *db, const char *name, bool function);
/* How much of routine db.name (defined by def_user@def_host) the session sees in SHOW
 * CREATE, SHOW ... STATUS and information_schema (MariaDB's check_show_routine_access):
 * 2 all, 1 its row without its text (EXECUTE, ALTER or CREATE ROUTINE on it without
 * SELECT on mysql.proc or being its definer), 0 nothing. */
int      ex_privs_routine_shown(pdb_session *s, const char *db, const char *name, bool function, const char *def_user,
                                const char *def_host);
/* GRANT/REVOKE ... ON PROCEDURE|FUNCTION: the privilege bits given (ALL: EXECUTE and
 * ALTER ROUTINE), or 1144 for a level or privilege a routine cannot have (accounts.c). */
uint64_t ex_routine_grant_privs(ex_ctx *ctx, const pl_stmt *st);
/* CREATE PROCEDURE / FUNCTION made db.name: EXECUTE and ALTER ROUTINE on it to the
 * session's account unless it has both (MariaDB's automatic_sp_privileges); DROP: every
 * grant on it goes (accounts.c). */
void     ex_routine_created(ex_ctx *ctx, const char *db, const char *name, bool function);
void     ex_routine_grants_upgrade(void);
/* OPTIMIZE TABLE's rebuild of an InnoDB table: ALTER TABLE ... FORCE (ddl.c). */
void     ex_table_rebuild(ex_ctx *ctx, const char *db, const char *name);
void     ex_quote_ident(char *out, size_t cap, const char *name);   /* backticks doubled */
bool     ex_name_too_long(const char *s);   /* past 64 characters (MariaDB's NAME_CHAR_LEN) */
void     ex_raise_name_too_long(ex_ctx *ctx, const char *name) __attribute__((noreturn));   /* 1059 */
const char *ex_name_shown(ex_ctx *ctx, const char *s, bool dots);   /* as messages print a name */
extern _Atomic uint64_t ex_compactions;   /* pdb_compact_tick's rebuilds (Table_compactions) */
void     ex_routine_dropped(ex_ctx *ctx, const char *db, const char *name, bool function);
char    *ex_privs_names(stor_arena *a, uint64_t privs);   /* "SELECT, INSERT" */
const char *ex_priv_name(int bit);                          /* STOR_PRIV_* bit: "SELECT" */

/* Looks up a table; raises 1146 if missing. db NULL = current. Temporary tables of
 * the session first (unless ctx->no_temp). */
stor_table *ex_table(ex_ctx *ctx, const char *db, const char *name);
stor_table *ex_table_def(ex_ctx *ctx, const char *db, const char *name);   /* definition only: not loaded */
stor_table *ex_table_write(ex_ctx *ctx, const char *db, const char *name);   /* DML's target */
bool ex_key_allowed(const ex_src *s, const stor_index *ix);   /* its index hints let it read through ix */
stor_table *ex_table_ref(ex_ctx *ctx, const char *db, const char *name, const char *alias, bool write);   /* under an alias */
const char *ex_cur_db(ex_ctx *ctx, const char *db);   /* raises 1046 when none */
/* Copies a value's bytes into the arena so it outlives the row. */
pdb_value ex_persist(stor_arena *a, const pdb_value *v);

/* LOAD DATA (load.c) runs as an INSERT whose rows come from a feed: next fills vals
 * with the values of the statement's columns and sets rowno (the line, for warnings),
 * false after the last row. */
typedef struct ex_feed {
    bool (*next)(struct ex_feed *f, ex_ctx *ctx, pdb_value *vals);
    uint32_t rowno;
    bool *done;             /* per column of the table: its value is converted already (a
                               field's warnings come in the file's order, as MariaDB's) */
    const struct pl_stmt *by;   /* the LOAD DATA (what its triggers may not write: 1442) */
} ex_feed;
/* LOAD DATA's NULL for a NOT NULL column (1263, or a TIMESTAMP's time). */
void ex_load_null(ex_ctx *ctx, const stor_column *col, pdb_value *v);
void ex_load_data(ex_ctx *ctx, pl_stmt *st, ex_result *r);
/* Text in a single-byte charset (latin1 as Windows-1252) as the engine holds it: UTF-8. */
/* Bytes (a binary string, a file's or a binary log's) read as text of a transcoded
 * charset (latin1, big5 ...) into UTF-8; *first_bad, when asked, where the first bytes
 * that stand for no character start (SIZE_MAX: none) */
pdb_value ex_bytes_in_charset(stor_arena *a, const char *s, size_t n, uint16_t coll, size_t *first_bad);
pdb_value ex_bytes_in_unicode(stor_arena *a, const char *s, size_t n, uint16_t coll, size_t *first_bad, size_t *pad,
                              const char **padded);
/* A NOT NULL column's value when none is given (non-strict): its type's zero. */
pdb_value ex_implicit_default(const stor_column *c);
/* The first warning of a statement that uses no table replaces those of the statement
 * before (pdb_session.warn_stale), as MariaDB's Warning_info. */
void ex_warn_fresh(pdb_session *s);
/* src read as a one-row derived source of table t's columns: its names and types. */
void ex_row_source_names(ex_ctx *ctx, ex_src *src, const stor_table *t);
/* Does a subquery of e read table t? (dml.c) */
bool ex_expr_reads(ex_ctx *ctx, const pl_expr *e, const stor_table *t);
/* Server-side files (LOAD DATA, INTO OUTFILE): MariaDB's path for a name as written
 * (bare: the database's directory; relative: under the datadir), and whether
 * @@secure_file_priv allows it. */
void ex_file_path(const char *name, size_t n, const char *db, char *out, size_t cap);
bool ex_file_secure(ex_ctx *ctx, const char *path);
/* SELECT ... INTO OUTFILE / DUMPFILE (outfile.c): the file created (its path in path),
 * then the selected rows written to it; the rows written. */
int ex_outfile_open(ex_ctx *ctx, const pl_export *x, const char *db, char *path, size_t cap);
uint64_t ex_outfile_write(ex_ctx *ctx, const pl_export *x, int fd, const char *path, const ex_rows *rows,
                          const ex_type *types);
bool ex_load_local_ok(pdb_session *s);   /* LOAD DATA LOCAL allowed: client and local_infile */
/* SQL LIKE pattern match for SHOW ... LIKE (case-insensitive). */
bool ex_like_ci(const char *s, const char *pat);
char *ex_column_type_sql(stor_arena *a, const stor_column *c);
const char *ex_key_flag(const stor_table *t, uint32_t col);   /* DESCRIBE's Key: PRI, UNI, MUL or "" */
int64_t ex_now_us(void);
bool ex_infoschema(ex_ctx *ctx, const char *name, ex_rows *rows, ex_type **types, const char ***names, int *ncols);
/* The mysql schema's grant tables (user, global_priv, db, tables_priv; columns_priv,
 * procs_priv, proxies_priv, roles_mapping empty), read-only; false for another name. */
bool ex_mysql_schema(ex_ctx *ctx, const char *name, ex_rows *rows, ex_type **types, const char ***names, int *ncols);
bool ex_mysql_schema_table(const char *name);   /* one of those */
const char *ex_mysql_schema_name(size_t i);   /* the i-th grant table by name, NULL past the last */
/* The i-th privilege column of mysql.user (which 0), of mysql.db (1), or the i-th member of
 * tables_priv's Table_priv (2), with its STOR_PRIV_* bit; NULL past the last. */
const char *ex_mysql_priv_column(int which, size_t i, int *bit);
/* grant_tables.c: a statement that writes one of mysql's grant tables as a table (a
 * restore) marks the account store; FLUSH PRIVILEGES (and the next start) then reads
 * those tables into it. */
void ex_grant_tables_touch(ex_ctx *ctx, pl_stmt *st);
void ex_grant_tables_flush(ex_ctx *ctx);
void ex_session_vars_free(pdb_session *s);
void ex_release_named_locks(uint32_t conn_id);
/* LOCK TABLES (tablelock.c). */
void ex_lock_tables(ex_ctx *ctx, pl_stmt *st);
bool ex_tablelock_release(pdb_session *s);     /* UNLOCK TABLES; true if it held any */
void ex_grl_take(ex_ctx *ctx);                 /* FLUSH TABLES WITH READ LOCK */
void ex_grl_release(pdb_session *s);           /* UNLOCK TABLES, the session's end */
void ex_write_check(ex_ctx *ctx);              /* a change: read_only (1290), the read lock */
bool ex_txn_read_only(pdb_session *s);         /* the session's transaction is READ ONLY */
void ex_mb3_text(char *s);                     /* 4-byte characters as '?' (messages, names) */
void ex_txn_write_check(ex_ctx *ctx);          /* 1792 in a READ ONLY transaction */
/* replication.c: CHANGE MASTER / START / STOP / RESET SLAVE, SHOW SLAVE STATUS's row,
   SET GLOBAL gtid_slave_pos */
void ex_replica_stmt(ex_ctx *ctx, pl_stmt *st, ex_result *r);
void ex_slave_status_rows(ex_ctx *ctx, ex_textset *ts, bool full);
const char *ex_column_extra(stor_arena *a, const stor_column *c);   /* show.c: EXTRA's text */
bool ex_replica_running(void);
int  ex_gtid_slave_pos_set(const char *text, ex_err *err);
int  ex_replica_skip_set(const char *text, ex_err *err);
uint64_t ex_replica_skip_left(void);
void ex_commit_check(ex_ctx *ctx);             /* COMMIT of changes waits for the read lock */
bool ex_sysvar_read_only(void);
/* Opening t: waits for other sessions' conflicting locks; 1100/1099 for the locker. */
void ex_tablelock_check(ex_ctx *ctx, const stor_table *t, const char *alias, bool write);
uint32_t ex_tablelock_count(const char *db, const char *name);   /* LOCK TABLES locks on it */
/* The connections the session may see (SHOW PROCESSLIST): malloc'd, *n of them; the
 * session's own first when no server registered its list. */
pdb_proc *ex_processlist(ex_ctx *ctx, size_t *n);
extern bool ex_replaying;   /* exec.c: replaying the log (DDL) */
/* charset.c: the client's character set at the edges (text is UTF-8 inside) */
uint16_t ex_internal_coll(uint16_t coll);
char *ex_client_to_utf8(pdb_session *s, const char *sql, size_t len, size_t *outlen);   /* NULL: unchanged */
pdb_value ex_result_convert(pdb_session *s, stor_arena *a, const pdb_value *v);

#endif
