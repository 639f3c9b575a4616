/// The lifecycle steps the launch gates (group C), still extensions of the engine, call by their old names; each
/// forwards to the flow that owns it. Removed once those callers hold the flows themselves.
extension SDKEngine {
    func carryOverFromPreviousBuild() { update.carryOverFromPreviousBuild() }
}
