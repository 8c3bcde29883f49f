// libFuzzer's driver entry point (libclang_rt.fuzzer, linked by -sanitize=fuzzer). SwiftPM names an executable's
// entry point after its module and makes `main` an alias of it, so libFuzzer's own `main` is never linked: each
// harness has a Swift `@main` that hands its LLVMFuzzerTestOneInput to this driver with the command line.
#ifndef LIBFUZZER_DRIVER_H
#define LIBFUZZER_DRIVER_H

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
