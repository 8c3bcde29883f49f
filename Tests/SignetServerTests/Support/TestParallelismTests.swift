import CSignetTestParallelism
import Testing

/// The test process bounds its own parallelism before Swift Testing starts (Tests/CSignetTestParallelism): 8
/// tests per online core unless the user set SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH. Fails if the
/// constructor was not linked or did not run, which would leave the suite unbounded on a loaded machine.
@Suite("The test process's parallelism bound")
struct TestParallelismTests {
    @Test("the bound is set when the tests start")
    func boundIsSet() {
        #expect(signet_test_parallelism_width() >= 1)
    }
}
