#!/usr/bin/env python3
"""test_firewall.py - grade.py's SourceFirewall (what a submitted file may contain), fast:
  1. on a made-up kit, every way for a submitted file to run code before main, to hide an access
     from the emulator's race check, or to reach the harness is refused, each with its reason,
     and ordinary kernel code is not;
  2. on every chapter that has a kit (assignments/CH.md), the reference solution of each file a
     student hands in (the book's view of it) and its stub both pass, against a kit made from
     this repository: a refused reference would be graded as its stub."""
import os
import shutil
import sys
import tempfile

sys.dont_write_bytecode = True
here = os.path.dirname(os.path.abspath(__file__))
root = os.path.normpath(os.path.join(here, "..", ".."))
sys.path.insert(0, os.path.join(root, "assignments", "tools"))
import grade     # noqa: E402
import markers   # noqa: E402

failures = []


def expect(cond, what):
    if not cond:
        failures.append(what)
    print(("ok: " if cond else "FAIL: ") + what)


def write(kit, rel, text):
    os.makedirs(os.path.dirname(os.path.join(kit, rel)), exist_ok=True)
    with open(os.path.join(kit, rel), "w", encoding="utf-8") as f:
        f.write(text)


# 1. A made-up kit: the emulator's public header, its tests (a harness of its own), a chapter's
#    harness, and one stub a student hands in.
kit = tempfile.mkdtemp(prefix="asg_firewall_")
try:
    write(kit, "common/emulator/cuda_shim.h", "int __shfl_down_sync(unsigned mask, int v, int delta);\n")
    write(kit, "common/emulator/emu_launch.h", "void emu_launch(int blocks);\n")
    write(kit, "common/emulator/tests/emulator_check.cpp", "int expect(int got, int want)\n{ return got == want; }\n")
    write(kit, "ch/lib/harness.c", "long rank_by_walk(int n)\n{ return n; }\n")
    write(kit, "ch/gpu/k.cu", '#include "cuda_shim.h"\n\n__global__ void k(int *x, int n)\n{\n'
                              "    // TODO: the kernel\n    (void)x; (void)n;\n}\n")
    firewall = grade.SourceFirewall(kit, "ch", {"ch/gpu/k.cu"})

    def problems(body):
        return firewall.problems("ch/gpu/k.cu", ('#include "cuda_shim.h"\n' + body).encode())

    refused = {  # name: (submitted code after the stub's #include, a word of the reason)
        "a section of .init_array": ('__attribute__((section(".init_array"))) static void (*p)(void) = 0;\n',
                                     "__attribute__"),
        "a constructor by attribute": ("static void __attribute__((__constructor__)) c(void) {}\n", "__attribute__"),
        "a constructor by [[...]]": ("[[gnu::__constructor__]] static void c(void) {}\n", "[[...]]"),
        "a race hidden by no_sanitize_thread": (
            "__attribute__((no_sanitize_thread)) __global__ void k(int *x, int n) { x[0] = n; }\n", "__attribute__"),
        "__declspec": ("__declspec(dllexport) int y;\n", "__declspec"),
        "asm": ('__global__ void k(int *x, int n) { asm("nop"); }\n', "'asm'"),
        "a dynamic initialiser": ("static int f(void) { return 1; }\nstatic int x = f();\n", "before main"),
        "a dynamic initialiser by lambda": ("static int x = [] { return 1; }();\n", "before main"),
        "a dynamic initialiser in a namespace": ("namespace a { int y = rand(); }\n", "before main"),
        "a dynamic initialiser in extern \"C\"": ('extern "C" { int y = rand(); }\n', "before main"),
        "a struct with a constructor": ("struct S { S() { } } s;\n", "constructor"),
        "direct initialisation by a function": ("static S t(g);\n", "before main"),
        "list initialisation by a function": ("static S t{g};\n", "before main"),
        "a member initialised by a call": ("struct M { int v = g(); };\n", "before main"),
        "dlsym": ('__global__ void k(int *x, int n) { void *p = dlsym(0, ""); }\n', "dlsym"),
        "dlopen": ('__global__ void k(int *x, int n) { void *p = dlopen("", 0); }\n', "dlopen"),
        "the chapter's harness": ("__global__ void k(int *x, int n) { x[0] = rank_by_walk(n); }\n", "rank_by_walk"),
        "the emulator's own tests (not its public headers)": (
            "__global__ void k(int *x, int n) { x[0] = expect(n, 1); }\n", "expect"),
    }
    for name, (code, word) in refused.items():
        found = problems(code)
        expect(len(found) == 1 and word in found[0], f"refused: {name} ({found})")
    allowed = {
        "a kernel with a local static, a lambda and a shuffle": (
            "__global__ void k(int *x, int n)\n{\n    static int once = n;\n    auto at = [&](int i) { return x[i]; };\n"
            "    x[0] = at(n) + __shfl_down_sync(0xffffffffu, n, 1);\n}\n"),
        "constants and declarations": (
            "static const int N = sizeof(int) * 8;\nenum { W = 32, H = W / 2 };\n__device__ int table[4] = {1, 2, 3, 4};\n"
            "static const float K = (float)1 / 3;\n__device__ int add(int a, float *b);\nstruct P { int a; float b; };\n"
            "typedef struct { int q; } Q;\n"),
        "a template": ("template <typename T> __device__ T twice(T v) { return v + v; }\n"
                       "__global__ void k(int *x, int n) { x[0] = twice<int>(n); }\n"),
    }
    for name, code in allowed.items():
        found = problems(code)
        expect(found == [], f"allowed: {name} ({found})")
finally:
    shutil.rmtree(kit)

# 2. Every chapter's references and stubs, in a kit made of this repository's common/ and chapter
#    (the files a student hands in: those with solution regions, as make_kit.py lists them).
chapters = sorted(n[:-3] for n in os.listdir(os.path.join(root, "assignments"))
                  if n.endswith(".md") and os.path.isdir(os.path.join(root, n[:-3])))
expect(len(chapters) >= 5, f"the chapters with a kit: {chapters}")
for ch in chapters:
    kit = tempfile.mkdtemp(prefix="asg_firewall_")
    try:
        for part in ("common", ch):
            shutil.copytree(os.path.join(root, part), os.path.join(kit, part), symlinks=True,
                            ignore=shutil.ignore_patterns("results", "*.o"))
        handed_in = {}
        for top, dirs, files in grade.walk_tree(os.path.join(root, ch)):
            dirs[:] = [d for d in dirs if d != "results"]
            for name in files:
                rel = os.path.relpath(os.path.join(top, name), root)
                if not name.endswith(grade.SOURCE_SUFFIXES):
                    continue
                with open(os.path.join(root, rel), encoding="utf-8") as f:
                    regions, student, book = markers.parse(f.read(), rel)
                if regions:
                    handed_in[rel] = (book, student)
                    write(kit, rel, student)
        firewall = grade.SourceFirewall(kit, ch, set(handed_in))
        for rel, (book, student) in sorted(handed_in.items()):
            found = firewall.problems(rel, book.encode())
            expect(found == [], f"{rel}: the reference passes ({found})")
            found = firewall.problems(rel, student.encode())
            expect(found == [], f"{rel}: the stub passes ({found})")
        expect(bool(handed_in), f"{ch}: files to hand in found")
    finally:
        shutil.rmtree(kit)

print(f"{len(failures)} failures")
sys.exit(1 if failures else 0)
