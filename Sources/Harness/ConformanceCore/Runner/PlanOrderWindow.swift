/// Which cases to launch and which to judge next, for a run that has several cases in flight.
///
/// Cases are launched in plan order, at most `limit` at a time, and their results are handed out for judging
/// strictly in plan order: a case that finishes before an earlier one is held until the earlier one is judged,
/// so what the run reports does not depend on which case finished first. Once the run stops, nothing more is
/// launched and every case not yet judged (running, held or never launched) comes out as stopped, which is
/// what a serial run would have reported for it. A value with no tasks and no clock, so its order is tested
/// alone; the runner drives it from a task group.
struct PlanOrderWindow<Finished, Reason> {
    /// The next case to judge.
    enum Entry {
        case finished(Int, Finished)
        /// The run stopped, for `Reason`, before this case was judged: it is reported not run.
        case stopped(Int, Reason)

        var index: Int {
            switch self {
            case .finished(let index, _), .stopped(let index, _): return index
            }
        }
    }

    let count: Int
    private(set) var launched = 0
    private(set) var judged = 0
    /// Launched and not finished yet.
    private(set) var running = 0
    /// Why the run stopped, once it has.
    private(set) var stopped: Reason?
    /// Finished cases waiting for every earlier case to be judged.
    private var held: [Int: Finished] = [:]

    init(count: Int) {
        self.count = count
    }

    /// Every case has been judged.
    var isDone: Bool { judged == count }

    /// The next case to launch, when fewer than `limit` are in flight and the run goes on.
    mutating func launch(limit: Int) -> Int? {
        guard stopped == nil, launched < count, running < limit else { return nil }
        defer { launched += 1 }
        running += 1
        return launched
    }

    /// A launched case finished (or was found not to start). A result for a case already judged is dropped.
    mutating func finish(_ index: Int, _ value: Finished) {
        running -= 1
        guard index >= judged else { return }
        held[index] = value
    }

    /// The next case in plan order, once it can be judged.
    mutating func next() -> Entry? {
        guard judged < count else { return nil }
        if let stopped {
            held[judged] = nil
            defer { judged += 1 }
            return .stopped(judged, stopped)
        }
        guard let value = held.removeValue(forKey: judged) else { return nil }
        defer { judged += 1 }
        return .finished(judged, value)
    }

    /// Launch nothing more; every case not yet judged comes out as stopped for `reason` (the first reason stays).
    mutating func stop(_ reason: Reason) {
        if stopped == nil { stopped = reason }
    }
}
