# assignment.mk - classroom assignments (assignments/README.md explains them).
#
#   make assignment CH=<chapter>             the student kit, its archive, the Gradescope zip,
#                                            the instructor's solutions manual (dist/assignments/)
#   make assignment CH=<chapter> SOLUTION=1  the reference kit (solutions kept): <chapter>-solution/
#   make assignment-times CH=<chapter>       measure the reference's time per test (into assignments/<chapter>.md)
#   make grade [CH=<chapter>]                build, run the graded tests, print the score table,
#                                            write results.json (Gradescope's format)
#
# Inside a kit, the kit's Makefile sets KIT_CHAPTER, so `make grade` needs no
# CH and writes results.json next to the Makefile; in the repository it
# grades the chapter as it stands and writes $(BUILD)/results.json. The grader
# builds in a work tree of its own ($(BUILD)/grade, kept for quicker re-runs).
# `make grade NVCC=` grades without nvcc (GPU tests are then listed as not run).

# Included before the top-level Makefile defines `all`: keep `all` the default goal.
ASG_SAVED_GOAL := $(.DEFAULT_GOAL)

PYTHON3 ?= python3
ASG_CH  := $(or $(CH),$(KIT_CHAPTER))
GRADE_OUT ?= $(if $(KIT_CHAPTER),results.json,$(BUILD)/results.json)

# The grader's builds: warnings are shown, never fatal (a warning must not zero a task).
ifneq ($(GRADE_NO_WERROR),)
  CFLAGS  := $(filter-out -Werror,$(CFLAGS))
  NVFLAGS := $(filter-out --Werror all-warnings,$(NVFLAGS))
  CXXFLAGS := $(filter-out -Werror,$(CXXFLAGS))
endif

.PHONY: assignment assignment-times grade asg-build asg-programs
assignment assignment-times:
ifeq ($(wildcard assignments/tools/make_kit.py),)
	@echo "error: kits are generated in the companion repository, not inside a kit"; exit 2
else
	@test -n "$(CH)" || { echo "error: say which chapter: make $@ CH=<chapter>"; exit 2; }
	$(PYTHON3) assignments/tools/make_kit.py --chapter $(CH) $(if $(SOLUTION),--solution) \
	    $(if $(NOBOOK),--no-book) $(if $(filter assignment-times,$@),--measure-times)
endif

grade:
	@test -n "$(ASG_CH)" || { echo "error: say which chapter: make grade CH=<chapter>"; exit 2; }
	@command -v $(PYTHON3) > /dev/null || { echo "error: $(PYTHON3) not found (apt-get install python3)"; exit 2; }
	$(PYTHON3) assignments/tools/grade.py --chapter $(ASG_CH) --nvcc "$(NVCC)" --work $(BUILD)/grade \
	    --out $(GRADE_OUT) $(GRADE_ARGS)

# What the grader builds, one program at a time (its own make runs; it reads this list).
asg-programs:
	@echo $(filter $(ASG_CH)/%,$(PROGRAMS))
asg-build:
	@test -d "$(ASG_CH)" || { echo "error: no chapter folder '$(ASG_CH)'"; exit 2; }
	$(MAKE) --no-print-directory $(addprefix $(BUILD)/,$(filter $(ASG_CH)/%,$(PROGRAMS))) ctest-file nvcc-note

.DEFAULT_GOAL := $(ASG_SAVED_GOAL)
