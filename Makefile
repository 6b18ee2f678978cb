# Makefile - builds every chapter of the companion into build/.
#
#   make            build every program (build/<chapter>/<program>)
#   make run        build, then run every exercise and print a verdict table
#   make test       build, then the quick tier of the tests with CTest: every
#                   program's self-check and the unit tests (a few minutes)
#   make check      build, then every test: the quick tier and the long one
#                   (sweeps, kit builds, write-error sweeps; about ten more minutes),
#                   then make asan (CHECK_ASAN=no leaves it out)
#   make book       the book (build/book/index.html, needs pandoc)
#   make bench      every benchmark (needs a GPU); results under build/bench/,
#                   the headline ratios vs their floors in build/bench/SUMMARY.md
#   make sanitize   every CUDA program under compute-sanitizer (needs a GPU)
#   make asan       the CPU tests with the host code under ASan + UBSan (build-asan/)
#   make cross      the canonical CPU library on five CPU architectures (cross
#                   compilers and qemu-user; build-cross/), against its record
#   make clean
#
# Each chapter folder has the same shape: the programs a student runs at its
# root, the algorithm in lib/, the CUDA kernels in gpu/, tests in tests/.
# Its module.mk lists its programs:
#   PROGRAMS += ch11_linked_lists/list_rank
#   ch11_linked_lists/list_rank.SRCS := ch11_linked_lists/list_rank.c ch11_linked_lists/gpu/pointer_jump.cu
#   ch11_linked_lists/list_rank.LDLIBS := -lpthread     (optional: extra link flags)
# Every source sees common/ and its own chapter's lib/ and gpu/ as include
# folders. Without nvcc (make NVCC=) every program is still built: the .cu
# files are replaced by the chapter's gpu/no_cuda.c, so the CPU paths run
# and a GPU path answers "built without CUDA" with exit 77.

# the chapter folders in book order (tools/chapters.sh: the folders with a book.list)
CHAPTERS := $(shell sh tools/chapters.sh)
BUILD    := build

# Every source sees common/'s headers: its C helpers (common/lib/) and its
# device interface (common/gpu/).
COMMON_INCLUDES := -Icommon/lib -Icommon/gpu

# --- host compiler ---------------------------------------------------------
# -ffp-contract=off everywhere: no fused multiply-adds on the host, so the C
# baselines evaluate exactly the expressions the book writes down and can
# match the GPU bit for bit.
CC      ?= gcc
CFLAGS  := -std=c11 -O2 -Wall -Wextra -Werror -ffp-contract=off $(COMMON_INCLUDES) $(EXTRA_CFLAGS)
LDLIBS  := -lm

# --- C++: only for running kernels on the CPU (common/emulator/) -------------
# A CUDA source is C++ (templates, references), so the programs that run a
# kernel's own code on the CPU compile it with g++ and link with it. Kernels
# say `#pragma unroll`, which g++ does not know: not a warning here.
CXX      ?= g++
CXXFLAGS := -std=c++17 -O2 -Wall -Wextra -Werror -Wno-unknown-pragmas -ffp-contract=off $(COMMON_INCLUDES) \
            -Icommon/emulator/include -Icommon/emulator $(EXTRA_CXXFLAGS)
# The emulator's memory checks (common/emulator/emu_check.cpp) see every
# load and store of the kernels it runs: ThreadSanitizer's instrumentation
# puts a call in front of each, the emulator answers those calls (TSan's
# own library is not linked), and -g1 keeps the line tables its reports name
# lines from (DWARF 4: addr2line names the wrong file of an #included
# source in DWARF 5's). Every C++ source but the emulator's own is compiled so. TSan's
# instrumentation cannot share a source with ASan's: under make asan those
# sources keep UBSan only, while the emulator and every C source run under
# ASan.
EMU_CHECK_FLAGS := -g1 -gdwarf-4 -fsanitize=thread -fdata-sections
# ...and every program with the emulator links with common/emulator/emu_shared.ld,
# which gathers the shared arrays of template kernels into the checked section
# (a GNU ld script: on other systems, macOS's linker, template kernels' shared
# arrays go unchecked, as emu_shared.ld says).
EMU_LD_SCRIPT := $(if $(filter Linux,$(shell uname -s)),common/emulator/emu_shared.ld)
comma := ,
emu_cxxflags = $(if $(filter common/emulator/emu_%,$(1)),$(CXXFLAGS),\
                 $(subst -fsanitize=address$(comma),-fsanitize=,$(CXXFLAGS)) $(EMU_CHECK_FLAGS))

