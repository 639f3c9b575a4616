/// A whole JUnit report: one `<testsuites>` root holding the suites.
///
/// This is the reporter's own value model, independent of the harness's result types, so that the
/// XML format can be tested (and schema-validated) without running anything.
public struct JUnitDocument: Sendable, Equatable {
    public var name: String
    public var suites: [JUnitSuite]

    public init(name: String, suites: [JUnitSuite] = []) {
        self.name = name
        self.suites = suites
    }

    public var tests: Int { suites.reduce(0) { $0 + $1.tests } }
    public var failures: Int { suites.reduce(0) { $0 + $1.failures } }
    public var errors: Int { suites.reduce(0) { $0 + $1.errors } }
    /// Not written on `<testsuites>`: neither junit-10.xsd nor jenkins-junit.xsd allows a `skipped`
    /// attribute there. Each `<testsuite>` carries its own count.
    public var skipped: Int { suites.reduce(0) { $0 + $1.skipped } }
    /// Cases that passed only after a rerun; not written on `<testsuites>` (no schema has it there).
    public var flakes: Int { suites.reduce(0) { $0 + $1.flakes } }
    /// The sum of the suite times, in seconds.
    public var time: Double { suites.reduce(0) { $0 + $1.time } }
}
