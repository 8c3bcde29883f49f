#ifndef SIGNET_TEST_PARALLELISM_H
#define SIGNET_TEST_PARALLELISM_H

/// The bound this test process gave Swift Testing's parallelism: the value of
/// SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH when the process started, whether the user set it or the
/// constructor in parallelism.c did (0 if neither: the variable was unset and could not be set).
long signet_test_parallelism_width(void);

#endif
