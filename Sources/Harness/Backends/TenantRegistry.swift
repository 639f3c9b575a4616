/// A driver's own state per arranged tenant, by handle id: the core only ever holds the opaque handle.
actor TenantRegistry<State: Sendable> {
    private var states: [String: State] = [:]

    func add(_ state: State, for id: String) { states[id] = state }

    func state(_ id: String) -> State? { states[id] }

    func remove(_ id: String) -> State? { states.removeValue(forKey: id) }

    /// Every tenant still arranged (for cleaning up after an interrupted run).
    var all: [String: State] { states }
}
