# lists.sh - sourced by the other tools. The companion keeps its registries
# as plain text, one entry per line, '#' for comments:
#     tests.list      NAME  cpu|gpu[:TIMEOUT]  COMMAND...
#     exercises.list  SECTION  cpu|gpu  COMMAND...
#     outputs.list    NAME  cpu|gpu  COMMAND...   or   NAME  measured  FILE
#     bench.list, sanitize.list   COMMAND...

# list_entries FILE...: the entries of the files that exist, comments dropped.
list_entries() {
    for f in "$@"; do [ -f "$f" ] && cat "$f"; done | grep -v -e '^[[:space:]]*#' -e '^[[:space:]]*$'
}

# split_entry LINE: sets entry_name, entry_kind and entry_cmd from
# "FIRST SECOND COMMAND...".
split_entry() {
    entry_name=$(printf '%s\n' "$1" | awk '{print $1}')
    entry_kind=$(printf '%s\n' "$1" | awk '{print $2}')
    entry_cmd=$(printf '%s\n' "$1" | sed -E 's/^[[:space:]]*[^[:space:]]+[[:space:]]+[^[:space:]]+[[:space:]]+//')
}
