# pressdb - top-level build.
#
#   make            build build/pressdb (optimised, -Wall -Wextra clean)
#   make run        build and start the server with defaults (./pressdb-data, port 3306)
#   make test       build and run every test (unit tests, a short jit-fuzz, the MariaDB-comparing
#                   suites, the collation test, the benchmark smoke check,
#                   then the WordPress test when run as root with /usr/share/wordpress)
#   make wptest     WordPress end to end against MariaDB (tests/wordpress/run.py; root)
#   make install    the server, a systemd unit, its option file and a logrotate snippet
#                   (PREFIX=/usr/local, DESTDIR=); make installtest checks them and docker/
#   make admintest  phpMyAdmin and Adminer in headless chromium against MariaDB (tests/admin_ui/run.py)
#   make test-san   the unit tests, SQL suites and collation test again under ASan + UBSan
#   make deps       install the Debian packages the build and the tests need
#   make bench      run the benchmarks against MariaDB (bench/README.md)
#   make jit-fuzz   the JIT against the interpreter and a reference, 1,000,000 random cases
#                   (JIT_FUZZ_CASES, JIT_FUZZ_SEED; tests/jit/fuzz_main.c)
#   make test-arm64 the JIT's property tests, jit-fuzz and the server itself built for arm64 and
#                   run under qemu-aarch64 against the x86-64 build (tests/arm64/server_check.py)
#   make fuzz       build the libFuzzer harnesses (tests/fuzz/fuzz_*.c) and run each for
#                   FUZZ_SECONDS (default 60); a crash fails it

CC      ?= cc
# SAN=1: sanitizer build (ASan's allocator replaces jemalloc's)
ifeq ($(SAN),1)
PKGS    := libuv openssl icu-uc icu-i18n libzstd zlib libpcre2-8
SANDEF  := -DPDB_NO_JEMALLOC
else
PKGS    := libuv openssl icu-uc icu-i18n libzstd zlib libpcre2-8 jemalloc
endif
# libsystemd (sd_notify: readiness for a Type=notify unit) when pkg-config finds it; the
# arm64 cross build's sysroot has none and builds without
ifeq ($(shell pkg-config --exists libsystemd && echo y),y)
PKGS    += libsystemd
SANDEF  += -DHAVE_SYSTEMD
endif
CFLAGS  ?= -O2 -g
ALLFLAGS = $(CFLAGS) -std=gnu11 -Wall -Wextra -Wno-unused-parameter -D_GNU_SOURCE \
           -I. $(SANDEF) $(shell pkg-config --cflags $(PKGS))
LDLIBS   = $(shell pkg-config --libs $(PKGS)) -lpthread -lm

