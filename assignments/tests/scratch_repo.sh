#!/bin/sh
# scratch_repo.sh DIR - a throwaway copy of the companion with the assignment
# fixture (assignments/tests/fixture/) laid over it as the chapter asg_fixture.
# The assignment tests generate and grade kits there, never in the repository.
set -eu
dir=$1
mkdir -p "$dir/book"
cp -R Makefile common tools assignments "$dir/"
[ -d tests ] && cp -R tests "$dir/"
cp -R book/filters book/metadata.yaml book/style.css "$dir/book/"
cp -R assignments/tests/fixture/. "$dir/"
