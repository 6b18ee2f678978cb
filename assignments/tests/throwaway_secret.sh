# throwaway_secret.sh - sourced by the classroom's tests.
# use_throwaway_secret FOLDER: the instructor's secret that hidden inputs are drawn from, a
# throwaway one, never the real one, written to FOLDER/secret (mode 600) and exported as
# ASSIGNMENT_SECRET_FILE. It is the same in every run, so every run grades the same hidden
# inputs (no verdict by chance). FOLDER must lie outside the repository (make_kit refuses a
# secret inside it).
use_throwaway_secret() {
    export ASSIGNMENT_SECRET_FILE="$1/secret"
    (umask 077 && printf '%s\n' 0123456789abcdef0123456789abcdef > "$ASSIGNMENT_SECRET_FILE")
}
