/* The round trip of one cache line between two CPUs: two threads, pinned to CPU A and CPU B,
   hand a counter back and forth through one atomic variable, ROUNDS times; printed in ns per round
   trip. Used by bench/cpu_pair_state.sh to tell the state of a virtual machine's CPU pair: a
   few tens of ns when the host runs the two virtual CPUs on one core (hyperthread siblings), some
   hundreds when on two cores. Usage: cpu_pair_probe [A = 0] [B = 1] [rounds = 100000] */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static _Atomic long turn __attribute__((aligned(64)));
static long rounds = 100000;
static int cpu_b = 1;

static int pin(int cpu) {
  cpu_set_t set;
  CPU_ZERO(&set);
  CPU_SET(cpu, &set);
  return pthread_setaffinity_np(pthread_self(), sizeof set, &set);
}

static void* answer(void* unused) {
  (void)unused;
  pin(cpu_b); /* checked in main */
  for (long i = 0; i < rounds; ++i) {
    while (atomic_load_explicit(&turn, memory_order_acquire) != 2 * i + 1) {
    }
    atomic_store_explicit(&turn, 2 * i + 2, memory_order_release);
  }
  return NULL;
}

int main(int argc, char** argv) {
  const int cpu_a = argc > 1 ? atoi(argv[1]) : 0;
  cpu_b = argc > 2 ? atoi(argv[2]) : 1;
  rounds = argc > 3 ? atol(argv[3]) : 100000;
  /* Both CPUs are tried here first: a thread that cannot pin would leave the other waiting. */
  if (rounds < 1 || pin(cpu_b) != 0 || pin(cpu_a) != 0) {
    fprintf(stderr, "cpu_pair_probe: cannot pin to CPUs %d and %d (or bad rounds)\n", cpu_a, cpu_b);
    return 64;
  }
  pthread_t other;
  if (pthread_create(&other, NULL, answer, NULL) != 0) return 71;
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  for (long i = 0; i < rounds; ++i) {
    atomic_store_explicit(&turn, 2 * i + 1, memory_order_release);
    while (atomic_load_explicit(&turn, memory_order_acquire) != 2 * i + 2) {
    }
  }
  clock_gettime(CLOCK_MONOTONIC, &t1);
  pthread_join(other, NULL);
  const double ns = (double)(t1.tv_sec - t0.tv_sec) * 1e9 + (double)(t1.tv_nsec - t0.tv_nsec);
  printf("%.1f\n", ns / (double)rounds);
  return 0;
}
