import Synchronization

/// The cases of a run that are not judged yet, in plan order, with their definitions.
///
/// A definition (its steps above all) is dropped as soon as its case is judged. Definitions are the largest part of a
/// plan, and a 10,000-case run used to keep every one of them until it ended (issue 30). Whoever still needs a
/// judged case's names reads them from its result.
final class PendingCases: Sendable {
    /// One planned case: which scheduled suite it belongs to, and its definition.
    struct Slot: Sendable {
        var suite: Int
        var testCase: TestCase

        /// How a launched case came back.
        enum Ran: Sendable {
            /// Not started because the run was interrupted first.
            case notStarted(signal: Int32)
            case finished(CaseResult, CaseExecution.Outcome)
        }
    }

    private let slots: Mutex<[Slot?]>
    /// How many cases the run plans.
    let count: Int
    /// How many of them each scheduled suite holds.
    let countsBySuite: [Int]

    private init(_ slots: [Slot?], countsBySuite: [Int]) {
        self.count = slots.count
        self.countsBySuite = countsBySuite
        self.slots = Mutex(slots)
    }

    /// The scheduled suites with their cases taken out, and those cases in plan order. Takes the suites, so that
    /// afterwards this is the only holder of the definitions.
    static func split(_ scheduled: consuming [RunPlan.ScheduledSuite]) -> ([RunPlan.ScheduledSuite], PendingCases) {
        var suites = scheduled
        var slots: [Slot?] = []
        slots.reserveCapacity(suites.reduce(0) { $0 + $1.suite.cases.count })
        for index in suites.indices {
            for testCase in suites[index].suite.cases { slots.append(Slot(suite: index, testCase: testCase)) }
        }
        let counts = suites.map(\.suite.cases.count)
        for index in suites.indices { suites[index].suite.cases = [] }
        return (suites, PendingCases(slots, countsBySuite: counts))
    }

    /// The case at `index` in plan order; it must not be judged yet.
    func slot(_ index: Int) -> Slot {
        guard let slot = slots.withLock({ $0[index] }) else { preconditionFailure("case #\(index) was asked for after it was judged") }
        return slot
    }

    /// The case at `index` is judged: its definition is no longer needed.
    func judged(_ index: Int) {
        slots.withLock { $0[index] = nil }
    }

    /// Whether a case not yet judged satisfies `predicate`.
    func contains(where predicate: (TestCase) -> Bool) -> Bool {
        slots.withLock { $0.contains { $0.map { predicate($0.testCase) } ?? false } }
    }

    /// Calls `body` with every case not yet judged, in plan order.
    func forEach(_ body: (TestCase) -> Void) {
        for slot in slots.withLock({ $0 }) { if let slot { body(slot.testCase) } }
    }
}
