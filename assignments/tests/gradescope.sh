# shellcheck shell=sh disable=SC2154
# gradescope.sh - sourced by the kit tests: a chapter's kit and its autograder zip, unpacked in
# Gradescope's layout (source/, submission/, results/ under one root). The test that sources it
# gives $tmp (a scratch folder) and fail().

# gradescope_layout CHAPTER ROOT [REPOSITORY]: makes the chapter's kits in $tmp/dist (from
# REPOSITORY, by default this one; make_kit's report in $tmp/kitlog) and unpacks the autograder
# zip into ROOT/source, beside an empty ROOT/submission and Gradescope's
# ROOT/submission_metadata.json (readable by all, as it may come: it can hold the results of
# earlier submissions; run_autograder must make it root's alone).
gradescope_layout() {
    python3 assignments/tools/make_kit.py ${3:+--root "$3"} --out "$tmp/dist" --chapter "$1" --no-book \
        > "$tmp/kitlog" 2>&1 || { cat "$tmp/kitlog"; fail "make_kit"; }
    mkdir -p "$2/source" "$2/submission"
    printf '{"previous_submissions": [{"results": {"score": 7, "tests": []}}]}\n' > "$2/submission_metadata.json"
    chmod 644 "$2/submission_metadata.json"
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

# metadata_private ROOT: after run_autograder as root, ROOT/submission_metadata.json is root's,
# mode 600 (no earlier results for the student's code to read).
metadata_private() {
    [ "$(stat -c '%u %a' "$1/submission_metadata.json")" = "0 600" ] \
        || fail "submission_metadata.json is $(stat -c 'uid %u, mode %a' "$1/submission_metadata.json"), not root's with mode 600"
}
