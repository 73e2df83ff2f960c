"""Candidate contractions: the strings ICU's root collator treats as contractions.

Used by gen_tables.py only as a list of candidates: which of them MariaDB
really treats as contractions is asked of MariaDB itself (the weight string
of the sequence differs from the concatenation of its characters' weights).
Reads ICU through ctypes (libicu is a build dependency of pressdb).
"""

import ctypes
import ctypes.util
import re


def _lib():
    """libicui18n and its version suffix (ICU's symbols are named ucol_open_72 etc.)."""
    p = ctypes.util.find_library("icui18n")
    if not p:
        raise RuntimeError("libicui18n not found (apt-get install libicu-dev)")
    m = re.search(r"\.so\.(\d+)", p)
    lib = ctypes.CDLL(p)
    if m:
        return lib, m.group(1)
    for v in range(100, 40, -1):   # an unversioned name: find the suffix
        if hasattr(lib, "ucol_open_%d" % v):
            return lib, str(v)
    return lib, ""


def contractions(locale=""):
    """Sorted list of tuples of code points (length >= 2) of ICU's collator for locale
    (root by default)."""
    lib, ver = _lib()

    def f(name):
        for n in (name + "_" + ver, name):
            try:
                return getattr(lib, n)
            except AttributeError:
                pass
        raise RuntimeError("ICU symbol %s missing" % name)

    ucol_open = f("ucol_open")
    ucol_open.restype = ctypes.c_void_p
    ucol_open.argtypes = [ctypes.c_char_p, ctypes.POINTER(ctypes.c_int)]
    uset_open = f("uset_openEmpty")
    uset_open.restype = ctypes.c_void_p
    getce = f("ucol_getContractionsAndExpansions")
    getce.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_byte, ctypes.POINTER(ctypes.c_int)]
    count = f("uset_getItemCount")
    count.argtypes = [ctypes.c_void_p]
    item = f("uset_getItem")
    item.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.POINTER(ctypes.c_int), ctypes.POINTER(ctypes.c_int),
                     ctypes.c_void_p, ctypes.c_int, ctypes.POINTER(ctypes.c_int)]
    st = ctypes.c_int(0)
    coll = ucol_open(locale.encode(), ctypes.byref(st))
    if st.value > 0:
        raise RuntimeError("ucol_open failed")
    cset = uset_open()
    getce(coll, cset, None, 1, ctypes.byref(st))
    out = set()
    buf = ctypes.create_string_buffer(256)
    for i in range(count(cset)):
        a, b, e = ctypes.c_int(), ctypes.c_int(), ctypes.c_int(0)
        n = item(cset, i, ctypes.byref(a), ctypes.byref(b), buf, 64, ctypes.byref(e))
        if n <= 0:
            continue
        s = buf.raw[:2 * n].decode("utf-16-le", "surrogatepass")
        cps = tuple(ord(ch) for ch in s)
        if len(cps) >= 2 and all(not (0xD800 <= c <= 0xDFFF) for c in cps):
            out.add(cps)
    return sorted(out)


if __name__ == "__main__":
    c = contractions()
    print(len(c))
    for x in c[:20]:
        print(" ".join("%04X" % v for v in x))
