#!/usr/bin/env python3
"""replace_once.py FILE OLD NEW - FILE with the text OLD replaced by NEW, in place.

OLD must occur exactly once: a test that edits a source (an exercise's change, a
planted mistake) must fail loudly when the source moved under it, not quietly
test the unedited file. Exit 0 done, 1 OLD not exactly once, 2 usage.
"""
import sys

if len(sys.argv) != 4:
    sys.exit("usage: replace_once.py FILE OLD NEW")
path, old, new = sys.argv[1:]
with open(path) as f:
    text = f.read()
count = text.count(old)
if count != 1:
    print(f"error: {path}: {count} occurrences of {old!r}, expected exactly 1", file=sys.stderr)
    sys.exit(1)
with open(path, "w") as f:
    f.write(text.replace(old, new))
