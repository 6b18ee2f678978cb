# shellcheck shell=sh disable=SC2154
# gradescope.sh - sourced by the kit tests: a chapter's kit and its autograder zip, unpacked in
# Gradescope's layout (source/, submission/, results/ under one root). The test that sources it
# gives $tmp (a scratch folder) and fail().

# gradescope_layout CHAPTER ROOT [REPOSITORY]: makes the chapter's kits in $tmp/dist (from
# REPOSITORY, by default this one; make_kit's report in $tmp/kitlog) and unpacks the autograder
# zip into ROOT/source, beside an empty ROOT/submission.
gradescope_layout() {
    python3 assignments/tools/make_kit.py ${3:+--root "$3"} --out "$tmp/dist" --chapter "$1" --no-book \
        > "$tmp/kitlog" 2>&1 || { cat "$tmp/kitlog"; fail "make_kit"; }
    mkdir -p "$2/source" "$2/submission"
    python3 -c "import zipfile, sys; zipfile.ZipFile(sys.argv[1]).extractall(sys.argv[2])" \
        "$tmp/dist/$1-autograder.zip" "$2/source" || fail "unzip"
}

# hand_in_reference CHAPTER FOLDER: the files the chapter's kit asks for, as the reference
# solution has them (the book's view of each source), written into FOLDER.
hand_in_reference() {
    mkdir -p "$2"
    for f in $(grep -v '^#' "$tmp/dist/$1/assignments/$1.submit"); do
        python3 assignments/tools/markers.py book "$f" > "$2/$(basename "$f")" || fail "$f"
    done
}
