/// Fault bookkeeping of a tenant.
extension Tenant {
    /// Arms a fault and returns its id.
    mutating func addFault(_ spec: FaultSpec) -> String {
        let fault = InjectedFault(id: Identifiers.uuid(), route: spec.route, status: spec.status, remaining: spec.times)
        faults.append(fault)
        return fault.id
    }

    /// The fault that answers the next request on `route`, if any, with one use taken off it.
    ///
    /// The oldest matching fault applies; a counted fault is disarmed when its last use is taken, so `times: 1`
    /// fails exactly one request.
    mutating func takeFault(route: String) -> InjectedFault? {
        guard let index = faults.firstIndex(where: { $0.route == route }) else { return nil }
        let fault = faults[index]
        if let remaining = fault.remaining {
            if remaining <= 1 {
                faults.remove(at: index)
            } else {
                faults[index].remaining = remaining - 1
            }
        }
        return fault
    }
}
