# throwaway_secret.sh - sourced by the classroom's tests.
# use_throwaway_secret FOLDER NAME: the instructor's secret that hidden inputs are drawn from, a
# throwaway one, never the real one, written to FOLDER/secret (mode 600) and exported as
# ASSIGNMENT_SECRET_FILE. NAME is the test's own: each test has its own secret, the same in
# every run, so a test grades the same hidden inputs every time (no verdict by chance) and no
# test running beside it draws the same ones (a hidden input another test prints or runs is
# not a leak of this one's). FOLDER must lie outside the repository (make_kit refuses a secret
# inside it).
use_throwaway_secret() {
    export ASSIGNMENT_SECRET_FILE="$1/secret"
    (umask 077 && printf 'throwaway 0123456789abcdef %s\n' "$2" > "$ASSIGNMENT_SECRET_FILE")
}
