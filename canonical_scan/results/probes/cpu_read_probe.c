/* cpu_read_probe.c - measurement probe behind results/h200_2026-12-01_sweep_launch_tail_tiles.md
 * (one thread reading 8 MB in several ways, 4 KiB and 2 MiB pages; the threaded
 * canonical reduce at 2^28 with several chunk sizes). Not part of the build:
 *   gcc -O3 -march=native -ffp-contract=off -std=gnu11 -Icanonical_scan/lib -Icommon \
 *       canonical_scan/results/probes/cpu_read_probe.c canonical_scan/lib/cpu_reduce.c \
 *       canonical_scan/lib/cpu_threads.c -lpthread -o /tmp/cpu_read_probe */
/* scratch probe: single-thread read/reduce at 8 MB and all-thread at 2 GiB, variants. */
#define _GNU_SOURCE
#include "cpu_reduce.h"
#include "cpu_threads.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
typedef double vd8 __attribute__((vector_size(64)));
typedef uint64_t vu8 __attribute__((vector_size(64)));
#pragma GCC diagnostic ignored "-Wpsabi"
static double now(void){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec+1e-9*t.tv_nsec;}
static int cmpd(const void*a,const void*b){double x=*(const double*)a,y=*(const double*)b;return x<y?-1:x>y;}
static volatile double sinkd; static volatile uint64_t sinku;
static uint64_t rd_scalar(const double*x,size_t n){uint64_t s=0;for(size_t i=0;i<n;i++){uint64_t v;memcpy(&v,x+i,8);s+=v;}return s;}
static double rd_vec(const double*x,size_t n){vd8 a0={0},a1={0},a2={0},a3={0};size_t i=0;
 for(;i+32<=n;i+=32){vd8 v0,v1,v2,v3;memcpy(&v0,x+i,64);memcpy(&v1,x+i+8,64);memcpy(&v2,x+i+16,64);memcpy(&v3,x+i+24,64);a0+=v0;a1+=v1;a2+=v2;a3+=v3;}
 vd8 a=(a0+a1)+(a2+a3);double s=0;for(int k=0;k<8;k++)s+=a[k];for(;i<n;i++)s+=x[i];return s;}
static size_t PD=1024;
static double rd_vec_pf(const double*x,size_t n){vd8 a0={0},a1={0},a2={0},a3={0};size_t i=0;size_t pd=PD/8;
 for(;i+32<=n;i+=32){__builtin_prefetch(x+i+pd,0,3);__builtin_prefetch(x+i+pd+8,0,3);__builtin_prefetch(x+i+pd+16,0,3);__builtin_prefetch(x+i+pd+24,0,3);
 vd8 v0,v1,v2,v3;memcpy(&v0,x+i,64);memcpy(&v1,x+i+8,64);memcpy(&v2,x+i+16,64);memcpy(&v3,x+i+24,64);a0+=v0;a1+=v1;a2+=v2;a3+=v3;}
 vd8 a=(a0+a1)+(a2+a3);double s=0;for(int k=0;k<8;k++)s+=a[k];for(;i<n;i++)s+=x[i];return s;}
static double *alloc_thp(size_t n,int thp){size_t bytes=(n*8+(2u<<20)-1)&~(size_t)((2u<<20)-1);void*p=NULL;
 if(posix_memalign(&p,2u<<20,bytes))exit(1); if(thp) madvise(p,bytes,MADV_HUGEPAGE); else madvise(p,bytes,MADV_NOHUGEPAGE); return p;}