BUILD   ?= build
DIRS    := protocol storage engine engine/jit planner server
SRCS    := $(foreach d,$(DIRS),$(wildcard $(d)/*.c))
LIBSRCS := $(filter-out server/main.c,$(SRCS))
OBJS    := $(SRCS:%.c=$(BUILD)/%.o)
LIBOBJS := $(LIBSRCS:%.c=$(BUILD)/%.o)
UNITSRC := $(wildcard tests/unit/*.c)

DEB_PKGS := build-essential pkg-config libuv1-dev libssl-dev libicu-dev libzstd-dev zlib1g-dev libpcre2-dev \
            libjemalloc-dev libcriterion-dev mariadb-server mariadb-client \
            python3-pymysql php-cli php-mysql wordpress php-xml clang libclang-rt-14-dev \
            libsystemd-dev systemd logrotate chromium chromium-driver phpmyadmin adminer openssl tzdata

.PHONY: all run install uninstall installtest test unit sqltest sqltest-offload sqltest-nojit colltest wptest benchsmoke test-san deps clean bench bench-quick \
        fuzz fuzz-build fuzz-run admintest

all: $(BUILD)/pressdb

$(BUILD)/pressdb: $(OBJS)
	$(CC) $(ALLFLAGS) -o $@ $^ $(LDLIBS)

$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(ALLFLAGS) -MMD -MP -c -o $@ $<

$(BUILD)/unit-tests: $(LIBOBJS) $(UNITSRC)
	$(CC) $(ALLFLAGS) -o $@ $(UNITSRC) $(LIBOBJS) $(LDLIBS) -lcriterion

-include $(OBJS:.o=.d)

run: deps-check
	$(MAKE) --no-print-directory $(BUILD)/pressdb
	./$(BUILD)/pressdb --no-defaults --user=$$(id -un) --datadir=./pressdb-data

unit: $(BUILD)/unit-tests
	./$(BUILD)/unit-tests

sqltest: $(BUILD)/pressdb
	/usr/bin/python3 tests/run.py --server ./$(BUILD)/pressdb

# The same suite with every query run on a worker thread (--offload-us=0), so the
# offload path (command.c) is checked by everything the inline path is, and with every
# cacheable statement served from the statement-shape cache from its first run
# (copied syntax trees, planner/cache.c) instead of parsed, and every query block plan
# kept with a shape checked against a fresh plan whenever it is used again
# (--plan-cache=3, engine/select.c: a difference stops the server), and every scan the
# JIT applies to compiled from its first run, whatever the table's size (--jit-min-rows=0;
# the first run has the JIT on with its default thresholds: kept plans and big tables),
# and every table no statement used for a second evicted, to be loaded back by the next
# one (--evict-after-s=1, storage/evict.c; run.py prints how many of each).
# Integration tests that start only pressdbs of their own with fixed options would run
# exactly as in the first pass, so they are left out here (run.py --skip-own-server).
sqltest-offload: $(BUILD)/pressdb
	PRESSDB_EXTRA_ARGS="--offload-us=0 --plan-cache=3 --jit-min-rows=0 --evict-after-s=1" /usr/bin/python3 tests/run.py --server ./$(BUILD)/pressdb --skip-own-server $(OFFLOAD_RUN_ARGS)
# The JIT's own SQL files once more with it off (the interpreter alone against MariaDB).
sqltest-nojit: $(BUILD)/pressdb
	PRESSDB_EXTRA_ARGS="--jit=off" /usr/bin/python3 tests/run.py --server ./$(BUILD)/pressdb --only _jit --no-integration
# Collations against MariaDB on a generated corpus of 12,000 strings, and every other
# collation pressdb has (NO PAD, ucs2/utf16/utf32, languages, the single-byte charsets') on
# 3,000 of their own (tests/collation/run.py, about three minutes; `--full` there for 60,000).
colltest: $(BUILD)/pressdb
	/usr/bin/python3 tests/collation/run.py --server ./$(BUILD)/pressdb $(COLLTEST_ARGS)

# WordPress end to end (tests/wordpress/run.py): needs root (it writes
# /etc/wordpress/) and Debian's wordpress package; about a minute. pressdb runs with
# --log-bin and a MariaDB replica follows it, and a pressdb replica follows the run's MariaDB
# (--replica): each replica's dumps must be its primary's. And pressdb evicts every table
# nothing holds before each step (--evict: FLUSH TABLES with --evict-after-s), so each
# request loads back what it uses.
wptest: $(BUILD)/pressdb
	/usr/bin/python3 tests/wordpress/run.py --server ./$(BUILD)/pressdb --replica --evict

# phpMyAdmin and Adminer (Debian's) in headless chromium against MariaDB and pressdb
# (tests/admin_ui/run.py): screenshots in build/admin-ui/.
admintest: $(BUILD)/pressdb
	/usr/bin/python3 tests/admin_ui/run.py --server ./$(BUILD)/pressdb

# The benchmark's code paths on a tiny fixture, result checks only (no timing):
# exits 1 when pressdb loads or answers anything differently from MariaDB.
benchsmoke: $(BUILD)/pressdb
	/usr/bin/python3 bench/wordpress/run.py --server ./$(BUILD)/pressdb --smoke

test: deps-check
	$(MAKE) --no-print-directory unit
	$(MAKE) --no-print-directory jit-fuzz JIT_FUZZ_CASES=20000 JIT_FUZZ_SEED=1
	$(MAKE) --no-print-directory sqltest
	$(MAKE) --no-print-directory sqltest-offload
	$(MAKE) --no-print-directory sqltest-nojit
	$(MAKE) --no-print-directory colltest
	$(MAKE) --no-print-directory benchsmoke
	$(MAKE) --no-print-directory installtest
	@if [ "$$(id -u)" != 0 ]; then echo "wptest: skipped (not root; the WordPress test writes /etc/wordpress/)"; \
	elif [ ! -d /usr/share/wordpress ]; then echo "wptest: skipped (/usr/share/wordpress missing: apt-get install wordpress php-xml)"; \
	else $(MAKE) --no-print-directory wptest; fi
	$(MAKE) --no-print-directory admintest

# make install [PREFIX=/usr/local] [DESTDIR=]: the server, its systemd unit, the service's
# option file (kept when one is there), a logrotate snippet and the example my.cnf. As
# root without DESTDIR it also makes the system account pressdb and reloads systemd.
PREFIX     ?= /usr/local
SYSCONFDIR ?= /etc
SBINDIR     = $(PREFIX)/sbin
UNITDIR    ?= $(PREFIX)/lib/systemd/system
CONFSUBST   = sed -e 's|@SBINDIR@|$(SBINDIR)|g' -e 's|@SYSCONFDIR@|$(SYSCONFDIR)|g'
install: $(BUILD)/pressdb
	install -D -m 0755 $(BUILD)/pressdb $(DESTDIR)$(SBINDIR)/pressdb
	install -d $(DESTDIR)$(UNITDIR) $(DESTDIR)$(SYSCONFDIR)/pressdb $(DESTDIR)$(SYSCONFDIR)/logrotate.d
	$(CONFSUBST) conf/pressdb.service.in > $(DESTDIR)$(UNITDIR)/pressdb.service
	chmod 0644 $(DESTDIR)$(UNITDIR)/pressdb.service
	@if [ -e $(DESTDIR)$(SYSCONFDIR)/pressdb/pressdb.cnf ]; then \
	    echo "kept $(DESTDIR)$(SYSCONFDIR)/pressdb/pressdb.cnf"; \
	else $(CONFSUBST) conf/pressdb-service.cnf > $(DESTDIR)$(SYSCONFDIR)/pressdb/pressdb.cnf; fi
	install -m 0644 conf/pressdb.logrotate $(DESTDIR)$(SYSCONFDIR)/logrotate.d/pressdb
	install -D -m 0644 conf/pressdb.cnf $(DESTDIR)$(PREFIX)/share/doc/pressdb/pressdb.cnf.example
	@if [ -z "$(DESTDIR)" ] && [ "$$(id -u)" = 0 ]; then \
	    getent passwd pressdb >/dev/null || useradd --system --user-group --home-dir /var/lib/pressdb \
	        --no-create-home --shell /usr/sbin/nologin --comment "pressdb server" pressdb; \
	    if [ -d /run/systemd/system ]; then systemctl daemon-reload; fi; \
	    echo "installed; start it with: systemctl enable --now pressdb"; fi

uninstall:
	rm -f $(DESTDIR)$(SBINDIR)/pressdb $(DESTDIR)$(UNITDIR)/pressdb.service \
	    $(DESTDIR)$(SYSCONFDIR)/logrotate.d/pressdb $(DESTDIR)$(PREFIX)/share/doc/pressdb/pressdb.cnf.example

# The install as a host does it, checked without touching the system (tests/install/run.py):
# make install into a temporary DESTDIR, systemd-analyze verify, the unit's command line as
# the service runs it (option files, readiness, the socket PHP uses for "localhost"),
# logrotate with the installed snippet, and the docker/ image's build and entrypoint steps.
installtest: $(BUILD)/pressdb
	/usr/bin/python3 tests/install/run.py --server ./$(BUILD)/pressdb

# Sanitizer build: separate build dir, clang, ASan + UBSan, the same tests (the collation
# test too, there with each single-byte charset's default and _bin collations only) but not
# the WordPress test (too slow under sanitizers).
# (The offload pass there skips the client tests: the sanitizer's sqltest ran them, and
# CI's time is better spent than on running them twice under ASan.)
test-san:
	ASAN_OPTIONS=detect_leaks=0 $(MAKE) BUILD=build-san SAN=1 CC=clang CFLAGS="-O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined" OFFLOAD_RUN_ARGS=--no-integration COLLTEST_ARGS="--single-byte defaults" unit sqltest sqltest-offload colltest

deps:
	@if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
	echo "phpmyadmin phpmyadmin/dbconfig-install boolean false" | $$SUDO debconf-set-selections; \
	$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $(DEB_PKGS)

# Install what is missing, then go on (so `make test` works on a fresh machine).
deps-check:
	@missing=; for p in $(DEB_PKGS); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then echo "installing:$$missing"; $(MAKE) --no-print-directory deps; fi

# Every benchmark against MariaDB (bench/README.md): the WordPress statements (with the
# SELECT 1 / commit micro-benchmarks), sysbench, and WordPress over HTTP (as root).
# bench-quick runs the same code paths small (a few minutes).
bench: $(BUILD)/pressdb
	/usr/bin/python3 bench/wordpress/run.py --server ./$(BUILD)/pressdb
	/usr/bin/python3 bench/sysbench/run.py --server ./$(BUILD)/pressdb
	$(MAKE) --no-print-directory bench-http

bench-quick: $(BUILD)/pressdb
	/usr/bin/python3 bench/wordpress/run.py --server ./$(BUILD)/pressdb --quick
	/usr/bin/python3 bench/sysbench/run.py --server ./$(BUILD)/pressdb --quick --out bench/results/quick
	$(MAKE) --no-print-directory bench-http BENCH_HTTP_ARGS=--quick

# WordPress over HTTP (php -S + wrk), MariaDB and pressdb side by side: front page,
# REST read, REST write at 1/2/4/8 concurrent requests (bench/http/run.py; root,
# ~17 min; BENCH_HTTP_ARGS=--quick for ~1 min).
.PHONY: bench-http
bench-http: $(BUILD)/pressdb
	/usr/bin/python3 bench/http/run.py --server ./$(BUILD)/pressdb $(BENCH_HTTP_ARGS)

# libFuzzer harnesses (tests/fuzz/fuzz_*.c; RELIABILITY.md "Fuzzing") against the project's
# objects built with the same sanitizers in build-fuzz/; seed corpora are generated there
# from the test suites (tests/fuzz/gen_seeds.py), and what a run adds to them is kept in
# build-fuzz/fuzz/corpus/ for the next run. A crash leaves build-fuzz/fuzz/crash-* (the
# input: ./build-fuzz/fuzz/fuzz_NAME FILE replays it) and fails the target.
FUZZ_SECONDS ?= 60
FUZZ_TARGETS := protocol parser value collation recovery apply
FUZZ_CFLAGS  := -O1 -g -fsanitize=address,undefined,fuzzer-no-link -fno-omit-frame-pointer \
                -fno-sanitize-recover=undefined
FUZZ_MAKE     = $(MAKE) --no-print-directory BUILD=build-fuzz SAN=1 CC=clang CFLAGS="$(FUZZ_CFLAGS)"
FUZZ_BINS     = $(FUZZ_TARGETS:%=$(BUILD)/fuzz/fuzz_%)
# recovery: the wrappers check its row id limit (tests/fuzz/fuzz_recovery.c)
FUZZ_LDFLAGS_recovery := -Wl,--wrap=tbl_put_at -Wl,--wrap=tbl_reserve_rows
# scratch files (the recovery harness's data directory) in memory when possible
FUZZ_TMP     ?= $(if $(wildcard /dev/shm/.),/dev/shm,$(abspath $(BUILD))/fuzz/tmp)

fuzz:
	+$(FUZZ_MAKE) fuzz-build
	+$(FUZZ_MAKE) fuzz-run

fuzz-build: $(FUZZ_BINS) $(BUILD)/fuzz/seeds/.done

$(BUILD)/fuzz/fuzz_%: tests/fuzz/fuzz_%.c tests/fuzz/fuzz_input.h $(LIBOBJS)
	@mkdir -p $(dir $@)
	$(CC) $(ALLFLAGS) -fsanitize=fuzzer -o $@ $< $(LIBOBJS) $(LDLIBS) $(FUZZ_LDFLAGS_$*)

$(BUILD)/fuzz/seeds/.done: tests/fuzz/gen_seeds.py $(wildcard tests/sql/*.sql)
	rm -rf $(BUILD)/fuzz/seeds
	/usr/bin/python3 tests/fuzz/gen_seeds.py $(BUILD)/fuzz/seeds
	touch $@

# Each harness for FUZZ_SECONDS on its seeds plus the corpus of earlier runs; memory
# capped (-rss_limit_mb), a single input's run capped (-timeout), leaks not reported
# (the harnesses keep process-wide caches); the last lines of each run go to
# build-fuzz/fuzz/NAME.log.
fuzz-run: fuzz-build
	@fail=0; for t in $(FUZZ_TARGETS); do \
	  mkdir -p $(BUILD)/fuzz/corpus/$$t $(FUZZ_TMP); \
	  echo "fuzz_$$t: $(FUZZ_SECONDS) s"; \
	  if TMPDIR=$(FUZZ_TMP) ASAN_OPTIONS=detect_leaks=0 ./$(BUILD)/fuzz/fuzz_$$t \
	       -max_total_time=$(FUZZ_SECONDS) -timeout=25 -rss_limit_mb=2048 -max_len=65536 \
	       -print_final_stats=1 -artifact_prefix=$(BUILD)/fuzz/crash-$$t- \
	       $(BUILD)/fuzz/corpus/$$t $(BUILD)/fuzz/seeds/$$t > $(BUILD)/fuzz/$$t.log 2>&1; then \
	    grep -E '^(stat::number_of_executed_units|stat::new_units_added|Done )' $(BUILD)/fuzz/$$t.log | tr '\n' ' '; echo; \
	  else \
	    echo "fuzz_$$t FAILED:"; grep -a -A30 -E '==[0-9]+== ?ERROR|runtime error|deadly signal|Test unit written' $(BUILD)/fuzz/$$t.log | head -60; fail=1; \
	  fi; \
	done; exit $$fail

clean:
	rm -rf build build-san build-fuzz

# Everything at once for SOAK_MINUTES (default 30): WordPress HTTP traffic, sysbench,
# durability writers, garbage and half-open connections, mid-result disconnects, cartesian
# joins with KILLs, a watchdog, kill -9 every 5 minutes (tests/soak/soak.py; not in CI).
SOAK_MINUTES ?= 30
.PHONY: soak
soak: $(BUILD)/pressdb
	@command -v sysbench >/dev/null || { if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
	    $$SUDO apt-get install -y -qq sysbench || true; }
	/usr/bin/python3 tests/soak/soak.py --server ./$(BUILD)/pressdb --minutes $(SOAK_MINUTES)

# The JIT (engine/jit/) on arm64: its property tests (tests/jit/prop.h) cross-compiled
# statically with Debian's aarch64-linux-gnu-gcc and run under qemu-aarch64 (packages
# gcc-aarch64-linux-gnu qemu-user); x86-64 runs the same tests in `make unit`.
# jit-bench: compile times and rows/s of the compiled filter (engine/jit/README.md).
A64CC   ?= aarch64-linux-gnu-gcc
JITSRC  := $(wildcard engine/jit/*.c)
JITDEPS := $(JITSRC) engine/jit/jit.h tests/jit/prop.h tests/jit/agg_prop.h tests/jit/join_prop.h
JITFLAGS = -O2 -g -std=gnu11 -Wall -Wextra -Werror -Wno-unused-parameter -D_GNU_SOURCE -I.
.PHONY: test-arm64 jit-bench jit-fuzz like-bench
# jit-fuzz (tests/jit/fuzz_main.c): random typed tables and random conjunctions through the
# whole engine in process, the JIT on against off against an independent reference;
# JIT_FUZZ_CASES cases (`make test` runs 20,000 with seed 1), JIT_FUZZ_SEED (default:
# a new one, printed).
JIT_FUZZ_CASES ?= 1000000
JIT_FUZZ_SEED  ?=
$(BUILD)/jit-fuzz: tests/jit/fuzz_main.c $(LIBOBJS)
	$(CC) $(ALLFLAGS) -o $@ tests/jit/fuzz_main.c $(LIBOBJS) $(LDLIBS)
jit-fuzz: $(BUILD)/jit-fuzz
	ulimit -v 4000000; ./$(BUILD)/jit-fuzz $(JIT_FUZZ_CASES) $(JIT_FUZZ_SEED)
$(BUILD)/arm64/jit-prop: tests/jit/prop_main.c $(JITDEPS)
	@mkdir -p $(dir $@)
	$(A64CC) $(JITFLAGS) -static -o $@ tests/jit/prop_main.c $(JITSRC) -lpthread
# The server itself for arm64: the -dev packages of its libraries (A64DEBS, Debian
# bookworm names) are fetched with `apt-get download` and unpacked into a private sysroot
# ($(BUILD)/arm64/sysroot; no arm64 package is installed, so nothing conflicts with the
# amd64 ones: libjemalloc-dev is not Multi-Arch: same). This needs the arm64 architecture
# in dpkg and its package lists (`make deps-arm64`, root; .ci/run does it). The server is
# built by this Makefile with the cross compiler and pkg-config reading the sysroot, and
# runs under qemu-aarch64 with the cross toolchain's libc (-L) and the sysroot's libraries.
# tests/arm64/server_check.py then checks it against the x86-64 build (the WordPress
# statements on the benchmark fixture, JIT off and forced on).
A64DEBS := libuv1 libuv1-dev libssl3 libssl-dev libicu72 libicu-dev libzstd1 libzstd-dev \
           zlib1g zlib1g-dev libjemalloc2 libjemalloc-dev libpcre2-8-0 libpcre2-dev
A64ROOT  = $(abspath $(BUILD)/arm64/sysroot)
A64LIBS  = $(A64ROOT)/usr/lib/aarch64-linux-gnu:$(A64ROOT)/lib/aarch64-linux-gnu
A64QEMU  = qemu-aarch64 -L /usr/aarch64-linux-gnu -E LD_LIBRARY_PATH=$(A64LIBS)
SERVER_CHECK_SCALE ?= 0.05
.PHONY: deps-arm64 arm64-server
deps-arm64:
	@if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
	dpkg --print-foreign-architectures | grep -qx arm64 || { $$SUDO dpkg --add-architecture arm64 && $$SUDO apt-get update -qq; }; \
	command -v $(A64CC) >/dev/null && command -v qemu-aarch64 >/dev/null || \
	    DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq gcc-aarch64-linux-gnu qemu-user
$(BUILD)/arm64/sysroot/.done:
	@dpkg --print-foreign-architectures | grep -qx arm64 || \
	    { echo "the arm64 architecture is not in dpkg: run make deps-arm64 (root)"; exit 1; }
	rm -rf $(BUILD)/arm64/sysroot && mkdir -p $(BUILD)/arm64/sysroot/debs
	cd $(BUILD)/arm64/sysroot/debs && apt-get download -q $(A64DEBS:%=%:arm64)
	for f in $(BUILD)/arm64/sysroot/debs/*.deb; do dpkg -x $$f $(BUILD)/arm64/sysroot || exit 1; done
	@touch $@
arm64-server: $(BUILD)/arm64/sysroot/.done
	PKG_CONFIG_SYSROOT_DIR=$(A64ROOT) \
	PKG_CONFIG_LIBDIR=$(A64ROOT)/usr/lib/aarch64-linux-gnu/pkgconfig:$(A64ROOT)/usr/share/pkgconfig \
	$(MAKE) --no-print-directory BUILD=$(BUILD)/arm64/srv CC=$(A64CC) \
	    CFLAGS="-O2 -g -I$(A64ROOT)/usr/include/aarch64-linux-gnu" \
	    LDLIBS='$$(shell pkg-config --libs $$(PKGS)) -Wl,-rpath-link,$(A64LIBS) -lpthread -lm' \
	    $(BUILD)/arm64/srv/pressdb $(BUILD)/arm64/srv/jit-fuzz
test-arm64: $(BUILD)/arm64/jit-prop arm64-server $(BUILD)/pressdb
	qemu-aarch64 ./$(BUILD)/arm64/jit-prop 20000
	$(A64QEMU) ./$(BUILD)/arm64/srv/jit-fuzz 3000 1
	/usr/bin/python3 tests/arm64/server_check.py --x86 ./$(BUILD)/pressdb --arm64 ./$(BUILD)/arm64/srv/pressdb \
	    --qemu "$(A64QEMU)" --scale $(SERVER_CHECK_SCALE)
# like-bench: '%word%' over 64 MB of post-like text under unicode_520_ci, beside memmem.
$(BUILD)/like-bench: bench/like_scan.c $(LIBOBJS)
	$(CC) $(ALLFLAGS) -o $@ bench/like_scan.c $(LIBOBJS) $(LDLIBS)
like-bench: $(BUILD)/like-bench
	./$(BUILD)/like-bench
$(BUILD)/jit-bench: tests/jit/bench_main.c $(JITDEPS)
	@mkdir -p $(dir $@)
	$(CC) $(JITFLAGS) -o $@ tests/jit/bench_main.c $(JITSRC) -lpthread
jit-bench: $(BUILD)/jit-bench
	./$(BUILD)/jit-bench
