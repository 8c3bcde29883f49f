// CPU pinning for `SIGNET_BENCH_PIN=1` (Sources/signet-bench/CPUPinning.swift): Swift's Glibc module
// does not export sched_setaffinity, which needs _GNU_SOURCE.
#define _GNU_SOURCE
#include "floor.h"

#ifdef __linux__
#include <sched.h>

int signet_bench_pin_thread(int tid, int cpu) {
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    return sched_setaffinity(tid, sizeof(set), &set) == 0;
}
#else
int signet_bench_pin_thread(int tid, int cpu) {
    (void)tid;
    (void)cpu;
    return 0;
}
#endif
