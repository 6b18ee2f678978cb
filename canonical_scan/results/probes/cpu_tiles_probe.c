/* cpu_tiles_probe.c - measurement probe behind results/h200_2026-12-01_sweep_launch_tail_tiles.md
 * (2-, 4- or 8-row tiles for wide column blocks, and OpenMP threads that spin
 * after a region next to the pthreads of the canonical reduce). Built against
 * lib/cpu_reduce.c of commit fb547bf, which had the WIDE_TILE_ROWS_LOG2 knob:
 *   gcc -O3 -march=native -ffp-contract=off -fopenmp -DWIDE_TILE_ROWS_LOG2=W -std=gnu11 \
 *       -Icanonical_scan/lib -Icommon canonical_scan/results/probes/cpu_tiles_probe.c \
 *       canonical_scan/lib/cpu_reduce.c canonical_scan/lib/cpu_threads.c -lpthread -o /tmp/p */
/* scratch probe 2: wide tiles for L128, and OpenMP's spinning threads next to pthreads */
#define _GNU_SOURCE
#include "cpu_reduce.h"
#include "cpu_threads.h"
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
static double now(void){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec+1e-9*t.tv_nsec;}
static int cmpd(const void*a,const void*b){double x=*(const double*)a,y=*(const double*)b;return x<y?-1:x>y;}
static volatile double sinkd;
#define REPS 15
static void report(const char*name,double*ms,int reps,size_t n){qsort(ms,reps,8,cmpd);printf("%-52s med %8.3f ms  min %8.3f  max %8.3f   %6.1f GB/s\n",name,ms[reps/2],ms[0],ms[reps-1],8.0*n/ms[reps/2]/1e6);fflush(stdout);}
static double omp_sum(const double*x,size_t n){double s=0;
#pragma omp parallel for reduction(+:s) schedule(static)
 for(size_t i=0;i<n;i++)s+=x[i];return s;}
int main(void){
 unsigned T=threads_online(); size_t n1=1000000, n2=(size_t)1<<28;
 const char*wp=getenv("OMP_WAIT_POLICY");
 printf("threads %u WIDE_TILE_ROWS_LOG2=%d OMP_WAIT_POLICY=%s\n",T,WIDE_TILE_ROWS_LOG2,wp?wp:"(unset)");
 double*x=malloc(n2*8); for(size_t i=0;i<n2;i++)x[i]=(double)((i*2654435761u)%1000)/997.0-0.5;
 double ms[REPS]; char nm[160];
 unsigned Ls[]={16,128};
 for(int li=0;li<2;li++){ for(int r=-3;r<REPS;r++){double t0=now();sinkd=canonical_reduce_threads(x,n1,Ls[li],0,0,1);double t=(now()-t0)*1e3;if(r>=0)ms[r]=t;}
  snprintf(nm,sizeof nm,"1e6 L%u 1t",Ls[li]);report(nm,ms,REPS,n1);}
 for(int li=0;li<2;li++){ for(int r=-2;r<REPS;r++){double t0=now();sinkd=canonical_reduce_threads(x,n2,Ls[li],0,0,T);double t=(now()-t0)*1e3;if(r>=0)ms[r]=t;}
  snprintf(nm,sizeof nm,"2^28 L%u T=%u alone",Ls[li],T);report(nm,ms,REPS,n2);}
 for(int li=0;li<2;li++){ for(int r=-2;r<REPS;r++){sinkd=omp_sum(x,n2);double t0=now();sinkd=canonical_reduce_threads(x,n2,Ls[li],0,0,T);double t=(now()-t0)*1e3;if(r>=0)ms[r]=t;}
  snprintf(nm,sizeof nm,"2^28 L%u T=%u right after an omp region",Ls[li],T);report(nm,ms,REPS,n2);}
 for(int r=-2;r<REPS;r++){double t0=now();sinkd=omp_sum(x,n2);double t=(now()-t0)*1e3;if(r>=0)ms[r]=t;}
 report("2^28 omp parallel for reduction (back to back)",ms,REPS,n2);
 return 0;
}
