#!/bin/sh
# book_svg_contrast.sh DIR - the text of every figure in DIR reads at WCAG's
# AA contrast: a <text> (or <tspan>) whose colour has a contrast ratio
# below 4.5:1 against white, the page behind the figures, is given the
# darkest shade of the same hue that reaches 4.5:1 (its colour darkened in
# steps). Shapes keep their colours. `check` as a second argument changes
# nothing and fails if some text is below 4.5:1.
set -u
dir=$1; mode=${2:-fix}
command -v python3 >/dev/null 2>&1 || { echo "error: python3 not found (apt-get install python3)"; exit 2; }
python3 - "$dir" "$mode" <<'PY'
import glob, os, re, sys
import xml.etree.ElementTree as ET
folder, mode = sys.argv[1], sys.argv[2]
NAMED = {"black": "#000000", "white": "#ffffff", "red": "#ff0000", "green": "#008000", "blue": "#0000ff",
         "gray": "#808080", "grey": "#808080", "orange": "#ffa500", "purple": "#800080", "navy": "#000080",
         "darkgray": "#a9a9a9", "darkgrey": "#a9a9a9", "dimgray": "#696969", "silver": "#c0c0c0"}
def rgb(c):
    c = NAMED.get(c.strip().lower(), c.strip())
    m = re.fullmatch(r"#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})", c)
    if not m: return None
    h = m.group(1)
    if len(h) == 3: h = "".join(ch * 2 for ch in h)
    return [int(h[i:i + 2], 16) for i in (0, 2, 4)]
def lum(c):
    v = [x / 255 for x in c]
    v = [x / 12.92 if x <= 0.03928 else ((x + 0.055) / 1.055) ** 2.4 for x in v]
    return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2]
def ratio(c):
    return 1.05 / (lum(c) + 0.05)
def style_of(el):
    return dict((k.strip(), v.strip()) for k, v in
                (p.split(":", 1) for p in (el.get("style") or "").split(";") if ":" in p))
def own_fill(el):
    st = style_of(el)
    f = st.get("fill", el.get("fill"))
    if f in ("currentColor", "currentcolor"):
        f = st.get("color", el.get("color"))
    return f
ET.register_namespace("", "http://www.w3.org/2000/svg")
ET.register_namespace("xlink", "http://www.w3.org/1999/xlink")
bad = fixed = texts = 0
for path in sorted(glob.glob(os.path.join(folder, "*.svg"))):
    tree = ET.parse(path)
    parent = {c: p for p in tree.iter() for c in p}
    changed = False
    for el in tree.iter():
        if el.tag.split("}")[-1] not in ("text", "tspan"): continue
        # the fill in effect: its own, else the nearest ancestor's (black by default)
        node, fill = el, None
        while node is not None and fill is None:
            fill = own_fill(node)
            node = parent.get(node)
        c = rgb(fill) if fill else [0, 0, 0]
        if c is None: continue
        texts += 1
        if ratio(c) >= 4.5: continue
        if mode == "check":
            bad += 1; print("FAIL: %s: text in %s (%.2f:1)" % (os.path.basename(path), fill, ratio(c))); continue
        while ratio(c) < 4.5:
            c = [int(x * 0.92) for x in c]
        new = "#%02x%02x%02x" % tuple(c)
        st = style_of(el)
        if "fill" in st:
            st["fill"] = new
            el.set("style", "; ".join("%s:%s" % kv for kv in st.items()))
        el.set("fill", new)
        fixed += 1; changed = True
    if changed:
        tree.write(path, encoding="utf-8", xml_declaration=True)
if mode == "check":
    if not glob.glob(os.path.join(folder, "*.svg")):
        print("skipped: no figures in %s (the book was not built)" % folder); sys.exit(77)
    print("figure text: %d text elements, %d below 4.5:1 against white" % (texts, bad))
    if texts == 0:
        print("FAIL: no text found in the figures: nothing was checked"); sys.exit(1)
    sys.exit(1 if bad else 0)
print("book: figure text: %d of %d text elements darkened to 4.5:1" % (fixed, texts))
PY
