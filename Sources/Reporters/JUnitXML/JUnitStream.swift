/// A report written a suite at a time: the root's counts up front, and each suite built only when it is
/// written, so a run of thousands of cases never holds its whole report (every case's system-out, then the
/// XML) in memory at once. Written by ``JUnitWriter/write(_:to:dialect:)-(JUnitStream,_,_)``; the bytes are those
/// of the equivalent ``JUnitDocument``.
public struct JUnitStream {
    public var name: String
    public var tests: Int
    public var failures: Int
    public var errors: Int
    /// The sum of the suite times, in seconds.
    public var time: Double
    public var suiteCount: Int
    /// Builds suite `index` (0 ..< suiteCount), in order, once each.
    public var suite: (Int) -> JUnitSuite

    public init(name: String, tests: Int, failures: Int, errors: Int, time: Double, suiteCount: Int, suite: @escaping (Int) -> JUnitSuite) {
        self.name = name
        self.tests = tests
        self.failures = failures
        self.errors = errors
        self.time = time
        self.suiteCount = suiteCount
        self.suite = suite
    }

    /// A stream over a document already in memory (its counts and suites as they are).
    public init(_ document: JUnitDocument) {
        self.init(name: document.name, tests: document.tests, failures: document.failures, errors: document.errors,
                  time: document.time, suiteCount: document.suites.count, suite: { document.suites[$0] })
    }
}
