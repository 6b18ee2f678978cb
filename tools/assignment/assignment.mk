# assignment.mk - classroom assignments (assignments/README.md explains them).
#
#   make assignment CH=<chapter>             the student kit: dist/assignments/<chapter>/ and .tar.gz
#   make assignment CH=<chapter> SOLUTION=1  the reference kit (solutions kept): <chapter>-solution/
#   make grade [CH=<chapter>]                build, run the graded tests, print the score table,
#                                            write results.json (Gradescope's format)
#
# Inside a kit, the kit's Makefile sets KIT_CHAPTER, so `make grade` needs no
# CH and writes results.json next to the Makefile; in the repository it
# grades the chapter as it stands and writes $(BUILD)/results.json.
# `make grade NVCC=` grades without nvcc (GPU tests are then listed as not run).

# Included before the top-level Makefile defines `all`: keep `all` the default goal.
ASG_SAVED_GOAL := $(.DEFAULT_GOAL)

PYTHON3 ?= python3
ASG_CH  := $(or $(CH),$(KIT_CHAPTER))
GRADE_OUT ?= $(if $(KIT_CHAPTER),results.json,$(BUILD)/results.json)

.PHONY: assignment grade asg-build
assignment:
ifeq ($(wildcard tools/assignment/make_kit.py),)
	@echo "error: kits are generated in the companion repository, not inside a kit"; exit 2
else
	@test -n "$(CH)" || { echo "error: say which chapter: make assignment CH=<chapter>"; exit 2; }
	$(PYTHON3) tools/assignment/make_kit.py --chapter $(CH) $(if $(SOLUTION),--solution)
endif

grade:
	@test -n "$(ASG_CH)" || { echo "error: say which chapter: make grade CH=<chapter>"; exit 2; }
	@command -v $(PYTHON3) > /dev/null || { echo "error: $(PYTHON3) not found (apt-get install python3)"; exit 2; }
	$(PYTHON3) tools/assignment/grade.py --chapter $(ASG_CH) --nvcc "$(NVCC)" --out $(GRADE_OUT) $(GRADE_ARGS)

# What grade.py builds: the chapter's programs and the CTest file. (The
# recipe is expanded when it runs, after the Makefile has set PROGRAMS.)
asg-build:
	@test -d "$(ASG_CH)" || { echo "error: no chapter folder '$(ASG_CH)'"; exit 2; }
	$(MAKE) --no-print-directory $(addprefix $(BUILD)/,$(filter $(ASG_CH)/%,$(PROGRAMS))) ctest-file nvcc-note

.DEFAULT_GOAL := $(ASG_SAVED_GOAL)
