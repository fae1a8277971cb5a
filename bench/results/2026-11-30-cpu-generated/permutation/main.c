#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <time.h>
typedef struct { int32_t *a, *b; int64_t off, s[2], st[2]; } M2;
void _mlir_ciface_perm_loops(M2*, M2*); void _mlir_ciface_perm_auto(M2*, M2*);
void _mlir_ciface_perm64_loops(M2*, M2*); void _mlir_ciface_perm64_auto(M2*, M2*);
static double now(void){struct timespec t; clock_gettime(CLOCK_MONOTONIC,&t); return t.tv_sec+1e-9*t.tv_nsec;}
static int cmp(const void*a,const void*b){double x=*(double*)a,y=*(double*)b;return x<y?-1:x>y;}
static double bench(void(*f)(M2*,M2*), int64_t B, int64_t K){
  int32_t *p=malloc(B*K*4),*q=malloc(B*K*4);
  for(int64_t i=0;i<B*K;i++) p[i]=(i%K)+rand()%(K-(i%K));
  M2 mp={p,p,0,{B,K},{K,1}}, mq={q,q,0,{B,K},{K,1}};
  f(&mp,&mq); double t[301];
  for(int r=0;r<301;r++){double a=now(); f(&mp,&mq); t[r]=now()-a;}
  qsort(t,301,sizeof(double),cmp); free(p); free(q); return t[150]*1e6;
}
int main(){
  printf("(16384,16) i32 loops %.1f us, parallel %.1f us\n", bench(_mlir_ciface_perm_loops,16384,16), bench(_mlir_ciface_perm_auto,16384,16));
  printf("(64,75) i32 loops %.2f us, cpu-runtime pass %.2f us\n", bench(_mlir_ciface_perm64_loops,64,75), bench(_mlir_ciface_perm64_auto,64,75));
}
