# lists.sh - sourced by the other tools. Each chapter keeps two plain-text
# registries, one entry per line, '#' for comments:
#     tests.list   NAME  KIND[,long][:TIMEOUT]  COMMAND...
#                  cpu|gpu|cross: a test (make test; with ,long: make check), see
#                  tools/gen_ctest.sh; bench|headline|sanitize: device work
#                  (make bench, make sanitize; headline: a bench whose ratios
#                  the book quotes, run 3 times), see tools/run_list.sh
#     book.list    SECTION  NAME|-  cpu|gpu|gpu-varies|measured|dot|svg|data[:EXIT]  COMMAND...|FILE
#                                                  (make run, make book)
# Commands run from the repository root and name their programs as
# $BUILD/CHAPTER/PROGRAM: BUILD is the build folder (make BUILD=...), build
# unless set, so the same lists run against any build folder.
BUILD=${BUILD:-build}; export BUILD

# the chapter folders in book order (run from the repository root)
CHAPTER_LISTS_DIRS=$(sh tools/chapters.sh)

# list_entries FILE...: the entries of the files that exist, comments dropped.
list_entries() {
    for f in "$@"; do [ -f "$f" ] && cat "$f"; done | grep -v -e '^[[:space:]]*#' -e '^[[:space:]]*$'
}

# split_entry LINE: sets entry_name, entry_kind and entry_cmd from
# "FIRST SECOND COMMAND..." (tests.list).
split_entry() {
    entry_name=$(printf '%s\n' "$1" | awk '{print $1}')
    entry_kind=$(printf '%s\n' "$1" | awk '{print $2}')
    entry_cmd=$(printf '%s\n' "$1" | sed -E 's/^[[:space:]]*[^[:space:]]+[[:space:]]+[^[:space:]]+[[:space:]]+//')
}

# split_book_entry LINE: sets book_section, book_name, book_kind, book_exit
# (0 unless KIND:EXIT) and book_cmd from a book.list line (`sh -c "$book_cmd"`
# runs it in $BUILD), and book_shown: the command as the book prints it, in
# the default build folder (build/CHAPTER/PROGRAM).
split_book_entry() {
    book_section=$(printf '%s\n' "$1" | awk '{print $1}')
    book_name=$(printf '%s\n' "$1" | awk '{print $2}')
    book_kind=$(printf '%s\n' "$1" | awk '{print $3}')
    book_cmd=$(printf '%s\n' "$1" | sed -E 's/^[[:space:]]*([^[:space:]]+[[:space:]]+){3}//')
    book_shown=$(printf '%s\n' "$book_cmd" | sed 's|\$BUILD/|build/|g')
    book_exit=0
    case "$book_kind" in *:*) book_exit=${book_kind#*:}; book_kind=${book_kind%%:*} ;; esac
    # gpu-varies: a GPU run whose text differs from run to run by nature (a
    # race, a sanitizer's addresses, a timing): recorded and shown like any
    # gpu entry, but only its exit status can be checked again
    book_varies=0
    [ "$book_kind" = gpu-varies ] && { book_kind=gpu; book_varies=1; }
}

# book_entries: every chapter's book.list entries, in chapter order.
book_entries() {
    for d in $CHAPTER_LISTS_DIRS; do list_entries "$d/book.list"; done
}
