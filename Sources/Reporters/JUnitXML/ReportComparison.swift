/// What changed between two reports of the same suites, for example before and after an SDK upgrade.
///
/// Cases are matched by `classname` + `name` (the suite name is not part of the key, as JUnit consumers
/// do it). When a report holds the same key more than once, the n-th occurrence in BASE is matched with the
/// n-th in NEW. A case that passed only after reruns counts as passed (shown as `flaky`); an error counts
/// as failed (shown as `errored`).
public struct ReportComparison: Sendable, Equatable {
    /// A case's result as the comparison sees it.
    public enum Status: String, Sendable, Equatable {
        case passed
        /// Passed in the end, after failed attempts.
        case flaky
        case failed
        case errored
        case skipped

        init(_ testCase: JUnitCase) {
            switch testCase.outcome {
            case .passed: self = testCase.attempts.isEmpty ? .passed : .flaky
            case .failure: self = .failed
            case .error: self = .errored
            case .skipped: self = .skipped
            }
        }

        var passed: Bool { self == .passed || self == .flaky }
        var failed: Bool { self == .failed || self == .errored }
    }

    /// One case that changed.
    public struct Change: Sendable, Equatable {
        public var classname: String
        public var name: String
        /// Nil when the case is new.
        public var before: Status?
        /// Nil when the case was removed.
        public var after: Status?
        /// In NEW: the failure or error message, or the reason for a skip; nil when it passed or is gone.
        public var message: String?
    }

    /// Passed (also after reruns) in BASE, failed or errored in NEW.
    public private(set) var regressions: [Change] = []
    /// Failed or errored in BASE, passed in NEW.
    public private(set) var fixes: [Change] = []
    /// Only in NEW.
    public private(set) var added: [Change] = []
    /// Only in BASE.
    public private(set) var removed: [Change] = []
    /// Passed, failed or errored in BASE, skipped in NEW: a check that no longer runs.
    public private(set) var newlySkipped: [Change] = []
    /// Skipped in BASE, run in NEW (whatever the result).
    public private(set) var unskipped: [Change] = []
    /// Failed or errored in both.
    public private(set) var stillFailing = 0
    /// Cases in both reports.
    public private(set) var matched = 0
    /// Cases in each report.
    public let baseCount: Int
    public let newCount: Int

    public init(base: JUnitDocument, new: JUnitDocument) {
        let baseCases = Self.keyed(base)
        let newCases = Self.keyed(new)
        baseCount = baseCases.count
        newCount = newCases.count
        var baseByKey: [Key: JUnitCase] = [:]
        for (key, testCase) in baseCases { baseByKey[key] = testCase }
        var seen = Set<Key>()
        for (key, testCase) in newCases {
            let after = Status(testCase)
            let change = Change(classname: testCase.classname, name: testCase.name, before: nil, after: after,
                                message: Self.message(testCase.outcome))
            guard let old = baseByKey[key] else {
                added.append(change)
                continue
            }
            seen.insert(key)
            matched += 1
            let before = Status(old)
            var changed = change
            changed.before = before
            switch (before, after) {
            case _ where before.passed && after.failed: regressions.append(changed)
            case _ where before.failed && after.passed: fixes.append(changed)
            case _ where before.failed && after.failed: stillFailing += 1
            case (.skipped, .skipped): break
            case (.skipped, _): unskipped.append(changed)
            case (_, .skipped): newlySkipped.append(changed)
            default: break
            }
        }
        for (key, testCase) in baseCases where !seen.contains(key) {
            removed.append(Change(classname: testCase.classname, name: testCase.name, before: Status(testCase), after: nil, message: nil))
        }
    }

    /// True when a case that passed in BASE fails in NEW: the comparison's verdict.
    public var hasRegressions: Bool { !regressions.isEmpty }

    private struct Key: Hashable {
        var classname: String
        var name: String
        var occurrence: Int
    }

    private static func keyed(_ document: JUnitDocument) -> [(Key, JUnitCase)] {
        var counts: [String: Int] = [:]
        return document.suites.flatMap(\.cases).map { testCase in
            let identity = testCase.classname + "\u{0}" + testCase.name
            let occurrence = counts[identity, default: 0]
            counts[identity] = occurrence + 1
            return (Key(classname: testCase.classname, name: testCase.name, occurrence: occurrence), testCase)
        }
    }

    private static func message(_ outcome: JUnitOutcome) -> String? {
        switch outcome {
        case .passed: nil
        case let .failure(message, _, details), let .error(message, _, details): message.isEmpty ? details : message
        case let .skipped(message): message
        }
    }
}
