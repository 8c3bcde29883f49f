// Bounds how many tests Swift Testing runs at once in this test process, before its entry point reads the
// bound: 8 per core this process may use (16 on CI's two cores). Unbounded, all the tests start together; on
// a loaded two-core machine a task then waited seconds for a thread, and round trips with 10 s timeouts failed
// by the dozen (docs/decisions.md, "Tests on a loaded machine", has the runs and the widths measured).
//
// Swift Testing reads SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH (and `swift test`'s
// --experimental-maximum-parallelization-width, which wins over it). A value the user set is kept. If a
// later Swift Testing ignores the variable, the tests run unbounded, as before: nothing else depends on it.
#define _GNU_SOURCE
#include "signet_test_parallelism.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#if defined(__linux__)
#include <sched.h>
#endif

static const char *const variable = "SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH";

// The cores this process may run on: its CPU affinity (what `nproc` counts), lowered to a cgroup v2 CPU quota
// where one is set (a container can see more cores than it may use).
static long usable_cores(void) {
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
#if defined(__linux__)
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0) cores = CPU_COUNT(&set);
    FILE *file = fopen("/sys/fs/cgroup/cpu.max", "r");
    if (file) {
        char quota[32];
        long period = 0;
        if (fscanf(file, "%31s %ld", quota, &period) == 2 && period > 0) {
            char *end = NULL;
            long microseconds = strtol(quota, &end, 10);  // "max" (no quota) parses as nothing
            if (end != quota && microseconds > 0) {
                long quota_cores = (microseconds + period - 1) / period;
                if (quota_cores < cores) cores = quota_cores;
            }
        }
        fclose(file);
    }
#endif
    return cores < 1 ? 1 : cores;
}

__attribute__((constructor, used)) static void signet_bound_test_parallelism(void) {
    char width[32];
    snprintf(width, sizeof width, "%ld", usable_cores() * 8);
    setenv(variable, width, 0);  // 0: a value already set (by the user) stays
}

long signet_test_parallelism_width(void) {
    const char *value = getenv(variable);
    return value ? strtol(value, NULL, 10) : 0;
}
