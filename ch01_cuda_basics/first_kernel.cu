/* first_kernel.cu - section 1.0: a whole CUDA program in one file, built by
 * hand with nvcc, with nothing of the companion's helpers:
 *
 *     nvcc -arch=sm_90 -O3 -lineinfo -o first_kernel first_kernel.cu
 *
 * y = a * x + y (SAXPY) on the GPU, checked against the same loop on the
 * CPU. Options: --n N (elements, default 1000000), --seed S, --quiet.
 * Exit status: 0 the GPU agrees with the CPU, 1 it does not (or a CUDA call
 * failed), 2 bad input, 77 no GPU. */
#include <cuda_runtime.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// [listing first-check]
/* Every CUDA call returns a cudaError_t; this stops at the first failure
 * and says which call, where, and why. */
#define CHECK(call)                                                                                                    \
    do {                                                                                                               \
        const cudaError_t err_ = (call);                                                                               \
        if (err_ != cudaSuccess) {                                                                                     \
            fprintf(stderr, "error: %s failed at %s:%d: %s\n", #call, __FILE__, __LINE__, cudaGetErrorString(err_));   \
            exit(1);                                                                                                   \
        }                                                                                                              \
    } while (0)
// [end]

// [listing first-kernel]
/* One thread per element. */
__global__ void saxpy(int n, float a, const float *x, float *y)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] = a * x[i] + y[i];
}
// [end]

/* Reads "--name VALUE" as a whole number in [lo, hi]; anything else is bad
 * input (exit 2). */
static long parse_count(const char *name, const char *text, long lo, long hi)
{
    char *end = NULL;
    const long v = strtol(text, &end, 10);
    if (end == text || *end != '\0' || v < lo || v > hi) {
        fprintf(stderr, "error: %s expects an integer in [%ld, %ld], got '%s'\n", name, lo, hi, text);
        exit(2);
    }
    return v;
}

int main(int argc, char **argv)
{
    long n = 1000000, seed = 1;
    int quiet = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0) {
            printf("usage: first_kernel [options]\n"
                   "y = 2.5 x + y on the GPU, checked against the CPU.\n"
                   "  --n N       number of elements (default 1000000)\n"
                   "  --seed S    seed of the random inputs (default 1)\n"
                   "  --quiet     print only the verdict\n");
            return 0;
        } else if (strcmp(argv[i], "--quiet") == 0) {
            quiet = 1;
        } else if ((strcmp(argv[i], "--n") == 0 || strcmp(argv[i], "--seed") == 0) && i + 1 < argc) {
            const int is_n = argv[i][2] == 'n';
            const long v = parse_count(argv[i], argv[i + 1], is_n ? 1 : 0, is_n ? 1L << 28 : 1L << 30);
            *(is_n ? &n : &seed) = v;
            i++;
        } else if (strcmp(argv[i], "--n") == 0 || strcmp(argv[i], "--seed") == 0) {
            fprintf(stderr, "error: %s needs a value\n", argv[i]);
            return 2;
        } else {
            fprintf(stderr, "error: unknown option '%s' (try --help)\n", argv[i]);
            return 2;
        }
    }
    int devices = 0;
    if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
        printf("skipped: no CUDA device\n");
        return 77;
    }

    // [listing first-main]
    const float a = 2.5f;
    const size_t bytes = (size_t)n * sizeof(float);
    float *x = (float *)malloc(bytes), *y = (float *)malloc(bytes), *expect = (float *)malloc(bytes);
    if (!x || !y || !expect) {
        fprintf(stderr, "error: cannot allocate %ld floats\n", n);
        return 2;
    }
    srand((unsigned)seed);
    for (long i = 0; i < n; i++) {
        x[i] = (float)(rand() % 1000);
        y[i] = (float)(rand() % 1000);
        expect[i] = a * x[i] + y[i]; /* the CPU's answer: exact for these small whole
                                        numbers, fused multiply-add or not */
    }

    float *d_x = NULL, *d_y = NULL;
    CHECK(cudaMalloc(&d_x, bytes));
    CHECK(cudaMalloc(&d_y, bytes));
    CHECK(cudaMemcpy(d_x, x, bytes, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(d_y, y, bytes, cudaMemcpyHostToDevice));
    const int threads = 256;
    const int blocks = (int)((n + threads - 1) / threads);
    saxpy<<<blocks, threads>>>((int)n, a, d_x, d_y);
    CHECK(cudaGetLastError());                                /* did it launch? */
    CHECK(cudaMemcpy(y, d_y, bytes, cudaMemcpyDeviceToHost)); /* waits for it */
    CHECK(cudaFree(d_x));
    CHECK(cudaFree(d_y));

    long wrong = 0;
    for (long i = 0; i < n; i++)
        wrong += y[i] != expect[i];
    // [end]
    if (!quiet)
        printf("y = %.1f x + y over %ld floats: %d blocks of %d threads\n", (double)a, n, blocks, threads);
    printf("self-check: the GPU's y equals the CPU's: %s (%ld of %ld differ)\n", wrong ? "MISMATCH" : "confirmed",
           wrong, n);
    free(x);
    free(y);
    free(expect);
    return wrong ? 1 : 0;
}
