#!/usr/bin/env python3
"""check_repo.py [ROOT] - the repository's assignments are well formed.

  - every C/CUDA source of every chapter (a folder with a module.mk) parses:
    its solution markers, if any, follow the rules of markers.py;
  - every assignments/<chapter>.md (the chapter's registry: intro, then a ```grading
    block of points, gate, hidden and time lines) names a chapter folder, only tests
    of that chapter's tests.list, and the chapter has solution regions; its gates name
    CPU items of its points, its hidden tests are well formed.
Prints one line per problem (FILE:LINE: ...) and exits 1 if there is any.
"""
import os
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import grade    # noqa: E402
import markers  # noqa: E402
from make_kit import KitError, read_gates, walk_files  # noqa: E402


def main(argv):
    root = os.path.abspath(argv[1] if len(argv) > 1 else ".")
    problems, regions = [], {}
    chapters = sorted(d for d in os.listdir(root) if os.path.isfile(os.path.join(root, d, "module.mk")))
    for ch in chapters:
        regions[ch] = 0
        for rel in walk_files(os.path.join(root, ch)):
            rel = os.path.join(ch, rel)
            if markers.is_source(rel):
                try:
                    regions[ch] += len(markers.parse_file(os.path.join(root, rel), rel)[0])
                except (markers.MarkerError, UnicodeDecodeError) as e:
                    problems.append(str(e))
    folder = os.path.join(root, "assignments")
    points_files = sorted(n for n in os.listdir(folder) if n.endswith(".md") and n not in
                          ("README.md", "PLAN.md")) if os.path.isdir(folder) else []
    for name in points_files:
        ch, path = name[:-len(".md")], os.path.join("assignments", name)
        if ch not in regions:
            problems.append(f"{path}: no chapter folder '{ch}' with a module.mk")
            continue
        try:
            tests = grade.read_tests(root, ch)
            items = grade.read_points(os.path.join(root, path), tests)
            read_gates(os.path.join(root, path), items, tests, b"check_repo: any secret", ch)
            grade.read_hidden(os.path.join(root, path))
            grade.read_times(os.path.join(root, path))
        except (grade.ListError, KitError) as e:
            problems.append(str(e).replace(root + os.sep, ""))
        if regions[ch] == 0:
            problems.append(f"{path}: {ch}/ has no solution regions yet")
    for p in problems:
        print(f"FAIL: {p}")
    print(f"{len(chapters)} chapters, {sum(regions.values())} solution regions "
          f"({', '.join(f'{c} {n}' for c, n in regions.items() if n) or 'none yet'}), "
          f"{len(points_files)} chapter registries, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
