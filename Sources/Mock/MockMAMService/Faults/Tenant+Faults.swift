/// Fault bookkeeping of a tenant.
extension Tenant {
    /// Arms a fault and returns its id.
    mutating func addFault(_ spec: FaultSpec) -> String {
        let fault = InjectedFault(
            id: Identifiers.uuid(), route: spec.route, answer: spec.answer, delayMs: spec.delayMs,
            hold: spec.hold ? true : nil, remaining: spec.times)
        faults.append(fault)
        return fault.id
    }

    /// What happens to the next request on `route`, if a fault or schedule applies, with one use taken off it.
    ///
    /// Armed faults come first, oldest first; a counted fault is disarmed when its last use is taken, so `times: 1`
    /// fails exactly one request. Otherwise each schedule covering the route draws, in the order they were added.
    mutating func takeFault(route: String) -> AppliedFault? {
        if let index = faults.firstIndex(where: { $0.route == route }) {
            let fault = faults[index]
            if let remaining = fault.remaining {
                if remaining <= 1 {
                    faults.remove(at: index)
                } else {
                    faults[index].remaining = remaining - 1
                }
            }
            return AppliedFault(answer: fault.answer, delayMs: fault.delayMs, hold: fault.holds)
        }
        for index in faultSchedules.indices {
            if let answer = faultSchedules[index].draw(route: route) {
                return AppliedFault(answer: answer, delayMs: nil, scheduleSeed: faultSchedules[index].seed)
            }
        }
        return nil
    }

    /// Makes the armed faults on `route` hold no more: a pure hold is disarmed, a held error keeps its answer.
    ///
    /// A release is for the route, not only for the requests already waiting, so a request that reaches the mock
    /// after the harness released it is not held: the case cannot race its own release.
    mutating func releaseHolds(route: String) {
        faults = faults.compactMap { fault in
            guard fault.route == route, fault.holds else { return fault }
            guard fault.answer != .normal else { return nil }
            var released = fault
            released.hold = nil
            return released
        }
    }
}
