#!/usr/bin/python3
"""gen.py - deterministic WordPress fixture for pressdb's benchmark (the "version-2 queryset").

Writes one SQL dump (CREATE TABLE statements of WordPress 6.1 taken verbatim from
shared/wordpress/schema.sql, then multi-row INSERTs of at most ~1 MB each) and a manifest
(JSON) that records what the dump must contain. At --scale 1:

  wp_posts               22,063 rows: 2,000 articles over 16 topics (bodies 396..6,996 bytes,
                         median 1,764), 20,000 revisions (10 per article, each the parent's
                         content with one editorial change), 63 other rows (attachments,
                         long pages of hundreds of KB, products, menu items, templates,
                         auto-drafts, trash, oEmbed caches, the install posts)
  wp_postmeta            14,013    wp_comments 6,001 (incl. comments on deleted posts)
  wp_options             503       wp_terms / wp_term_taxonomy 175 each
  wp_term_relationships  7,701     wp_users 8

Search words over the 2,000 articles: nightjar 10, realistic 80, performance 240,
quasarless 0 (case- and accent-insensitive like utf8mb4_unicode_520_ci: "Réalistic" counts).
The captured search for "realistic" finds 83 rows (pages, an attachment and the install
posts also mention it; a draft and a protected article do not count).

Beyond the published fixture: rows that the plugin-meta query (custom_color, with a
PAD SPACE and a case variant of the key) and the SEO query (_yoast_wpseo_linkdex 1..40,
with values such as ' 12', '12abc', '40.7', '+7') actually return; term names whose order
depends on the collation (post 41 has 15 of them); utf8mb4 text with accents and emoji;
backslashes and quotes; zero dates on drafts; ID gaps from deleted posts.

--scale N multiplies the content (articles, revisions, meta, comments, relationships, other
posts); options and terms stay as they are. Fractions are allowed (--scale 0.05 for a smoke
test). Everything derives from --seed; the same seed and scale give the same bytes.

usage: gen.py [--scale N] [--seed S] [--out FILE] [--verify]
"""

import argparse
import datetime as dt
import hashlib
import itertools
import json
import os
import random
import statistics
import sys
import time
import unicodedata

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import vocab  # noqa: E402

ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
SCHEMA_CANDIDATES = [os.path.join(ROOT, "..", "shared", "wordpress", "schema.sql"),
                     os.path.join(HERE, "schema.sql")]   # a copy kept for clean clones
DATA_DIR = os.path.join(HERE, "data")
DEFAULT_SEED = 20260908
FIXTURE_VERSION = 2

SITE = "https://kuestenblick.example"
NOW = dt.datetime(2026, 9, 8, 12, 0, 0)
INSTALL = dt.datetime(2025, 11, 1, 9, 14, 3)
RANGE_START = dt.datetime(2025, 11, 1, 12, 0, 0)
RANGE_END = dt.datetime(2026, 8, 14, 23, 59, 59)
FUTURE_START = dt.datetime(2026, 8, 15, 0, 0, 0)
FUTURE_END = dt.datetime(2026, 8, 31, 23, 59, 59)
ZERO_DATE = "0000-00-00 00:00:00"

# Counts at --scale 1.
BASE = dict(articles=2000, revisions_per_article=10, comments=6000, postmeta=14013,
            relationships=7701, nightjar=10, realistic=80, performance=240,
            attachments=20, long_pages=4, products=10, nav_items=12, auto_drafts=4,
            trash=5, oembed=2, deleted=120, popular_tag=183)
TEMPLATES = 3          # wp_template, wp_template_part, wp_global_styles (not scaled)
LONG_PAGE_SIZES = [150_000, 280_000, 450_000, 800_000]
BODY_MIN, BODY_MEDIAN, BODY_MAX = 396, 1764, 6996
MAX_STATEMENT = 1_000_000
TABLES = ["wp_users", "wp_usermeta", "wp_termmeta", "wp_terms", "wp_term_taxonomy",
          "wp_term_relationships", "wp_commentmeta", "wp_comments", "wp_links", "wp_options",
          "wp_postmeta", "wp_posts"]

P_OPEN, P_CLOSE = "<!-- wp:paragraph -->\n<p>", "</p>\n<!-- /wp:paragraph -->"
SEP = "\n\n"


def scaled(x, s, minimum=1):
    return max(minimum, int(round(x * s)))


def fold(text):
    """Approximate utf8mb4_unicode_520_ci for LIKE '%word%': case and accents ignored."""
    t = unicodedata.normalize("NFD", text)
    t = "".join(ch for ch in t if unicodedata.category(ch) != "Mn")
    return t.casefold().replace("ø", "o").replace("ł", "l").replace("đ", "d")


def fmt(d):
    return d.strftime("%Y-%m-%d %H:%M:%S")


def gmt(d):
    """Europe/Berlin without the DST-switch details: +2 h from April to October, else +1 h."""
    return d - dt.timedelta(hours=2 if 4 <= d.month <= 10 else 1)


def slugify(text):
    t = unicodedata.normalize("NFKD", text)
    t = "".join(ch for ch in t if ord(ch) < 128)
    out = []
    for ch in t.lower():
        out.append(ch if ch.isalnum() else "-")
    s = "-".join(p for p in "".join(out).split("-") if p)
    return s[:190] or "post"


# --------------------------------------------------------------------------------------------
# PHP serialize (options and meta values are serialized PHP, byte lengths must be right)

def php(v):
    if v is None:
        return "N;"
    if isinstance(v, bool):
        return "b:%d;" % int(v)
    if isinstance(v, int):
        return "i:%d;" % v
    if isinstance(v, float):
        return "d:%r;" % v
    if isinstance(v, str):
        return 's:%d:"%s";' % (len(v.encode("utf-8")), v)
    if isinstance(v, (list, tuple)):
        v = dict(enumerate(v))
    if isinstance(v, dict):
        return "a:%d:{%s}" % (len(v), "".join(php(k) + php(x) for k, x in v.items()))
    raise TypeError(type(v))


# --------------------------------------------------------------------------------------------
# SQL dump writer

_ESC = {ord("\\"): "\\\\", ord("'"): "\\'", 0: "\\0", ord("\n"): "\\n", ord("\r"): "\\r",
        0x1a: "\\Z"}


def sql_value(v):
    if v is None:
        return "NULL"
    if isinstance(v, int):
        return str(v)
    return "'" + str(v).translate(_ESC) + "'"


class DumpWriter:
    """Multi-row INSERTs of at most MAX_STATEMENT bytes (a single larger row stands alone)."""

    def __init__(self, f):
        self.f = f
        self.table = None
        self.cols = None
        self.parts = []
        self.size = 0
        self.statements = 0
        self.largest = 0

    def begin(self, table, cols):
        self.flush()
        self.table, self.cols = table, cols
        self.head = "INSERT INTO `%s` (%s) VALUES\n" % (table, ", ".join("`%s`" % c for c in cols))

    def row(self, values):
        tup = "(" + ",".join(sql_value(v) for v in values) + ")"
        n = len(tup.encode("utf-8")) + 2
        if self.parts and self.size + n > MAX_STATEMENT:
            self.flush()
        self.parts.append(tup)
        self.size += n

    def flush(self):
        if self.parts:
            stmt = self.head + ",\n".join(self.parts) + ";\n"
            self.f.write(stmt)
            self.statements += 1
            self.largest = max(self.largest, len(stmt.encode("utf-8")))
        self.parts, self.size = [], len(getattr(self, "head", "").encode("utf-8"))


def schema_statements():
    """The CREATE TABLE statements of shared/wordpress/schema.sql, verbatim, by table name."""
    for path in SCHEMA_CANDIDATES:
        if os.path.exists(path):
            text = open(path, encoding="utf-8").read()
            break
    else:
        raise SystemExit("schema.sql not found (looked in %s)" % ", ".join(SCHEMA_CANDIDATES))
    out = {}
    for chunk in text.split(";"):
        chunk = chunk.strip()
        lines = [ln for ln in chunk.splitlines() if not ln.startswith("--")]
        chunk = "\n".join(lines).strip()
        if chunk.upper().startswith("CREATE TABLE"):
            name = chunk.split()[2]
            out[name] = chunk + ";"
    return out


# --------------------------------------------------------------------------------------------
# Text

