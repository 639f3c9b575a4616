import ConformanceCore
import JUnitXML

/// The cases of a certification run by outcome. Each case is in exactly one count: `errored` leaves out the cases
/// that were never run, which `notRun` holds (``RunCounts`` counts those among its errors).
struct CertificationCounts: Codable, Sendable, Equatable {
    var passed = 0
    var failed = 0
    var errored = 0
    var notRun = 0
    var skipped = 0

    var total: Int { passed + failed + errored + notRun + skipped }

    init(passed: Int = 0, failed: Int = 0, errored: Int = 0, notRun: Int = 0, skipped: Int = 0) {
        self.passed = passed
        self.failed = failed
        self.errored = errored
        self.notRun = notRun
        self.skipped = skipped
    }

    /// The counts of a finished run.
    init(_ counts: RunCounts) {
        self.init(passed: counts.passed, failed: counts.failed, errored: counts.errored - counts.notRun,
                  notRun: counts.notRun, skipped: counts.skipped)
    }

    /// The counts a JUnit report shows: `--verify` recomputes them from the bundle's report, not from the manifest.
    init(_ document: JUnitDocument) {
        for testCase in document.suites.flatMap(\.cases) {
            switch testCase.outcome {
            case .passed: passed += 1
            case .failure: failed += 1
            case .error(_, let type, _):
                if type == CaseError.notRun("").kind { notRun += 1 } else { errored += 1 }
            case .skipped: skipped += 1
            }
        }
    }

    /// Each count that differs from `other`'s, named.
    func differences(from other: CertificationCounts) -> [(name: String, mine: Int, theirs: Int)] {
        [("passed", passed, other.passed), ("failed", failed, other.failed), ("errored", errored, other.errored),
         ("notRun", notRun, other.notRun), ("skipped", skipped, other.skipped)]
            .filter { $0.1 != $0.2 }
            .map { (name: $0.0, mine: $0.1, theirs: $0.2) }
    }
}