# --- CUDA ------------------------------------------------------------------
NVCC ?= $(or $(shell command -v nvcc 2>/dev/null),$(wildcard /usr/local/cuda/bin/nvcc))
# Default architecture: the local GPU's when there is one, otherwise real
# code for sm_80 and sm_90 plus PTX that newer GPUs can compile at load time.
LOCAL_CC := $(shell nvidia-smi --query-gpu=compute_cap --format=csv,noheader 2>/dev/null | head -n1 | tr -d '.[:space:]')
ifneq ($(CUDA_ARCH),)
  NVARCH := -arch=$(CUDA_ARCH)
else ifneq ($(LOCAL_CC),)
  NVARCH := -arch=sm_$(LOCAL_CC)
else
  NVARCH := -gencode arch=compute_80,code=sm_80 -gencode arch=compute_90,code=sm_90 \
            -gencode arch=compute_90,code=compute_90
endif
# --fmad=false everywhere on the device, for the same reason as
# -ffp-contract=off on the host: a*b+c is two roundings on both sides.
# CCCL_DIR=path: build every .cu file against that CCCL (CUB, libcu++,
# Thrust headers) instead of the toolkit's own, e.g. a CCCL >= 3.1 for CUB's
# determinism levels (canonical_scan/determinism_levels). Its folders come
# first on the include path, before the toolkit's.
CCCL_INCLUDES := $(if $(CCCL_DIR),-I$(CCCL_DIR)/cub -I$(CCCL_DIR)/libcudacxx/include -I$(CCCL_DIR)/thrust)
# GLASS_DIR=path: a copy of the GLASS headers (third-party, MIT; never part of
# this tree) for reduced_ops/glass_vs_ours, the head to head with GLASS. Empty:
# that program is still built and answers `skipped: needs GLASS`.
GLASS_DIR ?=
NVFLAGS := -O3 -std=c++17 $(NVARCH) --fmad=false $(CCCL_INCLUDES) $(COMMON_INCLUDES) \
           -Xcompiler -Wall,-Wextra --Werror all-warnings $(EXTRA_NVFLAGS)

.DEFAULT_GOAL := all
PROGRAMS :=
include $(wildcard $(addsuffix /module.mk,$(CHAPTERS)))
# bench/ (the machine's ceilings) holds programs and a tests.list but no
# book.list: it is no chapter. It is not part of a classroom kit: included
# when present.
include $(wildcard bench/module.mk)
include assignments/tools/assignment.mk

# A program with a .cu source has a GPU path. Built without nvcc, it links
# its chapter's gpu/no_cuda.c in place of the .cu files.
cuda_srcs = $(filter %.cu,$($(1).SRCS))
ifeq ($(NVCC),)
  srcs_of = $(filter-out %.cu,$($(1).SRCS)) $(sort $(patsubst %/,%/no_cuda.c,$(dir $(call cuda_srcs,$(1)))))
  COMMON_GPU_SRC := common/gpu/no_cuda.c
else
  srcs_of = $($(1).SRCS)
  COMMON_GPU_SRC := common/gpu/gpu.cu
endif
# nvcc links a program with CUDA sources (the C++ of an --on emu path too).
linker_of = $(if $(and $(NVCC),$(call cuda_srcs,$(1))),$(NVCC) $(NVARCH),$(if $(filter %.cpp,$($(1).SRCS)),$(CXX),$(CC)))
# A program's own link flags (<program>.LDFLAGS, e.g. -pthread), passed
# through to the host compiler when nvcc links.
# (nvcc hands -Xlinker's words to the linker; it would split -Wl,-T,FILE at its commas.)
uses_emu   = $(filter common/emulator/emu_check.cpp,$($(1).SRCS))
ldflags_of = $(if $(and $(NVCC),$(call cuda_srcs,$(1))),$(addprefix -Xcompiler ,$($(1).LDFLAGS)) \
               $(if $(and $(EMU_LD_SCRIPT),$(call uses_emu,$(1))),-Xlinker -T -Xlinker $(EMU_LD_SCRIPT)),\
               $($(1).LDFLAGS) $(if $(and $(EMU_LD_SCRIPT),$(call uses_emu,$(1))),-Wl$(comma)-T$(comma)$(EMU_LD_SCRIPT)))

# the include folders of a source: its chapter's lib/ and gpu/
chapter_of       = $(firstword $(subst /, ,$(1)))
chapter_includes = -I$(call chapter_of,$(1))/lib -I$(call chapter_of,$(1))/gpu

