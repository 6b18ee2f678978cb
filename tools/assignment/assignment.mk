# assignment.mk - `make assignment CH=<chapter>` and `make grade` (see tools/assignment/).