typedef struct{const double*x;size_t n;unsigned T;}tj;
static void touch(void*p,unsigned t,unsigned T){tj*j=p;size_t a=j->n*t/T,b=j->n*(t+1)/T;memset((double*)j->x+a,0,(b-a)*8);}
static volatile uint64_t part[1024*8];
static void rshare(void*p,unsigned t,unsigned T){tj*j=p;size_t a=j->n*t/T,b=j->n*(t+1)/T;part[8*t]=rd_scalar(j->x+a,b-a);}
static void vshare(void*p,unsigned t,unsigned T){tj*j=p;size_t a=j->n*t/T,b=j->n*(t+1)/T;double s=rd_vec(j->x+a,b-a);uint64_t u;memcpy(&u,&s,8);part[8*t]=u;}
#define REPS 15
static void report(const char*name,double*ms,int reps,size_t n){qsort(ms,reps,8,cmpd);printf("%-44s med %8.3f ms  min %8.3f  max %8.3f   %6.1f GB/s (best %6.1f)\n",name,ms[reps/2],ms[0],ms[reps-1],8.0*n/ms[reps/2]/1e6,8.0*n/ms[0]/1e6);fflush(stdout);}
int main(int argc,char**argv){
 unsigned T=threads_online(); size_t n1=1000000, n2=(size_t)1<<28; if(argc>1)n2=strtoull(argv[1],0,0);
 printf("threads %u\n",T);
 for(int thp=0;thp<2;thp++){
  double*x=alloc_thp(n1,thp); for(size_t i=0;i<n1;i++)x[i]=(double)((i*2654435761u)%1000)/997.0-0.5;
  char nm[128]; double ms[REPS];
  for(int v=0;v<8;v++){
   for(int w=0;w<3;w++){ if(v==0)sinku=rd_scalar(x,n1); }
   for(int r=-3;r<REPS;r++){double t0=now();
    switch(v){case 0:sinku=rd_scalar(x,n1);break;case 1:sinkd=rd_vec(x,n1);break;case 2:PD=512;sinkd=rd_vec_pf(x,n1);break;case 3:PD=2048;sinkd=rd_vec_pf(x,n1);break;case 4:PD=4096;sinkd=rd_vec_pf(x,n1);break;
     case 5:sinkd=canonical_reduce_threads(x,n1,16,0,0,1);break;case 6:sinkd=canonical_reduce_threads(x,n1,128,0,0,1);break;case 7:sinkd=canonical_reduce_threads(x,n1,1,0,0,1);break;}
    double t=(now()-t0)*1e3; if(r>=0)ms[r]=t;}
   static const char*vn[]={"read u64 scalar","read vd8 x4 acc","read vd8 pf512","read vd8 pf2048","read vd8 pf4096","canonical L16 1t","canonical L128 1t","canonical L1 1t"};
   snprintf(nm,sizeof nm,"1e6 %s %s",thp?"THP":"4K ",vn[v]); report(nm,ms,REPS,n1);
  }
  free(x);
 }
 for(int thp=0;thp<2;thp++){
  double*x=alloc_thp(n2,thp); tj j={x,n2,T}; threads_run(T,touch,&j);
  for(size_t i=0;i<n2;i++)x[i]=(double)((i*2654435761u)%1000)/997.0-0.5;
  char nm[128]; double ms[REPS];
  struct {const char*name;int kind;unsigned L;int c;unsigned T;} vs[]={
   {"read u64 scalar",0,0,0,T},{"read vd8",1,0,0,T},{"canonical L16 c12",2,16,12,T},{"canonical L16 default",2,16,-1,T},{"canonical L16 c16",2,16,16,T},{"canonical L16 c20",2,16,20,T},
   {"canonical L128 c9 default",2,128,-1,T},{"canonical L128 c13",2,128,13,T},{"canonical L16 default T/2",2,16,-1,T/2},{"read u64 T/2",0,0,0,T/2},{"canonical L1 default",2,1,-1,T}};
  for(unsigned v=0;v<sizeof vs/sizeof vs[0];v++){
   for(int r=-2;r<REPS;r++){double t0=now(); tj jj={x,n2,vs[v].T};
    if(vs[v].kind==0)threads_run(vs[v].T,rshare,&jj); else if(vs[v].kind==1)threads_run(vs[v].T,vshare,&jj);
    else if(vs[v].c<0) sinkd=canonical_reduce_threads(x,n2,vs[v].L,0,0,vs[v].T); else sinkd=canonical_reduce_chunked(x,n2,vs[v].L,0,0,vs[v].T,vs[v].c);
    double t=(now()-t0)*1e3; if(r>=0)ms[r]=t;}
   snprintf(nm,sizeof nm,"2^28 %s %s T=%u",thp?"THP":"4K ",vs[v].name,vs[v].T); report(nm,ms,REPS,n2);
  }
  free(x);
 }
 return 0;
}