COMMON_LIB     := $(BUILD)/common/libcommon.a
COMMON_GPU_LIB := $(BUILD)/common/libcommon_gpu.a
COMMON_C_OBJS  := $(patsubst %,$(BUILD)/obj/common/lib/%.o,cli.c rng.c verify.c timing.c alloc.c ratios.c)
COMMON_GPU_OBJS:= $(patsubst %,$(BUILD)/obj/%.o,common/lib/run_on.c common/lib/run_header.c $(COMMON_GPU_SRC))

.PHONY: print-programs all run test check book bench bench-summary sanitize asan cross clean ctest-file nvcc-note
all: $(addprefix $(BUILD)/,$(PROGRAMS)) ctest-file nvcc-note

# One line per program: NAME<TAB>its sources (tools/chapter_readme.py reads it).
print-programs:
	@$(foreach p,$(PROGRAMS),printf '%s\t%s\n' '$(p)' '$(strip $($(p).SRCS))';)

nvcc-note:
ifeq ($(NVCC),)
	@echo "note: nvcc not found (PATH, /usr/local/cuda/bin): built without CUDA; every CPU path runs, --on gpu exits 77"
endif

# --- compiling and linking -------------------------------------------------
$(BUILD)/obj/%.c.o: %.c
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(call chapter_includes,$<) $($<.CFLAGS) -MMD -MP -c $< -o $@

$(BUILD)/obj/%.cpp.o: %.cpp
	@mkdir -p $(@D)
	$(CXX) $(call emu_cxxflags,$<) $(call chapter_includes,$<) -MMD -MP -c $< -o $@

$(BUILD)/obj/%.cu.o: %.cu
	@mkdir -p $(@D)
	$(NVCC) $(filter-out $($<.NVFLAGS_OUT),$(NVFLAGS)) $(call chapter_includes,$<) $($<.NVFLAGS) -MMD -MP -MF $(@:.o=.d) -c $< -o $@

$(COMMON_LIB): $(COMMON_C_OBJS)
	@mkdir -p $(@D)
	$(AR) rcs $@ $^

$(COMMON_GPU_LIB): $(COMMON_GPU_OBJS)
	@mkdir -p $(@D)
	$(AR) rcs $@ $^

define PROGRAM_RULES
$(BUILD)/$(1): $(patsubst %,$(BUILD)/obj/%.o,$(call srcs_of,$(1))) $(if $(call cuda_srcs,$(1)),$(COMMON_GPU_LIB)) $(COMMON_LIB)
	@mkdir -p $$(@D)
	$(call linker_of,$(1)) -o $$@ $$^ $$($(1).LDLIBS) $$(LDLIBS) $(call ldflags_of,$(1))
endef
$(foreach p,$(PROGRAMS),$(eval $(call PROGRAM_RULES,$(p))))

-include $(shell find $(BUILD)/obj -name '*.d' 2>/dev/null)

# --- tests (CTest, driven by a generated build/CTestTestfile.cmake) --------
TEST_LISTS := $(wildcard $(addsuffix /tests.list,$(CHAPTERS)) book/tests.list assignments/tests/tests.list bench/tests.list)
ctest-file: $(BUILD)/CTestTestfile.cmake
$(BUILD)/CTestTestfile.cmake: $(TEST_LISTS) tools/gen_ctest.sh Makefile
	@mkdir -p $(@D)
	NVCC="$(NVCC)" sh tools/gen_ctest.sh $(BUILD) $(TEST_LISTS)

PANDOC := $(shell command -v pandoc 2>/dev/null)

# CTest runs as many tests at once as the machine has cores.
NPROC := $(shell nproc 2>/dev/null || echo 2)
# make test runs the tests labelled quick, make check all of them (quick and
# long; tools/gen_ctest.sh) and then the CPU tests under the sanitizers (make
# asan; CHECK_ASAN=no leaves them out). CTEST_ARGS adds CTest options, e.g. -L cpu.
CHECK_ASAN ?= yes
test: all
ifneq ($(PANDOC),)
	$(MAKE) --no-print-directory book
endif
	ctest --test-dir $(BUILD) --output-on-failure -j$(NPROC) -L quick $(CTEST_ARGS)

check: all
ifneq ($(PANDOC),)
	$(MAKE) --no-print-directory book
endif
	ctest --test-dir $(BUILD) --output-on-failure -j$(NPROC) $(CTEST_ARGS)
ifneq ($(CHECK_ASAN),no)
	$(MAKE) --no-print-directory asan
endif

run: all
ifneq ($(PANDOC),)
	$(MAKE) --no-print-directory book
else
	@echo "error: pandoc not found (apt-get install pandoc); the book was not built, going on"
endif
	BUILD=$(BUILD) sh tools/run_all.sh $(CHAPTERS)

