"""The deterministic string corpus of the collation test.

corpus(n, seed) returns n strings (duplicates included on purpose: GROUP BY and
DISTINCT need equal and nearly equal strings). Built from fragments of many
scripts and the tricky cases of collations (accents and case, German, Nordic,
Turkish, Greek, Cyrillic, CJK, Hangul, emoji, combining marks, ligatures,
full-width forms, leading and trailing spaces, the empty string, punctuation,
digits, control characters), combined at random with a fixed seed, plus single
code points drawn from the Unicode blocks those scripts live in.
"""

import random

FRAGMENTS = [
    # Latin: accents and case
    "a", "A", "á", "Á", "à", "â", "ä", "Ä", "ã", "å", "Å", "ā", "ă", "ą", "b", "c", "ç", "Ç", "č", "ć",
    "d", "ð", "Ð", "đ", "e", "é", "É", "è", "ê", "ë", "ē", "ę", "ě", "i", "I", "í", "ì", "î", "ï",
    "n", "ñ", "Ñ", "ń", "o", "ó", "ò", "ô", "ö", "Ö", "õ", "ø", "Ø", "ő", "u", "ú", "ù", "û", "ü", "Ü",
    "ű", "y", "ý", "ÿ", "Ÿ", "z", "ž", "Ž", "ź", "ż", "s", "š", "Š", "ś", "l", "ł", "Ł", "r", "ř", "t", "ť",
    "þ", "Þ", "resume", "résumé", "Résumé", "RESUME", "cote", "côte", "coté", "côté", "naive", "naïve",
    "cafe", "café", "CAFÉ", "facade", "façade", "elan", "élan", "apple", "Apple", "APPLE", "zebra", "Zebra",
    # German
    "ß", "ẞ", "ss", "SS", "Straße", "Strasse", "STRASSE", "strasse", "Müller", "Mueller", "Muller", "MÜLLER",
    "Ärger", "Aerger", "Öl", "Oel", "über", "ueber", "Über", "Fuß", "Fuss", "Maß", "Masse",
    # Nordic
    "Århus", "Aarhus", "aa", "AA", "Aa", "æ", "Æ", "ae", "AE", "Ærø", "ærø", "øre", "Øre", "oe", "Ø", "å",
    "Ångström", "Angstrom", "smörgåsbord", "Þorsteinn", "Ísland",
    # Turkish
    "ı", "İ", "i̇", "ş", "Ş", "ğ", "Ğ", "İstanbul", "istanbul", "Istanbul", "ıstanbul", "ISTANBUL", "şeker",
    "Şeker", "seker", "dağ", "dag", "kılıç", "KILIÇ",
    # Greek
    "α", "Α", "ά", "Ά", "β", "γ", "σ", "ς", "Σ", "ω", "Ω", "ώ", "ΐ", "Αθήνα", "αθηνα", "ΑΘΗΝΑ", "σίσυφος",
    "Σίσυφος", "λόγος", "ΛΟΓΟΣ",
    # Cyrillic
    "а", "А", "б", "е", "Е", "ё", "Ё", "и", "й", "Й", "и\u0306", "И\u0306", "ж", "ы", "я", "Я", "ї", "є", "ґ",
    "Москва", "москва", "МОСКВА", "ёлка", "Ёлка", "елка", "Київ", "България",
    # CJK, kana, Hangul
    "中", "文", "中文", "日本語", "漢字", "汉字", "東京", "北京", "一", "二", "三", "丁", "七", "〇", "龍", "龙",
    "ひらがな", "カタカナ", "ｶﾀｶﾅ", "か", "が", "カ", "ガ", "ｶ", "ー", "々", "ゝ",
    "한국어", "한글", "가", "각", "나", "\u1100\u1161", "\u1112\u1161\u11ab", "ㄱ", "ㅏ",
    # emoji and other 4-byte characters
    "😀", "😃", "😄", "👍", "👍🏽", "👨\u200d👩\u200d👧", "🇩🇪", "🇫🇷", "❤", "❤️", "🎉", "𝄞", "𠀀", "𠀁", "𩸽",
    "𝐀", "𝐚", "🅰",
    # combining marks
    "e\u0301", "E\u0301", "a\u0308", "A\u030a", "o\u0302\u0323", "\u0301", "\u0308", "n\u0303", "c\u0327",
    "u\u0308\u0301", "\u0323",
    # ligatures and compatibility
    "ﬁ", "ﬂ", "fi", "fl", "ﬀ", "œ", "Œ", "oe", "Ǆ", "ǅ", "ǆ", "DŽ", "Ĳ", "ĳ", "ij", "ŉ", "ſ", "™", "℃", "Å",
    "K", "ª", "º", "µ", "μ",
    # full-width forms
    "ＡＢＣ", "ａｂｃ", "Ａ", "ａ", "１２３", "１", "！", "　",
    # spaces and controls
    " ", "  ", "\t", "\u00a0", "\u2003", "\u3000", "\n", "\u200b", "\u00ad", "\x00", "\x01", "\x7f",
    # punctuation and symbols
    "-", "_", ".", ",", ";", ":", "'", '"', "!", "?", "(", ")", "[", "]", "{", "}", "/", "\\", "|", "@", "#",
    "$", "%", "&", "*", "+", "=", "<", ">", "^", "`", "~", "«", "»", "‘", "’", "“", "”", "—", "–", "…", "•",
    "§", "¶", "©", "®", "°", "±", "×", "÷", "€", "£", "¥", "¢", "¿", "¡",
    # digits
    "0", "1", "2", "9", "10", "01", "100", "٣", "①", "½", "²", "³", "¹", "Ⅻ", "ⅻ", "१", "๓",
]

