/* hello_threads.h - the launch function hello_threads.c calls (gpu/hello_threads.cu). */
#ifndef CH01_HELLO_THREADS_H
#define CH01_HELLO_THREADS_H

#ifdef __cplusplus
extern "C" {
#endif

/* c[i] = a[i] + b[i] for i < n on the GPU, in blocks of `block` threads
 * (1..1024); block_of[i] and thread_of[i] receive the blockIdx.x and
 * threadIdx.x of the thread that computed element i. Host arrays. */
void gpu_vector_add_traced(const float *a, const float *b, float *c, int *block_of, int *thread_of, int n, int block);

/* The same kernel on the CPU emulator (gpu/hello_threads_emu.cpp): 0, or 1
 * after the emulator reported an error (stderr). */
int emu_vector_add_traced(const float *a, const float *b, float *c, int *block_of, int *thread_of, int n, int block);

#ifdef __cplusplus
}
#endif

#endif