# --- the book ----------------------------------------------------------------
BOOK_SOURCES := $(sort $(wildcard book/*.md))
# The filters run in this order: weave (listings, outputs, figures), tables
# (numbers), typography (powers), links (repository files), nav (the HTML's
# contents panel and search box). Three builds: the screen HTML, which
# book/js/split.js cuts into one page per chapter with a prebuilt search
# index; the EPUB (accessibility metadata added by tools/book_epub_a11y.sh);
# the print HTML (pandoc's --toc), which tools/book_pdf.sh prints to PDF.
# REPOSITORY_URL=https://host/org/repo/blob/main: the PDF and the EPUB link
# repository paths there (book/metadata.yaml's repository-url otherwise).
# weave.lua reads the outputs and figures of this build folder.
PANDOC_BOOK  := BOOK_OUTPUTS=$(BUILD)/book/outputs BOOK_FIGURES=$(BUILD)/book/figures \
                pandoc --standalone --toc-depth=2 --mathml --wrap=none \
                --metadata-file=book/metadata.yaml --lua-filter=book/filters/weave.lua \
                --lua-filter=book/filters/tables.lua --lua-filter=book/filters/typography.lua \
                --lua-filter=book/filters/links.lua --lua-filter=book/filters/nav.lua \
                --highlight-style=book/highlight.theme \
                $(if $(REPOSITORY_URL),--metadata=repository-url:$(REPOSITORY_URL)) \
                --css=book/style.css --resource-path=.:book
# the title page's version, date, licences and citation (tools/book_version.sh)
PANDOC_BOOK  += --metadata-file=$(BUILD)/book/version.yaml
# The HTML book's search library and the browser checks' axe-core and
# playwright-core: the exact versions of book/js/package-lock.json,
# installed by npm ci into $(BUILD)/node (tools/book_node.sh).
BOOK_NODE := $(BUILD)/node/node_modules/.book-installed
$(BOOK_NODE): book/js/package.json book/js/package-lock.json tools/book_node.sh
	sh tools/book_node.sh $(BUILD)/node
# Everything the book is made of: its prose, filters and style, the sources
# its listings come from, the programs whose output it shows, the lists that
# name them, the recordings, the figures' scripts and data. The book is
# rebuilt only when one of these changed.
BOOK_INPUTS := $(BOOK_SOURCES) $(wildcard book/filters/* book/*.css book/metadata.yaml book/highlight.theme \
                                          book/outputs/* book/js/*.js) \
               $(wildcard $(foreach c,$(CHAPTERS),$(c)/*.c $(c)/*.h $(c)/lib/* $(c)/gpu/* $(c)/book.list \
                                                 $(c)/figures/* $(c)/results/* $(c)/tests/data/*)) \
               $(addprefix $(BUILD)/,$(PROGRAMS)) tools/book_outputs.sh tools/book_figures.sh tools/book_pdf.sh \
               tools/book_svg_ids.sh tools/book_svg_contrast.sh tools/book_epub_a11y.sh $(BOOK_NODE)
BOOK_HTML := $(BUILD)/book/index.html
BOOK_INPUTS += tools/book_version.sh CITATION.cff
book: all
ifeq ($(PANDOC),)
	@echo "error: pandoc not found (apt-get install pandoc)"; exit 2
else
	@$(MAKE) --no-print-directory $(BOOK_HTML)
endif

# index.html is written last, so that a failed step leaves the book out of date
$(BOOK_HTML): $(BOOK_INPUTS)
	sh tools/book_version.sh $(BUILD)/book/version.yaml
	BUILD=$(BUILD) sh tools/book_outputs.sh $(BUILD)/book/outputs
	BUILD=$(BUILD) sh tools/book_figures.sh $(BUILD)/book/figures
	sh tools/book_svg_ids.sh $(BUILD)/book/figures
	sh tools/book_svg_contrast.sh $(BUILD)/book/figures
	$(PANDOC_BOOK) --toc --epub-chapter-level=1 -o $(BUILD)/book/companion.epub $(BOOK_SOURCES)
	sh tools/book_epub_a11y.sh $(BUILD)/book/companion.epub
	$(PANDOC_BOOK) --toc --self-contained --metadata=book-medium:print --css=book/print.css \
	    -o $(BUILD)/book/print.html $(BOOK_SOURCES)
	sh tools/book_pdf.sh $(BUILD)/book/print.html $(BUILD)/book/companion.pdf
	$(PANDOC_BOOK) -o $(BUILD)/book/whole.html $(BOOK_SOURCES)
	NODE_PATH=$(BUILD)/node/node_modules node book/js/split.js $(BUILD)/book/whole.html $(BUILD)/book
	@echo "book: $@ and one page per chapter (and companion.epub, companion.pdf)"

# --- GPU-only targets ---------------------------------------------------------
# The bench, headline and sanitize lines of each chapter's tests.list, one command each;
# ONLY="ch03_work_span common" limits them to some chapters. `make bench` runs
# every headline line 3 times (separate processes, interleaved rounds), writes
# $(BUILD)/bench/SUMMARY.md against bench/floors.list, then runs the bench
# lines once; it fails when a ratio is below its floor or went unmeasured.
# `make bench-summary` runs only the headline lines and the summary.
# bench/ (the machine's ceilings) joins the chapters when present.
DEVICE_LISTS_OF := $(or $(ONLY),$(CHAPTERS) $(if $(wildcard bench/tests.list),bench))
# The optional third-party trees this build was given: the floors that need
# them (needs= in bench/floors.list) are checked; without them, skipped.
BENCH_HAVE := $(strip $(if $(CCCL_DIR),cccl) $(if $(GLASS_DIR),glass))
bench: all
	BUILD=$(BUILD) BENCH_HAVE='$(BENCH_HAVE)' BENCH_COMMAND='make bench$(if $(ONLY), ONLY="$(ONLY)")' sh tools/run_list.sh bench $(BUILD)/bench $(DEVICE_LISTS_OF)

bench-summary: all
	BUILD=$(BUILD) BENCH_HAVE='$(BENCH_HAVE)' BENCH_COMMAND='make bench-summary$(if $(ONLY), ONLY="$(ONLY)")' sh tools/run_list.sh headline $(BUILD)/bench $(DEVICE_LISTS_OF)

sanitize: all
	BUILD=$(BUILD) sh tools/run_list.sh sanitize $(BUILD)/sanitize $(DEVICE_LISTS_OF)

# --- host sanitizers ------------------------------------------------------------
# make asan (and the end of make check): every program's host C code built
# with AddressSanitizer and UndefinedBehaviorSanitizer in a build folder of its
# own (build-asan/), then the CPU tests run against it; any report ends the
# test with a failure (-fno-sanitize-recover, halt_on_error). The tests name their programs as
# $BUILD/CHAPTER/PROGRAM, so the same tests run on any build folder.
# The emulator's C++ is sanitized too (it tells ASan each time it switches
# stacks); the kernels it runs keep its own checks and UBSan (emu_cxxflags).
# It is built without nvcc (NVCC=), on purpose: every C source, the mains
# of the CUDA programs included, is sanitized and links the gpu/no_cuda.c
# stand-ins. With nvcc the link would need LDLIBS='-lasan -lubsan -lm' (nvcc
# does not pass -fsanitize to its linker) and the CUDA runtime would run
# under ASan, which reports the driver's own mappings unless
# protect_shadow_gap=0 -- noise, for no sanitized line of ours, since the .cu
# host code is compiled by nvcc without the sanitizers anyway.
# ASAN_TESTS picks the tests: every cpu test except the book's and the
# assignment kits' (they rebuild the whole tree or run pandoc, and test no
# C code of their own) and the literal-evaluator sweep (minutes under ASan;
# unit_quick_default runs the same code on smaller N).
ASAN_DIR   := build-asan
ASAN_FLAGS := -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer -g
ASAN_TESTS ?= -L cpu -E '^(book|assignment)[.]|[.]unit_literal_'
asan:
	$(MAKE) --no-print-directory BUILD=$(ASAN_DIR) NVCC= EXTRA_CFLAGS='$(ASAN_FLAGS)' \
	  EXTRA_CXXFLAGS='$(ASAN_FLAGS)' LDLIBS='$(ASAN_FLAGS) -lm' all
	ASAN_OPTIONS=halt_on_error=1:detect_leaks=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
	  ctest --test-dir $(ASAN_DIR) --output-on-failure -j$(NPROC) $(ASAN_TESTS)

# --- other CPU architectures ------------------------------------------------------
# make cross: canonical_scan's CPU library built by Debian's cross compilers
# for AArch64, ppc64el, s390x and riscv64 (and x86-64), statically, run under
# qemu-user; the same bits everywhere, checked against the record
# canonical_scan/results/cross_arch_witness.txt (exit 77 without the tools).
cross:
	sh canonical_scan/tests/cross_arch_witness.sh

# build-clang: CI's build with clang and without nvcc (.ci/run)
clean:
	rm -rf $(BUILD) $(ASAN_DIR) build-cross build-clang
