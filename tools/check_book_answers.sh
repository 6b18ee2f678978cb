#!/bin/sh
# check_book_answers.sh [BOOKDIR] - every exercise of the book has its tag and
# a worked answer in the appendix, and every answer belongs to an exercise.
#
# An exercise is a numbered item at the start of a line in a chapter's
# "## Exercises" section. Its first line starts with the tag
#     K. [★★☆ · 30 min · CPU + GPU · [answer](#ans-C.K)]{#ex-C.K .exercise}
# (difficulty one to three stars, a rough time in min or h, what it needs:
# CPU, GPU or CPU + GPU), where C is the chapter's number from its heading
# "# Chapter C — ..." and K the item's number. The appendix
# (BOOKDIR/90_answers.md, and any further BOOKDIR/9N_answers_*.md) gives
# each answer a heading ending in {#ans-C.K} and, before the next heading, a
# link back to #ex-C.K.
#
# check_book_answers.sh --self-test breaks copies of the book three ways (a
# tag removed, an answer removed, an answer without its exercise) and
# passes only when the check rejects each of them.
set -u

check() {
    dir=$1
    answers=$dir/90_answers.md
    [ -f "$answers" ] || { echo "FAIL: $answers missing"; return 1; }
    work=$(mktemp -d)
    failed=0
    for md in "$dir"/*.md; do
        case $md in "$dir"/9[0-9]_answers*.md) continue ;; esac
        awk -v file="$md" '
            NR == 1 { if (match($0, /^# Chapter [0-9]+ /)) { ch = $3 } }
            /^## / { inside = ($0 ~ /^## Exercises/); next }
            inside && /^[0-9]+\. / {
                k = $1; sub(/\.$/, "", k)
                if (ch == "") { print "FAIL: " file ": exercises, but no \"# Chapter N\" heading" > "/dev/stderr"; bad = 1; next }
                id = ch "." k
                tag = "^" k "\\. \\[(★☆☆|★★☆|★★★) · [0-9]+ (min|h) · (CPU|GPU|CPU \\+ GPU) · \\[answer\\]\\(#ans-" id "\\)\\]\\{#ex-" id " \\.exercise\\}"
                if ($0 !~ tag) { print "FAIL: " file ": exercise " id " lacks its tag: " substr($0, 1, 60) > "/dev/stderr"; bad = 1 }
                print id
            }
            END { exit bad }' "$md" >> "$work/exercises" || failed=1
    done
    awk -v file="the answers ($dir/9N_answers*.md)" '
        function close_answer() {
            if (id != "" && !back) { print "FAIL: " file ": answer " id " has no link back to #ex-" id > "/dev/stderr"; bad = 1 }
            id = ""; back = 0
        }
        /^#+ / {
            close_answer()
            if (match($0, /\{#ans-[0-9]+\.[0-9]+\}$/)) { id = substr($0, RSTART + 6, RLENGTH - 7); print id }
            next
        }
        id != "" && index($0, "(#ex-" id ")") { back = 1 }
        END { close_answer(); exit bad }' "$dir"/9[0-9]_answers*.md > "$work/answers" || failed=1
    sort "$work/exercises" > "$work/e"; sort "$work/answers" > "$work/a"
    for id in $(uniq -d "$work/e"); do echo "FAIL: exercise $id appears twice"; failed=1; done
    for id in $(uniq -d "$work/a"); do echo "FAIL: answer $id appears twice"; failed=1; done
    for id in $(comm -23 "$work/e" "$work/a"); do echo "FAIL: exercise $id has no answer in $answers"; failed=1; done
    for id in $(comm -13 "$work/e" "$work/a"); do echo "FAIL: answer $id has no exercise"; failed=1; done
    count=$(wc -l < "$work/e")
    [ "$count" -gt 0 ] || { echo "FAIL: no exercise found in $dir"; failed=1; }
    rm -rf "$work"
    [ $failed -eq 0 ] && echo "$count exercises, each tagged and answered; $(cat "$dir"/9[0-9]_answers*.md | wc -l) lines of answers"
    return $failed
}

if [ "${1:-}" != --self-test ]; then
    check "${1:-book}"
    exit $?
fi

# --self-test: the check must reject each broken copy.
st_failed=0
broken() { # NAME SED-SCRIPT FILE: a copy of book/ with FILE edited by SED-SCRIPT
    rm -rf "$tmp/book"; cp -R book "$tmp/book"
    sed "$2" "book/$3" > "$tmp/book/$3"
    if cmp -s "book/$3" "$tmp/book/$3"; then echo "FAIL: $1: the edit changed nothing"; st_failed=1; return; fi
    if check "$tmp/book" > "$tmp/out" 2>&1; then
        echo "FAIL: $1: the check passed a broken book"; st_failed=1
    else
        echo "rejected as it should be ($1): $(grep -m1 FAIL "$tmp/out")"
    fi
}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
check book > /dev/null 2>&1 || { echo "FAIL: the book itself does not pass the check"; exit 1; }
broken "a tag removed" '0,/^1\. \[[^]]*\]([^)]*)\]{[^}]*} /s//1. /' 03_work_span.md
broken "an answer removed" 's/{#ans-3\.1}$//' 90_answers.md
broken "an answer without exercise" '$a\
\
### Exercise 3.99 {#ans-3.99}\
\
[Back to the exercise](#ex-3.99).' 90_answers.md
[ $st_failed -eq 0 ]
