/* hello_threads.cu - section 1.1: a kernel, a launch, one thread per element.
 * The kernel also records which thread computed which element, so the
 * program can print the mapping and compare it with the CPU's loop nest. */
#include "cuda_check.h"
#include "hello_threads.h"

// [listing vector-add-kernel]
/* Runs once in every thread of the grid. Each thread works out its own
 * element from where it sits in the grid, and does that element only. */
__global__ void vector_add_traced(const float *a, const float *b, float *c, int *block_of, int *thread_of, int n)
{
    /* BEGIN SOLUTION */
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) { /* the last block may have more threads than elements left */
        c[i] = a[i] + b[i];
        block_of[i] = blockIdx.x;
        thread_of[i] = threadIdx.x;
    }
    /* STUDENT: this thread's element from its place in the grid, then c = a + b there, and which block and thread did it; idle threads past n write nothing (1.1).
    (void)a;
    (void)b;
    (void)c;
    (void)block_of;
    (void)thread_of;
    (void)n;
    */
    /* END SOLUTION */
}
// [end]
#ifndef EMU_KERNELS_ONLY /* the host's side; gpu/hello_threads_emu.cpp takes the kernel alone */
/* cudaMalloc for n items of `size` bytes, checked. */
static void *device_alloc(int n, size_t size)
{
    void *p = NULL;
    CUDA_CHECK(cudaMalloc(&p, (size_t)n * size));
    return p;
}

extern "C" void gpu_vector_add_traced(const float *a, const float *b, float *c, int *block_of, int *thread_of, int n,
                                      int block)
{
    if (n < 1 || block < 1 || block > 1024) {
        fprintf(stderr, "error: vector add: n = %d, block = %d out of range\n", n, block);
        exit(EXIT_MISMATCH);
    }
    // [listing host-to-device]
    const size_t bytes = (size_t)n * sizeof(float);
    float *d_a = (float *)device_alloc(n, sizeof(float));
    float *d_b = (float *)device_alloc(n, sizeof(float));
    float *d_c = (float *)device_alloc(n, sizeof(float));
    int *d_block = (int *)device_alloc(n, sizeof(int));
    int *d_thread = (int *)device_alloc(n, sizeof(int));
    CUDA_CHECK(cudaMemcpy(d_a, a, bytes, cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(d_b, b, bytes, cudaMemcpyHostToDevice));
    // [end]
    // [listing vector-add-launch]
    const int blocks = (n + block - 1) / block; /* round up: every element gets a thread */
    vector_add_traced<<<blocks, block>>>(d_a, d_b, d_c, d_block, d_thread, n);
    CUDA_CHECK_LAUNCH(); /* a bad configuration fails here, at once */
    /* cudaMemcpy waits for the kernel to finish before it copies */
    CUDA_CHECK(cudaMemcpy(c, d_c, bytes, cudaMemcpyDeviceToHost));
    // [end]
    CUDA_CHECK(cudaMemcpy(block_of, d_block, (size_t)n * sizeof(int), cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(thread_of, d_thread, (size_t)n * sizeof(int), cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaFree(d_a));
    CUDA_CHECK(cudaFree(d_b));
    CUDA_CHECK(cudaFree(d_c));
    CUDA_CHECK(cudaFree(d_block));
    CUDA_CHECK(cudaFree(d_thread));
}
#endif
