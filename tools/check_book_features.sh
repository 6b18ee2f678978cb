#!/bin/sh
# check_book_features.sh [BOOK_DIR] - every "CUDA features used" entry of
# the book links to a section that explains the feature.
#
# A chapter opens with **CUDA features used.**, as a table (feature | ... |
# [Section 1.4](#sec-1.4)) or as prose (entries separated by ';', each with
# its link). For every entry that links to a section (#sec-N.M), each name
# the entry writes as code (`__syncwarp()`, `thread_block_tile<32>`:
# identifiers of three or more characters, hex masks) and each of a few
# feature words (opt-in, dynamic, banks, fences, ...) must appear in the
# text of the linked section, from its heading to the next one of its level.
# Listings are woven in from the sources at build time, so the prose itself
# must name the feature: a section that only shows it in code does not
# count as explaining it.
#
# --self-test: runs the check on two small made-up books, one right and one
# with an entry that links to a section which never names the feature, and
# fails unless the first passes and the second fails.
set -eu
if [ "${1:-}" = --self-test ]; then
    tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
    mkdir -p "$tmp/good" "$tmp/bad"
    printf '## 1.1 Warps {#sec-1.1}\n\nA warp waits at `__syncwarp()`, with opt-in sizes.\n\n## 1.2 Other {#sec-1.2}\n\nAtomics.\n' > "$tmp/good/01.md"
    cp "$tmp/good/01.md" "$tmp/bad/01.md"
    printf '**CUDA features used.** `__syncwarp` ([Section 1.1](#sec-1.1)); opt-in sizes ([Section 1.1](#sec-1.1)).\n' > "$tmp/good/02.md"
    printf '**CUDA features used.**\n\n| feature | where |\n|---|---|\n| `__syncwarp()` | [Section 1.2](#sec-1.2) |\n' > "$tmp/bad/02.md"
    sh "$0" "$tmp/good" > "$tmp/good.log" 2>&1 || { cat "$tmp/good.log"; echo "FAIL: a right book was refused"; exit 1; }
    if sh "$0" "$tmp/bad" > "$tmp/bad.log" 2>&1; then
        cat "$tmp/bad.log"; echo "FAIL: __syncwarp linked to a section without it was let through"; exit 1
    fi
    grep -q '__syncwarp' "$tmp/bad.log" || { cat "$tmp/bad.log"; echo "FAIL: the refusal does not name the feature"; exit 1; }
    echo "self-test: the right book passes, the wrong link is refused"
    exit 0
fi
book=${1:-book}
exec python3 - "$book" <<'EOF'
import glob, re, sys

book = sys.argv[1]
chapters = sorted(glob.glob(book + "/*.md"))
WORDS = ["opt-in", "dynamic", "banks", "fence", "flags", "occupancy", "cooperative",
         "pinned", "events", "racecheck", "synccheck", "memcheck", "initcheck",
         "partial warps", "full mask", "vector loads", "coalesc", "sectors", "2-D"]

# The text of every section, by anchor: heading line to the next heading of
# the same or a higher level.
sections = {}
for path in chapters:
    lines = open(path, encoding="utf-8").read().split("\n")
    for i, line in enumerate(lines):
        m = re.match(r"^(#+) .*\{#(sec-[0-9.]+)\}", line)
        if not m:
            continue
        level, end = len(m.group(1)), len(lines)
        for j in range(i + 1, len(lines)):
            h = re.match(r"^(#+) ", lines[j])
            if h and len(h.group(1)) <= level:
                end = j
                break
        sections[m.group(2)] = "\n".join(lines[i:end])

def entries(path):
    """(feature text, [anchors]) of the chapter's CUDA features used."""
    lines = open(path, encoding="utf-8").read().split("\n")
    for i, line in enumerate(lines):
        if line.startswith("**CUDA features used.**"):
            break
    else:
        return
    para = []
    j = i
    while j < len(lines) and lines[j].strip():
        para.append(lines[j]); j += 1
    while j < len(lines) and not lines[j].strip():
        j += 1
    if j < len(lines) and lines[j].startswith("|"):
        rows = []
        while j < len(lines) and lines[j].startswith("|"):
            rows.append(lines[j]); j += 1
        for row in rows[2:]:  # after the header and the |---| line
            cells = [c.strip() for c in row.strip("|").split("|")]
            yield cells[0], re.findall(r"\(#(sec-[0-9.]+)\)", row)
        return
    text = " ".join(para)[len("**CUDA features used.**"):]
    # "New here, and explained where they first appear: ..." ends the list
    text = re.split(r"New here", text)[0]
    for entry in text.split(";"):
        anchors = re.findall(r"\(#(sec-[0-9.]+)\)", entry)
        feature = re.sub(r"\s*\(\s*\)", "", re.sub(r"\[[^\]]*\]\(#[^)]*\)", "", entry))
        yield feature, anchors

def terms(feature):
    found = []
    for span in re.findall(r"`([^`]+)`", feature):
        found += re.findall(r"0x[0-9a-fA-F]+|[A-Za-z_]\w*(?:<\d+>)?", span)
    found = [t for t in found if len(t) >= 3 or t.startswith("0x")]
    plain = re.sub(r"`[^`]*`", "", feature).lower()
    found += [w for w in WORDS if w.lower() in plain]
    return found

checked = failed = 0
for path in chapters:
    for feature, anchors in entries(path):
        for anchor in anchors:
            if anchor not in sections:
                print("FAIL: %s: '%s' links to #%s, which no section carries" % (path, feature.strip(), anchor))
                failed += 1
                continue
            text = sections[anchor].lower()
            for t in terms(feature):
                checked += 1
                if t.lower() not in text:
                    print("FAIL: %s: '%s' links to #%s, which never names %s"
                          % (path, " ".join(feature.split()), anchor, t))
                    failed += 1
print("features used: %d names checked against their sections, %d missing" % (checked, failed))
if checked == 0:
    print("FAIL: no 'CUDA features used' entry was found to check")
    sys.exit(1)
sys.exit(1 if failed else 0)
EOF