class Text:
    """Random sentences, headings and Gutenberg blocks for one topic."""

    def __init__(self, rng, topic):
        self.r = rng
        self.t = vocab.TOPICS[topic]

    def slots(self):
        r, t = self.r, self.t
        n, n2 = r.sample(t[2], 2)
        a, a2 = r.sample(t[3], 2)
        return dict(n=n, n2=n2, a=a, a2=a2, A=a[:1].upper() + a[1:], v=r.choice(t[4]),
                    p=r.choice(vocab.PLACES), who=r.choice(vocab.PEOPLE), k=r.randint(2, 12),
                    e=t[1] if r.random() < 0.5 else r.choice(["\U0001F60A", "\u2728", "\U0001F44C", "\u2764\ufe0f"]))

    def fill(self, template, **extra):
        s = self.slots()
        s.update(extra)
        out = template.format(**s)
        return out[:1].upper() + out[1:]

    def sentence(self):
        return self.fill(self.r.choice(vocab.SENTENCES))

    def paragraph(self, k=None):
        k = k or self.r.randint(1, 4)
        return P_OPEN + " ".join(self.sentence() for _ in range(k)) + P_CLOSE

    def block(self, topic_index):
        r = self.r.random()
        if r < 0.14:
            return ("<!-- wp:heading -->\n<h2 class=\"wp-block-heading\">%s</h2>\n<!-- /wp:heading -->"
                    % self.fill(self.r.choice(vocab.HEADINGS)))
        if r < 0.22:
            items = "".join("<li>%s</li>" % self.sentence() for _ in range(self.r.randint(2, 4)))
            return "<!-- wp:list -->\n<ul>%s</ul>\n<!-- /wp:list -->" % items
        if r < 0.26:
            i = self.r.randint(100, 99999)
            return ('<!-- wp:image {"id":%d,"sizeSlug":"large"} -->\n<figure class="wp-block-image '
                    'size-large"><img src="%s/wp-content/uploads/2026/0%d/photo-%d.jpg" alt="" '
                    'class="wp-image-%d"/></figure>\n<!-- /wp:image -->'
                    % (i, SITE, self.r.randint(1, 8), i, i))
        if r < 0.30 and topic_index == 8:
            return ("<!-- wp:code -->\n<pre class=\"wp-block-code\"><code>SELECT ID FROM wp_posts "
                    "WHERE post_name LIKE 'draft\\_%%' AND ID &lt;&gt; %d;\n"
                    "cd C:\\Users\\dev\\site &amp;&amp; grep -E '\\d+' it's.log</code></pre>\n"
                    "<!-- /wp:code -->" % self.r.randint(1, 9999))
        if r < 0.33:
            return ("<!-- wp:quote -->\n<blockquote class=\"wp-block-quote\"><p>%s</p><cite>%s</cite>"
                    "</blockquote>\n<!-- /wp:quote -->" % (self.sentence(), self.r.choice(vocab.PEOPLE)))
        return self.paragraph()

    def exact_text(self, nbytes):
        """Sentences cut to exactly nbytes UTF-8 bytes (at a word boundary, then padded)."""
        s = ""
        while len(s.encode("utf-8")) < nbytes + 40:
            s += (" " if s else "") + self.sentence()
        b = s.encode("utf-8")
        cut = b[:nbytes].rfind(b" ")
        t = b[:max(cut, 0)].decode("utf-8")
        gap = nbytes - len(t.encode("utf-8"))
        pads = {1: ".", 2: " a", 3: " so", 4: " and", 5: " then", 6: " again"}
        while gap > 0:
            piece = pads[gap] if gap <= 6 else pads[6 if gap != 7 else 4]
            t += piece
            gap -= len(piece)
        assert len(t.encode("utf-8")) == nbytes
        return t


def body_exact(tx, topic_index, length, fixed_blocks):
    """Gutenberg body of exactly `length` bytes containing fixed_blocks (planted sentences)."""
    blocks = list(fixed_blocks)

    def size(bl):
        return len(SEP.join(bl).encode("utf-8")) if bl else 0

    tail_min = len((P_OPEN + P_CLOSE).encode()) + len(SEP) + 30
    while True:
        b = tx.block(topic_index)
        if size(blocks) + len(b.encode("utf-8")) + len(SEP) + tail_min > length:
            break
        blocks.insert(tx.r.randint(0, len(blocks)), b)
    rest = length - size(blocks) - (len(SEP) if blocks else 0) - len((P_OPEN + P_CLOSE).encode())
    if rest < 10:                                   # planted text alone is longer: grow
        rest = 10
    blocks.append(P_OPEN + tx.exact_text(rest) + P_CLOSE)
    return blocks


def body_of(blocks):
    return SEP.join(blocks)


