import Foundation

/// One `<testsuite>`. The counters are computed from the cases so they can never disagree with them.
public struct JUnitSuite: Sendable, Equatable {
    public var name: String
    /// When the suite started; written in UTC as `2026-11-22T02:03:31` (no zone suffix, as Ant/Surefire expect).
    public var timestamp: Date
    /// Duration in seconds; written with at most 3 decimals.
    public var time: Double
    /// Written as `<properties>` only when non-empty (jenkins-junit.xsd requires at least one `<property>`).
    public var properties: [JUnitProperty]
    public var cases: [JUnitCase]

    public init(name: String, timestamp: Date = Date(), time: Double = 0,
                properties: [JUnitProperty] = [], cases: [JUnitCase] = []) {
        self.name = name
        self.timestamp = timestamp
        self.time = time
        self.properties = properties
        self.cases = cases
    }

    public var tests: Int { cases.count }

    public var failures: Int {
        cases.count { if case .failure = $0.outcome { true } else { false } }
    }

    public var errors: Int {
        cases.count { if case .error = $0.outcome { true } else { false } }
    }

    public var skipped: Int {
        cases.count { if case .skipped = $0.outcome { true } else { false } }
    }

    /// Cases that passed only after a rerun (see ``JUnitCase/isFlaky``); written as Surefire's `flakes`
    /// attribute when not zero.
    public var flakes: Int {
        cases.count(where: \.isFlaky)
    }

    /// The value of the first property called `name`, or nil.
    public func property(_ name: String) -> String? {
        properties.first { $0.name == name }?.value
    }
}
