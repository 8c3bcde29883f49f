// Declarations only (include/libfuzzer_driver.h); the definitions are libFuzzer's.
#include "libfuzzer_driver.h"