def lengths_for(n, rng):
    """n body lengths: lognormal quantiles, min BODY_MIN, median BODY_MEDIAN, max BODY_MAX."""
    nd = statistics.NormalDist(0, 0.5)
    import math
    vals = [int(round(BODY_MEDIAN * math.exp(nd.inv_cdf((i + 0.5) / n)))) for i in range(n)]
    vals = [min(BODY_MAX, max(BODY_MIN, v)) for v in vals]
    vals[0], vals[-1] = BODY_MIN, BODY_MAX
    if n % 2 == 0 and n >= 4:
        vals[n // 2 - 1] = vals[n // 2] = BODY_MEDIAN
    elif n >= 3:
        vals[n // 2] = BODY_MEDIAN
    rng.shuffle(vals)
    return vals


# --------------------------------------------------------------------------------------------
# The fixture

class Post:
    __slots__ = ("id", "kind", "type", "status", "date", "created", "title", "excerpt", "content",
                 "blocks", "password", "name", "parent", "menu_order", "mime", "comment_count",
                 "modified", "author", "topic", "index", "plants", "revisions", "comment_status",
                 "rev_no", "cats", "tags", "fmt")

    def __init__(self, **kw):
        for k in self.__slots__:
            setattr(self, k, kw.get(k))


class Fixture:
    def __init__(self, scale=1.0, seed=DEFAULT_SEED):
        self.scale = scale
        self.seed = seed
        self.rng = random.Random("%s:main" % seed)
        s = scale
        self.n = {k: scaled(v, s) for k, v in BASE.items()}
        self.n["revisions_per_article"] = BASE["revisions_per_article"]
        self.n["attachments"] = scaled(BASE["attachments"], s, minimum=6)
        self.posts = []
        self.used_times = set()
        self.text_checks = []

    def R(self, *tag):
        return random.Random("%s:%s" % (self.seed, ":".join(map(str, tag))))

    def unique_time(self, rng, lo, hi):
        span = int((hi - lo).total_seconds())
        while True:
            t = lo + dt.timedelta(seconds=rng.randint(0, span))
            if t not in self.used_times:
                self.used_times.add(t)
                return t

    # ---- articles
    def plan_articles(self):
        r = self.R("articles")
        n = self.n["articles"]
        topics = [i % 16 for i in range(n)]
        r.shuffle(topics)
        idx = list(range(n))
        pages = set(r.sample(idx, scaled(60, self.scale)))
        rest = [i for i in idx if i not in pages]
        r.shuffle(rest)
        k = 0
        status = {}
        for st, share in (("draft", 0.035), ("pending", 0.01), ("private", 0.01), ("future", 0.025),
                          ("protected", 0.01)):
            c = max(1, int(round(share * n)))
            for i in rest[k:k + c]:
                status[i] = st
            k += c
        arts = []
        for i in idx:
            st = status.get(i, "publish")
            art = Post(kind="article", index=i, topic=topics[i], type="page" if i in pages else "post",
                       status="publish" if st == "protected" else st,
                       password=("kuestenblick-%d" % r.randint(1000, 9999)) if st == "protected" else "",
                       plants={}, author=r.choice([1, 2, 3, 4, 5, 6]), menu_order=0, mime="",
                       comment_status="open" if r.random() < 0.93 else "closed")
            if st == "future":
                art.date = self.unique_time(r, FUTURE_START, FUTURE_END)
                art.created = art.date - dt.timedelta(days=r.uniform(1, 14))
            else:
                art.date = self.unique_time(r, RANGE_START, RANGE_END)
                art.created = art.date
            arts.append(art)
        self.articles = arts

        # search words
        countable = [a for a in arts if a.status == "publish" and not a.password]
        noncount = [a for a in arts if not (a.status == "publish" and not a.password)]
        drafts = [a for a in noncount if a.status == "draft"]
        prot = [a for a in noncount if a.password]
        rs = self.R("search")
        chosen = {}
        chosen["nightjar"] = rs.sample(countable, self.n["nightjar"])
        k_nc = max(1, int(round(2 * self.scale)))
        nc = rs.sample(drafts, (k_nc + 1) // 2) + rs.sample(prot, k_nc // 2)
        chosen["realistic"] = nc + rs.sample(countable, self.n["realistic"] - len(nc))
        chosen["performance"] = rs.sample(arts, self.n["performance"])
        for word, lst in chosen.items():
            n_title = int(round(len(lst) * (0.3 if word == "nightjar" else 0.15)))
            n_exc = int(round(len(lst) * (0.3 if word == "nightjar" else 0.15)))
            for j, a in enumerate(lst):
                where = "title" if j < n_title else "excerpt" if j < n_title + n_exc else "content"
                if where != "content" and any(v[0] == where for v in a.plants.values()):
                    where = "content"
                form = word
                if j == len(lst) - 1 and word == "nightjar":
                    form = "NIGHTJAR"
                if j == len(lst) - 1 and word == "realistic":
                    form = "réalistic"
                if j == len(lst) - 2 and word == "performance":
                    form = "PERFORMANCE"
                a.plants[word] = (where, form)
        self.search_chosen = chosen

        # body lengths; the shortest body goes to an article without planted content
        lens = lengths_for(n, self.R("lengths"))
        order = sorted(range(n), key=lambda i: lens[i])
        for i, a in enumerate(arts):
            a.content = lens[i]
        short = [a for a in arts if a.content < 520]
        for a in short:
            if any(w == "content" for w, _ in a.plants.values()):
                swap = next(b for b in arts if b.content >= 1200 and not b.plants)
                a.content, swap.content = swap.content, a.content
        del order

    def write_article_text(self, a):
        r = self.R("text", a.index)
        tx = Text(r, a.topic)
        title_plant = [(w, f) for w, (where, f) in a.plants.items() if where == "title"]
        if title_plant:
            w, f = title_plant[0]
            a.title = tx.fill(r.choice(vocab.PLANT_TITLE[w]), w=f, W=f[:1].upper() + f[1:])
        else:
            a.title = tx.fill(r.choice(vocab.TITLES))
        exc_plant = [(w, f) for w, (where, f) in a.plants.items() if where == "excerpt"]
        if exc_plant:
            w, f = exc_plant[0]
            a.excerpt = tx.fill(r.choice(vocab.PLANT_EXCERPT[w]), w=f, W=f[:1].upper() + f[1:])
        elif r.random() < 0.4:
            a.excerpt = tx.fill(r.choice(vocab.EXCERPTS))
        else:
            a.excerpt = ""
        fixed = []
        for w, (where, f) in a.plants.items():
            if where == "content":
                tpl = r.choice(vocab.PLANT_CONTENT[w])
                if f == "réalistic":
                    tpl = "The café sign read \u00ab {W} \u00bb in gold letters \u2014 nobody knew why."
                fixed.append(P_OPEN + tx.fill(tpl, w=f, W=f[:1].upper() + f[1:]) + P_CLOSE)
        if not a.plants and r.random() < 0.03:
            fixed.append(P_OPEN + tx.fill(r.choice(vocab.NEAR_MISSES)) + P_CLOSE)
        a.blocks = body_exact(tx, a.topic, a.content, fixed)
        a.content = body_of(a.blocks)

    def revision_content(self, a, k):
        """Revision k of article a: the parent's blocks with one block rewritten."""
        r = self.R("rev", a.index, k)
        tx = Text(r, a.topic)
        blocks = list(a.blocks)
        planted = {b for b in blocks if any(fold(w) in fold(b) for w in vocab.SEARCH_WORDS)}
        candidates = [i for i, b in enumerate(blocks[:-1]) if b not in planted] or [len(blocks) - 1]
        i = r.choice(candidates)
        if blocks[i] in planted:
            blocks.insert(i, tx.paragraph(1))
        else:
            blocks[i] = tx.paragraph()
        return body_of(blocks)

    # ---- everything else in wp_posts
    def plan_other_posts(self):
        r = self.R("others")
        others = []
        arts_pub = [a for a in self.articles if a.status == "publish" and a.type == "post"]
        tx = Text(r, 0)

        def add(**kw):
            args = dict(plants={}, password="", menu_order=0, mime="", author=1, excerpt="",
                        comment_status="closed")
            args.update(kw)
            p = Post(**args)
            if p.date is None:
                p.date = self.unique_time(r, RANGE_START, RANGE_END)
            if p.created is None:
                p.created = p.date
            others.append(p)
            return p

        # the install posts (IDs 1-3)
        hello = add(kind="install", type="post", status="publish", date=INSTALL, title="Hello world!",
                    content=P_OPEN + "Welcome to WordPress. This is your first post. Edit or delete it, "
                    "then start writing! A realistic first post is short." + P_CLOSE,
                    comment_status="open", id=1)
        sample = add(kind="install", type="page", status="publish", date=INSTALL + dt.timedelta(seconds=1),
                     title="Sample Page", id=2,
                     content=P_OPEN + "This is an example page. Hi there! I'm a bike messenger by day, "
                     "aspiring actor by night, and this is my website. I live in Los Angeles, have a great "
                     "dog named Jack, and I like pi\u00f1a coladas. A realistic about page, really." + P_CLOSE)
        privacy = add(kind="install", type="page", status="draft", date=INSTALL + dt.timedelta(seconds=2),
                      title="Privacy Policy", id=3,
                      content="<!-- wp:heading -->\n<h2 class=\"wp-block-heading\">Who we are</h2>\n"
                      "<!-- /wp:heading -->\n\n" + P_OPEN + "Our website address is: %s." % SITE + P_CLOSE)
        for p in (hello, sample, privacy):
            self.used_times.add(p.date)
        self.install = (hello, sample, privacy)

        # attachments (status inherit, one unattached with status publish and a caption)
        for i in range(self.n["attachments"]):
            parent = r.choice(arts_pub)
            ext, mime = r.choice([("jpg", "image/jpeg"), ("webp", "image/webp"), ("pdf", "application/pdf")])
            # file-name titles, unique, and the smallest titles of the table under the collation
            # (so "ORDER BY post_title LIMIT 5" has no ties)
            name = "%04d-%s" % (i, slugify(r.choice(vocab.PLACES)))
            pub = (i % 20 == 0)
            add(kind="attachment", type="attachment", status="publish" if pub else "inherit",
                title=name, parent=0 if pub else parent, mime=mime,
                excerpt=("A realistic view of the harbour at dawn \U0001F305" if pub else
                         tx.fill("Photo: {who} in {p}")),
                content="", date=self.unique_time(r, RANGE_START, RANGE_END), name=name + "-" + ext)

        # long pages of hundreds of KB (Elementor-built landing pages)
        for i in range(self.n["long_pages"]):
            size = LONG_PAGE_SIZES[i % 4]
            lt = Text(self.R("long", i), i % 16)
            blocks = []
            total = 0
            word = {0: "realistic", 1: "realistic", 2: "performance"}.get(i % 4)
            while total < size:
                b = lt.block(i % 16)
                blocks.append(b)
                total += len(b.encode("utf-8")) + 2
            if word:   # planted near the end, far beyond any small-blob inline limit
                pos = len(blocks) - 3
                blocks.insert(pos, P_OPEN + lt.fill(r.choice(vocab.PLANT_CONTENT[word]), w=word,
                                                    W=word.capitalize()) + P_CLOSE)
            add(kind="long_page", type="page", status="publish",
                title=["Complete guide to the coast", "Everything about our workshops",
                       "FAQ \u2014 frequently asked questions", "Archive of all route descriptions"][i % 4]
                + ("" if i < 4 else " (%d)" % (i // 4 + 1)),
                content=body_of(blocks), comment_status="closed", menu_order=i + 1)

        # WooCommerce products
        for i in range(self.n["products"]):
            add(kind="product", type="product", status="publish",
                title="%s %s" % (r.choice(["Enamel mug", "Tide table 2027", "Canvas tote", "Map print",
                                           "Sourdough kit", "Bike bell", "Postcard set", "Star chart"]),
                                 r.choice(["\u00ab Nordsee \u00bb", "Ærø", "Zürich", "No. %d" % (i + 1)])),
                content=P_OPEN + tx.sentence() + P_CLOSE, excerpt=tx.sentence(), comment_status="open")

        # navigation menu items (with their own unique titles)
        for i in range(self.n["nav_items"]):
            add(kind="nav", type="nav_menu_item", status="publish",
                title=["Home", "Über uns", "Blog", "Shop", "Contact", "Imprint", "Routes",
                       "Recipes", "Newsletter \u2709\ufe0f", "Events", "Gallery", "Privacy"][i % 12]
                + ("" if i < 12 else " %d" % (i // 12 + 1)), content="", menu_order=i + 1)

        # block theme templates
        for ptype, title in (("wp_global_styles", "Custom Styles"), ("wp_template", "Single Posts"),
                             ("wp_template_part", "Header")):
            add(kind="template", type=ptype, status="publish", title=title,
                content='{"version":2,"isGlobalStylesUserThemeJSON":true,"styles":{"color":'
                '{"background":"#f6f1e7"}}}' if ptype == "wp_global_styles" else
                "<!-- wp:template-part {\"slug\":\"header\",\"theme\":\"twentytwentythree\"} /-->",
                name={"wp_global_styles": "wp-global-styles-twentytwentythree"}.get(ptype, slugify(title)))

        # auto-drafts, trash and oEmbed caches
        for i in range(self.n["auto_drafts"]):
            add(kind="auto_draft", type="post", status="auto-draft", title="Auto Draft", content="",
                date=self.unique_time(r, RANGE_START, RANGE_END))
        for i in range(self.n["trash"]):
            t = add(kind="trash", type="post", status="trash", title=tx.fill(r.choice(vocab.TITLES)),
                    content=P_OPEN + (tx.fill(vocab.PLANT_CONTENT["realistic"][0], w="realistic",
                                              W="Realistic") if i == 0 else tx.sentence()) + P_CLOSE)
            t.name = slugify(t.title) + "__trashed"
        for i in range(self.n["oembed"]):
            add(kind="oembed", type="oembed_cache", status="publish",
                title=hashlib.md5(("oembed %d" % i).encode()).hexdigest(), content=(
                '<iframe title="Harbour timelapse" width="500" height="281" '
                'src="https://www.youtube.com/embed/%s?feature=oembed" frameborder="0" '
                'allowfullscreen></iframe>' % "".join(r.choice("abcdefXYZ0123456789_-") for _ in range(11))),
                name=hashlib.md5(str(i).encode()).hexdigest())
        self.others = others

    # ---- IDs (time ordered, revisions interleaved, gaps for deleted posts)
    def assign_ids(self):
        r = self.R("ids")
        events = []
        seq = 0
        revs = []
        for a in self.articles:
            events.append((a.created, seq, a))
            seq += 1
            span = max(60.0, min(40 * 86400.0, (NOW - a.created).total_seconds() - 60))
            offs = sorted(r.uniform(0, span) for _ in range(self.n["revisions_per_article"]))
            a.revisions = []
            for k, off in enumerate(offs):
                rv = Post(kind="revision", type="revision", status="inherit", parent=a, rev_no=k,
                          date=a.created + dt.timedelta(seconds=int(off) + 1), plants={}, password="",
                          menu_order=0, mime="", author=a.author, comment_status="closed")
                a.revisions.append(rv)
                revs.append(rv)
                events.append((rv.date, seq, rv))
                seq += 1
            a.modified = a.revisions[-1].date if a.revisions else a.date
        for p in self.others:
            if p.kind == "install":
                continue
            if p.kind == "attachment" and p.parent:
                p.created = p.date = p.parent.created - dt.timedelta(seconds=r.randint(30, 3600))
            events.append((p.created, seq, p))
            seq += 1
        for i in range(self.n["deleted"]):
            events.append((RANGE_START + dt.timedelta(seconds=r.randint(0, int((RANGE_END - RANGE_START).total_seconds()))), seq, None))
            seq += 1
        events.sort(key=lambda e: (e[0], e[1]))
        next_id = 4
        self.deleted_ids = []
        for _, _, obj in events:
            if obj is None:
                self.deleted_ids.append(next_id)
            else:
                obj.id = next_id
            next_id += 1
        self.revisions = revs
        # post 41 is the taxonomy query's object: make it a published post article
        by_id = {p.id: p for p in self.articles + self.others + revs}
        target = by_id.get(41)
        if not (target is not None and target.kind == "article" and target.type == "post"
                and target.status == "publish" and not target.password):
            cands = [a for a in self.articles if a.type == "post" and a.status == "publish"
                     and not a.password and not a.plants]
            best = min(cands, key=lambda a: abs(a.id - 41))
            if target is None:
                self.deleted_ids.remove(41)
                self.deleted_ids.append(best.id)
                best.id = 41
            else:
                target.id, best.id = best.id, 41
        self.post41 = next(a for a in self.articles if a.id == 41)
        self.all_posts = sorted(self.articles + self.others + revs, key=lambda p: p.id)
        self.max_id = next_id - 1

    # ---- terms
    def plan_terms(self):
        r = self.R("terms")
        terms = []   # (term_id, name, slug, taxonomy, parent_term_id, description)

        def add(name, tax, parent=0, slug=None, desc=""):
            terms.append(dict(name=name, slug=slug or slugify(name), taxonomy=tax, parent=parent,
                              description=desc))
            return terms[-1]

        self.t_uncat = add("Uncategorized", "category")
        self.t_topics = [add(t[0], "category", desc="Posts about %s %s" % (t[0].lower(), t[1]))
                         for t in vocab.TOPICS]
        self.t_menu = add("Main menu", "nav_menu")
        self.t_sub = {}
        for i, t in enumerate(vocab.TOPICS):
            if t[5]:
                self.t_sub[i] = add(t[5], "category", parent=self.t_topics[i])
        self.t_formats = [add(n, "post_format", slug="post-format-" + n.lower())
                          for n in ("Aside", "Gallery", "Quote", "Video")]
        self.t_theme = add("twentytwentythree", "wp_theme")
        self.t_footer = add("Footer", "nav_menu")
        self.t_pcat = [add("Uncategorized", "product_cat", slug="uncategorized-2"),
                       add("Zubehör", "product_cat"), add("Éditions limitées", "product_cat")]
        slugs = {t["slug"] for t in terms}
        self.t_tags = []
        for name in vocab.TAGS:
            slug = slugify(name) or "tag"
            while slug in slugs:
                slug += "-2"
            slugs.add(slug)
            self.t_tags.append(add(name, "post_tag", slug=slug))
        assert len(terms) == 175, len(terms)
        # term ids with gaps (5 deleted terms), taxonomy ids dense
        gaps = set(r.sample(range(40, 170), 5))
        tid = 1
        for i, t in enumerate(terms):
            while tid in gaps:
                tid += 1
            t["term_id"] = tid
            t["tt_id"] = i + 1
            tid += 1
        self.terms = terms
        self.popular = next(t for t in terms if t["tt_id"] == 122)
        assert self.popular["taxonomy"] == "post_tag"

    def plan_relationships(self):
        r = self.R("rels")
        rels = set()
        posts_ = [a for a in self.articles if a.type == "post"]
        tagw = [1.0 / (i + 1) ** 0.8 for i in range(len(self.t_tags))]
        r.shuffle(tagw)
        p41_names = {"Uncategorized", "apple", "Ærø", "Berlin", "css", "Éclairage", "émigré stories",
                     "zebra crossing", "Zürich", "\U0001F680 launch", "35mm", "DIY"}
        p41_tags = [t for t in self.t_tags if t["name"] in p41_names]
        for a in posts_:
            a.cats = [self.t_sub.get(a.topic) if (a.topic in self.t_sub and r.random() < 0.3)
                      else self.t_topics[a.topic]]
            if r.random() < 0.18:
                c = r.choice(self.t_topics)
                if c not in a.cats:
                    a.cats.append(c)
            if r.random() < 0.015:
                a.cats = [self.t_uncat]
            a.fmt = r.choice(self.t_formats) if r.random() < 0.05 else None
            a.tags = []
        # post 41: 15 rows for the taxonomy query, one product_cat row it filters out
        p = self.post41
        p.cats = [self.t_uncat, self.t_topics[p.topic]] + ([self.t_sub[p.topic]] if p.topic in self.t_sub else [self.t_topics[(p.topic + 1) % 16]])
        p.fmt = self.t_formats[1]
        p.tags = p41_tags[:11]
        # the popular tag (tt 122): scaled(183) published posts, plus drafts that do not count
        pool = [a for a in posts_ if a is not p]
        pub = [a for a in pool if a.status == "publish"]
        for a in r.sample(pub, min(len(pub), self.n["popular_tag"])):
            a.tags.append(self.popular)
        for a in r.sample([a for a in pool if a.status != "publish"], min(3, len([a for a in pool if a.status != "publish"]))):
            if self.popular not in a.tags:
                a.tags.append(self.popular)
        fixed = 0
        for a in posts_:
            fixed += len(a.cats) + (1 if a.fmt else 0)
        others = []
        others.append((1, self.t_uncat["tt_id"]))
        for q in self.others:
            if q.kind == "product":
                others.append((q.id, r.choice(self.t_pcat)["tt_id"]))
            elif q.kind == "nav":
                others.append((q.id, self.t_menu["tt_id"] if q.menu_order <= 8 else self.t_footer["tt_id"]))
            elif q.kind == "template":
                others.append((q.id, self.t_theme["tt_id"]))
        others.append((41, self.t_pcat[1]["tt_id"]))
        for d in r.sample(self.deleted_ids, min(len(self.deleted_ids), scaled(10, self.scale))):
            others.append((d, r.choice(self.t_tags)["tt_id"]))
        target = scaled(BASE["relationships"], self.scale)
        have_tags = sum(len(a.tags) for a in posts_)
        need = target - fixed - len(others) - have_tags
        cand = [a for a in posts_ if a is not p]
        tag_pool = [t for t in self.t_tags if t is not self.popular]
        w = tagw[:len(tag_pool)]
        guard, limit = 0, need * 50 + 1000
        while need > 0 and guard < limit:
            guard += 1
            a = r.choice(cand)
            if len(a.tags) >= 9:
                continue
            t = r.choices(tag_pool, w)[0]
            if t in a.tags:
                continue
            a.tags.append(t)
            need -= 1
        for a in posts_:
            for t in a.cats + a.tags + ([a.fmt] if a.fmt else []):
                rels.add((a.id, t["tt_id"]))
        for x in others:
            rels.add(x)
        self.rels = sorted(rels)
        # term_taxonomy.count: published posts (and products/menu items) per term
        status = {q.id: q.status for q in self.all_posts}
        cnt = {}
        for oid, tt in self.rels:
            if status.get(oid) == "publish":
                cnt[tt] = cnt.get(tt, 0) + 1
        for t in self.terms:
            t["count"] = cnt.get(t["tt_id"], 0)

    # ---- postmeta
    def plan_postmeta(self):
        r = self.R("meta")
        meta = []
        attachments = [q for q in self.others if q.kind == "attachment"]
        posts_ = [a for a in self.articles if a.type == "post"]
        color_posts = set(id(a) for a in r.sample(posts_, max(1, int(round(0.15 * len(posts_))))))
        seo_posts = set(id(a) for a in r.sample(posts_, int(round(0.65 * len(posts_)))))
        colors = ["#1e73be", "#ff6f61", "teal", "Bleu ciel \U0001F499", "#000", "rgba(0,0,0,.5)",
                  "Grün", "saffron", "#f6f1e7", "crimson"]
        linkdex_traps = [" 12", "12abc", "40.7", "+7", "40", "1", "41", "0", "-3", "abc", "", "1e1",
                         "007", "99999999999999999999"]
        trap_i = 0
        key_variant_i = 0
        for a in sorted(self.articles, key=lambda x: x.id):
            meta.append((a.id, "_edit_lock", "%d:%d" % (int(a.modified.timestamp()), a.author)))
            meta.append((a.id, "_edit_last", str(a.author)))
            if r.random() < 0.5 and attachments:
                meta.append((a.id, "_thumbnail_id", str(r.choice(attachments).id if r.random() < 0.97
                                                         else r.choice(self.deleted_ids))))
            if a.type == "page":
                meta.append((a.id, "_wp_page_template", r.choice(["default", "elementor_header_footer"])))
                meta.append((a.id, "_elementor_edit_mode", "builder"))
                meta.append((a.id, "_elementor_template_type", "wp-page"))
                meta.append((a.id, "_elementor_version", "3.23.4"))
                meta.append((a.id, "_elementor_data", json.dumps(
                    [{"id": "%07x" % r.getrandbits(28), "elType": "section", "elements": [
                        {"id": "%07x" % r.getrandbits(28), "elType": "widget", "widgetType": "text-editor",
                         "settings": {"editor": "<p>" + Text(r, a.topic).sentence() + "</p>"}}]}],
                    ensure_ascii=False)))
            if a.type == "post" and id(a) in seo_posts:
                roll = r.random()
                if trap_i < len(linkdex_traps) and roll < 0.05:
                    v = linkdex_traps[trap_i]
                    trap_i += 1
                elif roll < 0.15:
                    v = str(r.randint(1, 40))
                else:
                    v = str(r.randint(41, 100))
                meta.append((a.id, "_yoast_wpseo_linkdex", v))
                if r.random() < 0.03:    # a duplicate meta row: GROUP BY must fold it
                    meta.append((a.id, "_yoast_wpseo_linkdex", str(r.randint(1, 40))))
                meta.append((a.id, "_yoast_wpseo_content_score", str(r.choice([30, 60, 90]))))
                meta.append((a.id, "_yoast_wpseo_estimated-reading-time-minutes", str(max(1, len(a.content) // 1200))))
                if r.random() < 0.45:
                    meta.append((a.id, "_yoast_wpseo_focuskw", vocab.TOPICS[a.topic][2][r.randint(0, 14)]))
                if r.random() < 0.38:
                    meta.append((a.id, "_yoast_wpseo_metadesc", Text(r, a.topic).sentence()))
                if r.random() < 0.3 and a.cats:
                    meta.append((a.id, "_yoast_wpseo_primary_category", str(a.cats[0]["term_id"])))
            if id(a) in color_posts:
                key = "custom_color"
                if r.random() < 0.02:
                    key = ["custom_color ", "Custom_Color", "CUSTOM_COLOR"][key_variant_i % 3]
                    key_variant_i += 1
                meta.append((a.id, key, r.choice(colors)))
                meta.append((a.id, "_custom_color", "field_5f8a1c2b3d4e5"))
                if a.revisions:
                    meta.append((a.revisions[-1].id, "custom_color", r.choice(colors)))
            elif a.type == "post" and r.random() < 0.01:
                meta.append((a.id, "custom_colour", r.choice(colors)))
            if r.random() < 0.03:
                meta.append((a.id, "_wp_old_slug", slugify(a.title) + "-2"))
            if r.random() < 0.01:
                meta.append((a.id, "_encloseme", "1"))
            if r.random() < 0.01:
                meta.append((a.id, "_pingme", "1"))
        for q in self.others:
            if q.kind == "attachment":
                y = q.date.strftime("%Y/%m")
                meta.append((q.id, "_wp_attached_file", "%s/%s" % (y, q.name.replace("-jpg", ".jpg").replace("-webp", ".webp").replace("-pdf", ".pdf"))))
                meta.append((q.id, "_wp_attachment_metadata", php(dict(
                    width=2048, height=1365, file="%s/%s" % (y, q.name),
                    filesize=r.randint(80000, 900000),
                    sizes={"thumbnail": dict(file=q.name + "-150x150", width=150, height=150,
                                             **{"mime-type": q.mime})},
                    image_meta=dict(aperture="5.6", credit="", camera="X-T4", caption="",
                                    created_timestamp="0", copyright="\u00a9 K\u00fcstenblick",
                                    focal_length="23", iso="200", shutter_speed="0.004", title="",
                                    orientation="1", keywords=[])))))
                meta.append((q.id, "_wp_attachment_image_alt", "Harbour in %s" % r.choice(vocab.PLACES)))
            elif q.kind == "long_page":
                meta.append((q.id, "_wp_page_template", "elementor_header_footer"))
                meta.append((q.id, "_elementor_edit_mode", "builder"))
                meta.append((q.id, "_elementor_data", json.dumps(
                    [{"id": "%07x" % i, "elType": "widget", "widgetType": "text-editor",
                      "settings": {"editor": Text(r, i % 16).sentence()}} for i in range(300)],
                    ensure_ascii=False)))
            elif q.kind == "product":
                price = "%d.%02d" % (r.randint(4, 60), r.choice([0, 50, 90, 95, 99]))
                for k, v in (("_price", price), ("_regular_price", price), ("_sale_price", ""),
                             ("_sku", "KB-%04d" % q.id), ("_stock_status", r.choice(["instock", "outofstock"])),
                             ("_stock", str(r.randint(0, 80))), ("total_sales", str(r.randint(0, 500))),
                             ("_manage_stock", "yes"), ("_wc_average_rating", "%.2f" % r.uniform(3, 5)),
                             ("_wc_review_count", str(r.randint(0, 30))), ("_product_version", "9.1.2"),
                             ("_tax_status", "taxable")):
                    meta.append((q.id, k, v))
            elif q.kind == "nav":
                target = r.choice(self.articles)
                for k, v in (("_menu_item_type", "post_type"), ("_menu_item_menu_item_parent", "0"),
                             ("_menu_item_object_id", str(target.id)), ("_menu_item_object", target.type),
                             ("_menu_item_target", ""), ("_menu_item_classes", php([""])),
                             ("_menu_item_xfn", ""), ("_menu_item_url", "")):
                    meta.append((q.id, k, v))
            elif q.kind == "trash":
                meta.append((q.id, "_wp_trash_meta_status", "publish"))
                meta.append((q.id, "_wp_trash_meta_time", str(int(q.date.timestamp()) + 86400)))
                meta.append((q.id, "_wp_desired_post_slug", q.name.replace("__trashed", "")))
            elif q.kind == "template":
                meta.append((q.id, "origin", "theme"))
        for d in r.sample(self.deleted_ids, min(len(self.deleted_ids), scaled(30, self.scale))):
            meta.append((d, r.choice(["_edit_lock", "_thumbnail_id", "_yoast_wpseo_linkdex"]),
                         str(r.randint(1, 99))))
        # fill up to the target with block-editor footnotes meta on revisions
        target = scaled(BASE["postmeta"], self.scale)
        need = target - len(meta)
        if need > 0:
            for rv in r.sample(self.revisions, min(need, len(self.revisions))):
                meta.append((rv.id, "footnotes", ""))
        meta.sort(key=lambda m: m[0])
        self.meta = meta

    # ---- comments
    def plan_comments(self):
        r = self.R("comments")
        pubs = [p for p in self.articles if p.status == "publish" and p.comment_status == "open"]
        weights = [1.0 / (i + 1) ** 0.6 for i in range(len(pubs))]
        r.shuffle(weights)
        cum = list(itertools.accumulate(weights))     # choices() would rebuild this per call
        products = [q for q in self.others if q.kind == "product"]
        atts = [q for q in self.others if q.kind == "attachment"]
        trash = [q for q in self.others if q.kind == "trash"]
        s = self.scale
        plan = [("comment", "1", "pub", scaled(4740, s)), ("", "1", "pub", scaled(60, s)),
                ("pingback", "1", "pub", scaled(90, s)), ("trackback", "1", "pub", scaled(30, s)),
                ("review", "1", "product", scaled(200, s)), ("order_note", "1", "hpos", scaled(120, s)),
                ("action_log", "1", "hpos", scaled(80, s)), ("webhook_delivery", "1", "hpos", scaled(15, s)),
                ("note", "1", "pub", scaled(25, s)), ("comment", "0", "pub", scaled(200, s)),
                ("comment", "spam", "pub", scaled(300, s)), ("comment", "trash", "pub", scaled(60, s)),
                ("comment", "post-trashed", "trash", scaled(30, s)),
                ("comment", "1", "deleted", scaled(40, s)), ("comment", "1", "attachment", scaled(10, s))]
        total = sum(x[3] for x in plan)
        target = scaled(BASE["comments"], s)
        plan[0] = (plan[0][0], plan[0][1], plan[0][2], plan[0][3] + target - total)
        rows = []
        for ctype, appr, where, count in plan:
            for _ in range(count):
                if where == "pub":
                    post = r.choices(pubs, cum_weights=cum)[0]
                    pid, base = post.id, post.date
                elif where == "product":
                    post = r.choice(products)
                    pid, base = post.id, post.date
                elif where == "attachment":
                    post = r.choice(atts)
                    pid, base = post.id, post.date
                elif where == "trash":
                    post = r.choice(trash)
                    pid, base = post.id, post.date
                elif where == "deleted":
                    pid, base = r.choice(self.deleted_ids), RANGE_START
                else:
                    pid, base = 900000 + r.randint(1, 99999), RANGE_START
                when = base + dt.timedelta(seconds=r.randint(60, 60 * 86400))
                if when > NOW:
                    when = NOW - dt.timedelta(seconds=r.randint(60, 86400 * 3))
                rows.append([pid, ctype, appr, when])
        rows.sort(key=lambda x: x[3])
        tx = Text(r, 0)
        comments = [dict(id=1, post=1, author="A WordPress Commenter", email="wapuu@wordpress.example",
                         url="https://wordpress.org/", ip="", date=INSTALL, content=(
                             "Hi, this is a comment.\nTo get started with moderating, editing, and deleting "
                             "comments, please visit the Comments screen in the dashboard.\nCommenter avatars "
                             "come from <a href=\"https://en.gravatar.com/\">Gravatar</a>."),
                         approved="1", type="comment", parent=0, user=0, agent="", karma=0)]
        by_post = {}
        for pid, ctype, appr, when in rows:
            cid = len(comments) + 1
            first = r.choice(vocab.FIRST_NAMES)
            last = r.choice(vocab.LAST_NAMES)
            if ctype in ("pingback", "trackback"):
                author = "%s \u00ab %s" % (tx.fill("{A} {n} in {p}"), r.choice(["Radweg-Blog", "Café Nord", "Sternwarte Kiel"]))
                content = "[&#8230;] " + tx.sentence() + " [&#8230;]"
                email = ""
            elif ctype in ("order_note", "action_log", "webhook_delivery", "note"):
                author, email = ("WooCommerce", "woocommerce@kuestenblick.example") if ctype != "action_log" else ("ActionScheduler", "")
                content = {"order_note": "Order status changed from Pending payment to Processing.",
                           "action_log": "action complete via WP Cron",
                           "webhook_delivery": "Webhook delivery: HTTP 200 OK",
                           "note": "Stock levels reduced: KB-%04d 5\u21924" % r.randint(1, 9999)}[ctype]
            else:
                author = "%s %s" % (first, last) if r.random() < 0.85 else "%s \U0001F3B2" % first
                email = slugify(first) + "." + slugify(last) + "@example.org"
                content = " ".join(tx.fill(r.choice(vocab.COMMENT_LINES)) for _ in range(r.randint(1, 3)))
                if appr == "spam":
                    content = "Cheap watches!!! \U0001F4B0 visit http://spam.example/?p=%d" % r.randint(1, 999)
            parent = 0
            prev = by_post.get(pid)
            if prev and r.random() < 0.25 and ctype == "comment":
                parent = r.choice(prev)
            comments.append(dict(id=cid, post=pid, author=author, email=email,
                                 url="" if r.random() < 0.7 else "https://%s.example" % slugify(first),
                                 ip="%d.%d.%d.%d" % (r.randint(1, 223), r.randint(0, 255), r.randint(0, 255), r.randint(1, 254)) if r.random() < 0.8 else "2001:db8::%x" % r.randint(1, 65535),
                                 date=when, content=content, approved=appr, type=ctype, parent=parent,
                                 user=r.choice([1, 2]) if r.random() < 0.03 else 0,
                                 agent=r.choice(["Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0",
                                                 "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15",
                                                 "WooCommerce", ""]), karma=0))
            if ctype == "comment":
                by_post.setdefault(pid, []).append(cid)
        self.comments = comments
        counts = {}
        for c in comments:
            if c["approved"] == "1":
                counts[c["post"]] = counts.get(c["post"], 0) + 1
        for p in self.all_posts:
            p.comment_count = counts.get(p.id, 0)

    # ---- options
    def plan_options(self):
        r = self.R("options")
        o = []

        def add(name, value, autoload="yes"):
            o.append((name, value if isinstance(value, str) else php(value), autoload))

        core = [("siteurl", SITE), ("home", SITE), ("blogname", "Küstenblick \u2014 Notizen & Reportagen \U0001F30A"),
                ("blogdescription", "Rad, Kaffee, Sterne und Meer: ein Blog über das Leben an der Küste"),
                ("users_can_register", "0"), ("admin_email", "redaktion@kuestenblick.example"),
                ("start_of_week", "1"), ("use_balanceTags", "0"), ("use_smilies", "1"),
                ("require_name_email", "1"), ("comments_notify", "1"), ("posts_per_rss", "10"),
                ("rss_use_excerpt", "0"), ("mailserver_url", "mail.example.com"),
                ("mailserver_login", "login@example.com"), ("mailserver_pass", "password"),
                ("mailserver_port", "110"), ("default_category", "1"), ("default_comment_status", "open"),
                ("default_ping_status", "open"), ("default_pingback_flag", "1"), ("posts_per_page", "10"),
                ("date_format", "j. F Y"), ("time_format", "G:i"), ("links_updated_date_format", "j. F Y G:i"),
                ("comment_moderation", "0"), ("moderation_notify", "1"), ("permalink_structure", "/%year%/%monthnum%/%postname%/"),
                ("hack_file", "0"), ("blog_charset", "UTF-8"), ("moderation_keys", ""), ("category_base", ""),
                ("ping_sites", "http://rpc.pingomatic.com/"), ("comment_max_links", "2"), ("gmt_offset", ""),
                ("default_email_category", "1"), ("recently_edited", ""), ("template", "twentytwentythree"),
                ("stylesheet", "twentytwentythree"), ("comment_registration", "0"), ("html_type", "text/html"),
                ("use_trackback", "0"), ("default_role", "subscriber"), ("db_version", "53496"),
                ("uploads_use_yearmonth_folders", "1"), ("upload_path", ""), ("blog_public", "1"),
                ("default_link_category", "2"), ("show_on_front", "posts"), ("tag_base", ""),
                ("show_avatars", "1"), ("avatar_rating", "G"), ("upload_url_path", ""),
                ("thumbnail_size_w", "150"), ("thumbnail_size_h", "150"), ("thumbnail_crop", "1"),
                ("medium_size_w", "300"), ("medium_size_h", "300"), ("avatar_default", "mystery"),
                ("large_size_w", "1024"), ("large_size_h", "1024"), ("image_default_link_type", "none"),
                ("image_default_size", ""), ("image_default_align", ""), ("close_comments_for_old_posts", "0"),
                ("close_comments_days_old", "14"), ("thread_comments", "1"), ("thread_comments_depth", "5"),
                ("page_comments", "0"), ("comments_per_page", "50"), ("default_comments_page", "newest"),
                ("comment_order", "asc"), ("sticky_posts", php([41])), ("timezone_string", "Europe/Berlin"),
                ("page_for_posts", "0"), ("page_on_front", "0"), ("default_post_format", "0"),
                ("link_manager_enabled", "0"), ("finished_splitting_shared_terms", "1"),
                ("site_icon", "0"), ("medium_large_size_w", "768"), ("medium_large_size_h", "0"),
                ("wp_page_for_privacy_policy", "3"), ("show_comments_cookies_opt_in", "1"),
                ("admin_email_lifespan", "1804000000"), ("disallowed_keys", ""), ("comment_previously_approved", "1"),
                ("auto_plugin_theme_update_emails", php([])), ("auto_update_core_dev", "enabled"),
                ("auto_update_core_minor", "enabled"), ("auto_update_core_major", "enabled"),
                ("wp_force_deactivated_plugins", php([])), ("initial_db_version", "53496"),
                ("fresh_site", "0"), ("WPLANG", "de_DE"), ("db_upgraded", ""), ("can_compress_scripts", "1"),
                ("recovery_keys", php({})), ("https_detection_errors", php({})),
                ("recently_activated", php({})), ("uninstall_plugins", php({}), "no"),
                ("widget_block", php({2: {"content": "<!-- wp:search /-->"}, 3: {"content": "<!-- wp:latest-posts /-->"}, "_multiwidget": 1})),
                ("sidebars_widgets", php({"wp_inactive_widgets": [], "sidebar-1": ["block-2", "block-3"], "array_version": 3})),
                ("active_plugins", php(["advanced-custom-fields/acf.php", "contact-form-7/wp-contact-form-7.php",
                                        "elementor/elementor.php", "woocommerce/woocommerce.php",
                                        "wordpress-seo/wp-seo.php"])),
                ("wp_user_roles", php({role: {"name": role.title(), "capabilities": {c: True for c in caps}}
                                       for role, caps in (("administrator", ["switch_themes", "edit_themes", "activate_plugins", "edit_plugins", "edit_users", "edit_files", "manage_options", "moderate_comments", "manage_categories", "manage_links", "upload_files", "import", "unfiltered_html", "edit_posts", "edit_others_posts", "edit_published_posts", "publish_posts", "edit_pages", "read"]),
                                                          ("editor", ["moderate_comments", "manage_categories", "upload_files", "edit_posts", "edit_others_posts", "publish_posts", "edit_pages", "read"]),
                                                          ("author", ["upload_files", "edit_posts", "edit_published_posts", "publish_posts", "read"]),
                                                          ("contributor", ["edit_posts", "read"]), ("subscriber", ["read"]),
                                                          ("customer", ["read"]), ("shop_manager", ["read", "edit_products", "manage_woocommerce"]))})),
                ("cron", php({int(NOW.timestamp()) + i * 3600: {hook: {"40cd750bba9870f18aada2478b24840a": {"schedule": "hourly", "args": [], "interval": 3600}}}
                              for i, hook in enumerate(["wp_version_check", "wp_update_plugins", "wp_update_themes",
                                                        "action_scheduler_run_queue", "woocommerce_cleanup_sessions",
                                                        "wp_scheduled_delete", "delete_expired_transients",
                                                        "wp_site_health_scheduled_check", "wpseo-reindex"])} | {"version": 2})),
                ("theme_mods_twentytwentythree", php({"custom_css_post_id": -1})),
                ]
        for item in core:
            add(*item)
        # rewrite_rules: a big serialized array, as on every permalink-enabled site
        rules = {}
        for base in ["category", "tag", "type", "product", "product-category", "author", "search",
                     "feed", "comments", "page", "elementor_library", "wp_template", "attachment"]:
            for suffix in ["(.+?)/feed/(feed|rdf|rss|rss2|atom)/?$", "(.+?)/(feed|rdf|rss|rss2|atom)/?$",
                           "(.+?)/embed/?$", "(.+?)/page/?([0-9]{1,})/?$", "(.+?)/?$",
                           "([^/]+)/attachment/([^/]+)/?$", "([^/]+)/trackback/?$"]:
                rules["%s/%s" % (base, suffix)] = "index.php?%s=$matches[1]&paged=$matches[2]" % base.replace("-", "_")
        for y in ("([0-9]{4})/([0-9]{1,2})/([0-9]{1,2})/([^/]+)", "([0-9]{4})/([0-9]{1,2})", "([0-9]{4})"):
            for suffix in ["/feed/(feed|rdf|rss|rss2|atom)/?$", "/embed/?$", "/page/?([0-9]{1,})/?$",
                           "/comment-page-([0-9]{1,})/?$", "/?$"]:
                rules[y + suffix] = "index.php?year=$matches[1]&monthnum=$matches[2]&paged=$matches[3]"
        add("rewrite_rules", php(rules))
        # plugins
        add("wpseo", php({"tracking": False, "toggled_tracking": False, "indexables_indexing_completed": True,
                          "version": "23.2", "first_activated_on": 1729415643, "site_type": "blog",
                          "company_or_person": "company", "company_name": "Küstenblick"}))
        add("wpseo_titles", php({"separator": "sc-dash", "title-home-wpseo": "%%sitename%% %%page%% %%sep%% %%sitedesc%%",
                                 "title-post": "%%title%% %%page%% %%sep%% %%sitename%%",
                                 "metadesc-post": "", "noindex-post": False}))
        add("wpseo_social", php({"og_default_image": "", "twitter_site": "@kuestenblick", "opengraph": True}))
        for k, v in (("elementor_version", "3.23.4"), ("elementor_active_kit", "7"),
                     ("elementor_cpt_support", php(["post", "page"])), ("elementor_disable_color_schemes", "yes"),
                     ("elementor_disable_typography_schemes", "yes"), ("elementor_onboarded", "1"),
                     ("acf_version", "6.3.4"), ("wpcf7", php({"version": "5.9.8", "bulk_validate": {"timestamp": 1729415700, "version": "5.9.8", "count_valid": 1, "count_invalid": 0}})),
                     ("woocommerce_version", "9.1.2"), ("woocommerce_db_version", "9.1.2"),
                     ("woocommerce_store_address", "Hafenstraße 12"), ("woocommerce_store_city", "Kiel"),
                     ("woocommerce_default_country", "DE:SH"), ("woocommerce_currency", "EUR"),
                     ("woocommerce_currency_pos", "right_space"), ("woocommerce_price_thousand_sep", "."),
                     ("woocommerce_price_decimal_sep", ","), ("woocommerce_price_num_decimals", "2"),
                     ("woocommerce_shop_page_id", "0"), ("woocommerce_cart_page_id", "0"),
                     ("woocommerce_checkout_page_id", "0"), ("woocommerce_myaccount_page_id", "0"),
                     ("woocommerce_custom_orders_table_enabled", "yes"), ("woocommerce_feature_custom_order_tables_enabled", "yes")):
            add(k, v)
        # transients (name/timeout pairs, not autoloaded)
        for i in range(30):
            key = hashlib.md5(("t%d" % i).encode()).hexdigest()
            add("_transient_timeout_wc_related_%d" % (i + 1), str(int(NOW.timestamp()) + 86400 * (i % 5 - 1)), "no")
            add("_transient_wc_related_%d" % (i + 1), php({"limit=5&exclude_ids[0]=0": [str(r.randint(4, 2000)) for _ in range(5)]}), "no")
            if i < 10:
                add("_site_transient_timeout_%s" % key, str(int(NOW.timestamp()) + 3600), "no")
                add("_site_transient_%s" % key, php({"checked": {"elementor/elementor.php": "3.23.4"}}), "no")
        add("_transient_doing_cron", "%d.%06d" % (int(NOW.timestamp()), 123456))
        add("_site_transient_update_core", php({"updates": [], "last_checked": int(NOW.timestamp()), "version_checked": "6.1.9"}), "no")
        # remaining WooCommerce / plugin settings up to 503 options
        groups = ["woocommerce_email", "woocommerce_tax", "woocommerce_ship", "woocommerce_api",
                  "woocommerce_checkout", "wpseo_tool", "elementor_experiment", "acf_field_group",
                  "wpcf7_form", "woocommerce_analytics"]
        i = 0
        while len(o) < 503:
            g = groups[i % len(groups)]
            val = r.choice(["yes", "no", "", str(r.randint(0, 1000)), php({"enabled": "yes", "title": "Zahlung per Überweisung",
                                                                            "description": "Bitte überweise den Betrag \u20ac an …"})])
            add("%s_setting_%03d" % (g, i), val, r.choice(["yes", "no"]))
            i += 1
        assert len({n for n, _, _ in o}) == len(o), "duplicate option names"
        self.options = o[:503]

    # ---- build
    def build(self):
        t0 = time.time()
        self.plan_articles()
        for a in self.articles:
            self.write_article_text(a)
        self.plan_other_posts()
        self.assign_ids()
        # fill in texts and names of posts
        for p in self.all_posts:
            if p.kind == "article":
                p.name = "" if p.status in ("draft", "pending") else slugify(p.title)
            elif p.kind == "revision":
                pa = p.parent
                p.title = pa.title + (" (Entwurf)" if p.rev_no == 0 and not any(w == "title" for w, _ in pa.plants.values()) else "")
                p.excerpt = pa.excerpt
                p.name = "%d-revision-v1" % pa.id
                p.modified = p.date
            if p.name is None:
                p.name = slugify(p.title or "") if p.title else ""
            if p.modified is None:
                p.modified = p.date
        self.plan_terms()
        self.plan_relationships()
        self.plan_postmeta()
        self.plan_comments()
        self.plan_options()
        self.build_seconds = time.time() - t0

    def post_row(self, p):
        content = p.content
        if p.kind == "revision":
            content = self.revision_content(p.parent, p.rev_no)
            parent = p.parent.id
        elif isinstance(p.parent, Post):
            parent = p.parent.id
        else:
            parent = p.parent or 0
        date_gmt = ZERO_DATE if p.status in ("draft", "pending", "auto-draft") else fmt(gmt(p.date))
        ptype = p.type
        guid = "%s/?%s=%d" % (SITE, "page_id" if ptype == "page" else "p", p.id)
        if ptype == "attachment":
            guid = "%s/wp-content/uploads/%s/%s" % (SITE, p.date.strftime("%Y/%m"), p.name)
        return [p.id, p.author or 1, fmt(p.date), date_gmt, content, p.title or "", p.excerpt or "",
                p.status, p.comment_status or "closed", "open" if p.kind == "article" else "closed",
                p.password or "", p.name or "", "", "", fmt(p.modified), fmt(gmt(p.modified)), "",
                parent, guid, p.menu_order or 0, ptype, p.mime or "", p.comment_count or 0]

    def write(self, path):
        schema = schema_statements()
        stats = {}
        tmp = path + ".tmp"
        with open(tmp, "w", encoding="utf-8", newline="\n") as f:
            f.write("-- pressdb WordPress benchmark fixture v%d, scale %s, seed %s (bench/wordpress/gen.py)\n"
                    % (FIXTURE_VERSION, self.scale, self.seed))
            f.write("SET NAMES utf8mb4;\n")
            for t in TABLES:
                f.write("DROP TABLE IF EXISTS `%s`;\n%s\n" % (t, schema[t]))
            w = DumpWriter(f)
            w.begin("wp_users", ["ID", "user_login", "user_pass", "user_nicename", "user_email", "user_url",
                                 "user_registered", "user_activation_key", "user_status", "display_name"])
            users = [(1, "admin", "Redaktion"), (2, "jonas", "Jonas Weiß"), (3, "maren", "Maren Ødegaard"),
                     (4, "leo", "Léo Martín"), (5, "aylin", "Aylin Yılmaz \U0001F3B8"), (6, "finn", "Finn O'Brien"),
                     (7, "shop", "Shop Manager"), (8, "guest", "Gast")]
            for uid, login, disp in users:
                w.row([uid, login, "$P$B%s" % hashlib.sha1(login.encode()).hexdigest()[:31], login,
                       login + "@kuestenblick.example", "", fmt(INSTALL + dt.timedelta(days=uid)), "", 0, disp])
            stats["wp_users"] = len(users)
            w.begin("wp_terms", ["term_id", "name", "slug", "term_group"])
            for t in self.terms:
                w.row([t["term_id"], t["name"], t["slug"], 0])
            w.begin("wp_term_taxonomy", ["term_taxonomy_id", "term_id", "taxonomy", "description", "parent", "count"])
            for t in self.terms:
                w.row([t["tt_id"], t["term_id"], t["taxonomy"], t["description"],
                       t["parent"]["term_id"] if t["parent"] else 0, t["count"]])
            stats["wp_terms"] = stats["wp_term_taxonomy"] = len(self.terms)
            w.begin("wp_term_relationships", ["object_id", "term_taxonomy_id", "term_order"])
            for oid, tt in self.rels:
                w.row([oid, tt, 0])
            stats["wp_term_relationships"] = len(self.rels)
            w.begin("wp_options", ["option_id", "option_name", "option_value", "autoload"])
            for i, (n, v, a) in enumerate(self.options):
                w.row([i + 1, n, v, a])
            stats["wp_options"] = len(self.options)
            w.begin("wp_comments", ["comment_ID", "comment_post_ID", "comment_author", "comment_author_email",
                                    "comment_author_url", "comment_author_IP", "comment_date", "comment_date_gmt",
                                    "comment_content", "comment_karma", "comment_approved", "comment_agent",
                                    "comment_type", "comment_parent", "user_id"])
            for c in self.comments:
                w.row([c["id"], c["post"], c["author"], c["email"], c["url"], c["ip"], fmt(c["date"]),
                       fmt(gmt(c["date"])), c["content"], c["karma"], c["approved"], c["agent"], c["type"],
                       c["parent"], c["user"]])
            stats["wp_comments"] = len(self.comments)
            w.begin("wp_postmeta", ["meta_id", "post_id", "meta_key", "meta_value"])
            for i, (pid, k, v) in enumerate(self.meta):
                w.row([i + 1, pid, k, v])
            stats["wp_postmeta"] = len(self.meta)
            w.begin("wp_posts", ["ID", "post_author", "post_date", "post_date_gmt", "post_content", "post_title",
                                 "post_excerpt", "post_status", "comment_status", "ping_status", "post_password",
                                 "post_name", "to_ping", "pinged", "post_modified", "post_modified_gmt",
                                 "post_content_filtered", "post_parent", "guid", "menu_order", "post_type",
                                 "post_mime_type", "comment_count"])
            search_rows = {wd: 0 for wd in vocab.SEARCH_WORDS}
            search_ids = {wd: [] for wd in vocab.SEARCH_WORDS}
            longest = 0
            for p in self.all_posts:
                row = self.post_row(p)
                w.row(row)
                longest = max(longest, len(row[4].encode("utf-8")))
                if row[20] in ("post", "page", "attachment") and row[7] == "publish" and row[10] == "":
                    hay = fold(row[5]), fold(row[6]), fold(row[4])
                    for wd in vocab.SEARCH_WORDS:
                        if any(wd in h for h in hay):
                            search_rows[wd] += 1
                            search_ids[wd].append((wd in hay[0], row[2], row[0]))
            w.flush()
            stats["wp_posts"] = len(self.all_posts)
            stats["wp_usermeta"] = stats["wp_termmeta"] = stats["wp_commentmeta"] = stats["wp_links"] = 0
        os.replace(tmp, path)
        # corpus checks over the articles
        bodies = sorted(len(a.content.encode("utf-8")) for a in self.articles)
        matches = {wd: sum(1 for a in self.articles
                           if any(fold(wd) in fold(x) for x in (a.title, a.excerpt, a.content)))
                   for wd in vocab.SEARCH_WORDS}
        deleted = set(self.deleted_ids)
        top10 = {wd: [i for _, _, i in sorted(v, reverse=True)[:10]] for wd, v in search_ids.items()}
        manifest = dict(
            fixture_version=FIXTURE_VERSION, scale=self.scale, seed=self.seed, generator=generator_hash(),
            dump=os.path.basename(path), dump_bytes=os.path.getsize(path), statements=w.statements,
            largest_statement_bytes=w.largest, build_seconds=round(self.build_seconds, 2),
            rows=stats, articles=len(self.articles),
            revisions=len(self.revisions),
            article_types={t: sum(1 for a in self.articles if a.type == t) for t in ("post", "page")},
            article_statuses={s_: sum(1 for a in self.articles if a.status == s_) for s_ in sorted({a.status for a in self.articles})},
            body_bytes=dict(min=bodies[0], median=statistics.median(bodies), max=bodies[-1],
                            mean=round(statistics.mean(bodies), 1)),
            longest_post_content_bytes=longest,
            search_article_matches=matches,
            search_expected=dict((wd, dict(found_rows=search_rows[wd], first_ids=top10[wd])) for wd in vocab.SEARCH_WORDS),
            post41_terms=len([1 for oid, tt in self.rels if oid == 41]),
            popular_tag_tt_id=self.popular["tt_id"],
            deleted_post_ids=len(self.deleted_ids),
            comments_on_deleted_posts=sum(1 for c in self.comments if c["post"] in deleted),
        )
        return manifest


def generator_hash():
    h = hashlib.sha256()
    for name in ("gen.py", "vocab.py"):
        with open(os.path.join(HERE, name), "rb") as f:
            h.update(f.read())
    return h.hexdigest()[:12]


def check_vocab():
    """No word list may contain a search word (they must appear only where planted)."""
    pieces = []
    for t in vocab.TOPICS:
        pieces += [t[0]] + t[2] + t[3] + t[4] + ([t[5]] if t[5] else [])
    pieces += (vocab.PLACES + vocab.PEOPLE + vocab.SENTENCES + vocab.HEADINGS + vocab.TITLES +
               vocab.EXCERPTS + vocab.TAGS + vocab.NEAR_MISSES + vocab.FIRST_NAMES + vocab.LAST_NAMES +
               vocab.COMMENT_LINES)
    for p in pieces:
        for w in vocab.SEARCH_WORDS:
            assert fold(w) not in fold(p), "word list entry %r contains %r" % (p, w)


def scale_tag(scale):
    return ("%g" % scale).replace(".", "p")


def fixture_path(scale, seed=DEFAULT_SEED):
    return os.path.join(DATA_DIR, "wp-s%s-seed%s-%s.sql" % (scale_tag(scale), seed, generator_hash()))


def ensure_fixture(scale=1.0, seed=DEFAULT_SEED, log=print, force=False):
    """Return (dump path, manifest), generating the dump unless an identical one exists."""
    check_vocab()
    os.makedirs(DATA_DIR, exist_ok=True)
    path = fixture_path(scale, seed)
    mpath = path[:-4] + ".json"
    if not force and os.path.exists(path) and os.path.exists(mpath):
        with open(mpath) as f:
            return path, json.load(f)
    prefix = os.path.basename(path).rsplit("-", 1)[0] + "-"
    for old in os.listdir(DATA_DIR):           # dumps of an older generator version
        if old.startswith(prefix) and not path.endswith(old) and not mpath.endswith(old):
            os.remove(os.path.join(DATA_DIR, old))
    log("generating WordPress fixture scale %g seed %s -> %s" % (scale, seed, os.path.relpath(path)))
    t0 = time.time()
    fx = Fixture(scale, seed)
    fx.build()
    manifest = fx.write(path)
    manifest["generate_seconds"] = round(time.time() - t0, 2)
    problems = verify(manifest)
    manifest["verify_problems"] = problems
    with open(mpath, "w") as f:
        json.dump(manifest, f, indent=1, ensure_ascii=False)
    for p in problems:
        log("fixture check: " + p)
    return path, manifest


def verify(m):
    """Compare a manifest with the spec; returns a list of problems (empty = as specified)."""
    s = m["scale"]
    probs = []
    exp = dict(nightjar=scaled(10, s), realistic=scaled(80, s), performance=scaled(240, s), quasarless=0)
    for w, n in exp.items():
        if m["search_article_matches"][w] != n:
            probs.append("%s matches %d articles, expected %d" % (w, m["search_article_matches"][w], n))
    if m["articles"] != scaled(2000, s):
        probs.append("articles %d" % m["articles"])
    if m["revisions"] != 10 * m["articles"]:
        probs.append("revisions %d" % m["revisions"])
    b = m["body_bytes"]
    if b["min"] != BODY_MIN or b["max"] != BODY_MAX or abs(b["median"] - BODY_MEDIAN) > 2:
        probs.append("body bytes %s" % b)
    if s == 1:
        want = dict(wp_posts=22063, wp_postmeta=14013, wp_comments=6001, wp_options=503, wp_terms=175,
                    wp_term_taxonomy=175, wp_term_relationships=7701)
        for t, n in want.items():
            if m["rows"][t] != n:
                probs.append("%s has %d rows, expected %d" % (t, m["rows"][t], n))
        if m["search_expected"]["realistic"]["found_rows"] != 83:
            probs.append("search 'realistic' finds %d rows, expected 83" % m["search_expected"]["realistic"]["found_rows"])
    if m["post41_terms"] != 16:
        probs.append("post 41 has %d term relationships, expected 16" % m["post41_terms"])
    if m["largest_statement_bytes"] > 1_100_000:
        probs.append("largest INSERT is %d bytes" % m["largest_statement_bytes"])
    return probs


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--scale", type=float, default=1.0)
    ap.add_argument("--seed", type=int, default=DEFAULT_SEED)
    ap.add_argument("--out", help="write the dump here instead of bench/wordpress/data/")
    ap.add_argument("--force", action="store_true", help="regenerate even if the dump exists")
    ap.add_argument("--verify", action="store_true", help="print the manifest and check it against the spec")
    a = ap.parse_args()
    if a.out:
        check_vocab()
        fx = Fixture(a.scale, a.seed)
        fx.build()
        m = fx.write(a.out)
        m["verify_problems"] = verify(m)
        path = a.out
    else:
        path, m = ensure_fixture(a.scale, a.seed, force=a.force)
    print(path)
    if a.verify or a.out:
        print(json.dumps(m, indent=1, ensure_ascii=False))
        if m.get("verify_problems"):
            print("FIXTURE DOES NOT MATCH THE SPEC:\n  " + "\n  ".join(m["verify_problems"]))
            sys.exit(1)
        print("fixture matches the spec")


if __name__ == "__main__":
    main()