# blocks to draw single code points from
BLOCKS = [
    (0x20, 0x7e), (0xa0, 0xff), (0x100, 0x24f), (0x250, 0x2af), (0x2b0, 0x36f), (0x370, 0x3ff),
    (0x400, 0x4ff), (0x530, 0x58f), (0x590, 0x5ff), (0x600, 0x6ff), (0x900, 0x97f), (0xe00, 0xe7f),
    (0x1100, 0x11ff), (0x1e00, 0x1eff), (0x1f00, 0x1fff), (0x2000, 0x206f), (0x2070, 0x209f),
    (0x20a0, 0x20cf), (0x2100, 0x214f), (0x2150, 0x218f), (0x2190, 0x21ff), (0x2200, 0x22ff),
    (0x2460, 0x24ff), (0x2500, 0x257f), (0x3000, 0x303f), (0x3040, 0x309f), (0x30a0, 0x30ff),
    (0x3130, 0x318f), (0x3400, 0x4dbf), (0x4e00, 0x9fff), (0xac00, 0xd7a3), (0xf900, 0xfaff),
    (0xfb00, 0xfb4f), (0xfe30, 0xfe4f), (0xff00, 0xffef), (0xfff0, 0xfffd),
    (0x10000, 0x1007f), (0x1d400, 0x1d7ff), (0x1f300, 0x1f64f), (0x1f900, 0x1f9ff), (0x20000, 0x2a6df),
    (0x2f800, 0x2fa1f), (0xe0000, 0xe007f),
]


def _case(rng, s):
    r = rng.random()
    if r < 0.15:
        return s.upper()
    if r < 0.3:
        return s.lower()
    if r < 0.4:
        return s.title()
    return s


def corpus(n=12000, seed=20261130):
    rng = random.Random(seed)
    out = list(FRAGMENTS)
    out.append("")
    for f in FRAGMENTS[:200]:
        out.append(" " + f)
        out.append(f + " ")
        out.append(f + "  ")
    while len(out) < n:
        r = rng.random()
        if r < 0.45:
            k = rng.choice((1, 2, 2, 3, 3, 4))
            parts = [_case(rng, rng.choice(FRAGMENTS)) for _ in range(k)]
            sep = rng.choice(("", "", "", " ", "-", "_", "'"))
            s = sep.join(parts)
        elif r < 0.7:
            lo, hi = rng.choice(BLOCKS)
            k = rng.choice((1, 1, 2, 3))
            s = "".join(chr(rng.randint(lo, hi)) for _ in range(k))
            if rng.random() < 0.3:
                s = rng.choice(FRAGMENTS) + s
        elif r < 0.85:
            # near duplicates of something already there
            b = rng.choice(out)
            t = rng.random()
            if t < 0.25:
                s = b.upper()
            elif t < 0.5:
                s = b.lower()
            elif t < 0.65:
                s = b + " " * rng.randint(1, 3)
            elif t < 0.8:
                s = " " + b
            else:
                s = b + rng.choice(("\u0301", "\u0308", "\t", "\u00a0", "\u200b", "\x00"))
        else:
            # ASCII words and numbers (the common case in WordPress)
            k = rng.randint(1, 12)
            alpha = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -_.'"
            s = "".join(rng.choice(alpha) for _ in range(k))
        out.append(s[:60])
    return out[:n]


# The characters of the single-byte and East Asian character sets, as MariaDB maps them
# ({charset: set of characters}); tests/collation/run.py fills it from MariaDB.
REPERTOIRES = {}


def from_repertoire(rep, n, seed):
    """n strings of rep's characters: single characters, short runs, words with
    case variants and spaces (the repertoire's letters meet each other)."""
    rng = random.Random(seed)
    chars = sorted(rep)
    letters = [c for c in chars if c.isalpha()] or chars
    # every character of a small repertoire; a third of n drawn from a large one (big5's)
    out = list(chars) if len(chars) <= n else rng.sample(chars, n // 3) + chars[:128]
    while len(out) < n:
        r = rng.random()
        if r < 0.5:
            s = "".join(rng.choice(letters) for _ in range(rng.randint(1, 6)))
        elif r < 0.8:
            s = "".join(rng.choice(chars) for _ in range(rng.randint(1, 4)))
        else:
            b = rng.choice(out)
            s = rng.choice((b.upper(), b.lower(), b + " ", " " + b, b + rng.choice(letters)))
        if all(c in rep for c in s):
            out.append(s[:60])
    return out[:n]


def fits(s, charset):
    """Whether MariaDB can store s unchanged in a column of this charset."""
    if charset in REPERTOIRES:
        rep = REPERTOIRES[charset]
        return all(c in rep for c in s)
    if charset == "utf8mb4":
        return True
    if charset in ("utf8mb3", "ucs2"):
        return all(ord(c) <= 0xffff for c in s)
    if charset in ("utf16", "utf16le", "utf32"):
        return True
    if charset == "latin1":
        # MariaDB's latin1 is Windows-1252 (its bytes 0x80-0x9f hold the cp1252 characters)
        for c in s:
            if 0x80 <= ord(c) <= 0x9f:
                return False
            try:
                c.encode("cp1252")
            except UnicodeEncodeError:
                return False
        return True
    raise ValueError(charset)
