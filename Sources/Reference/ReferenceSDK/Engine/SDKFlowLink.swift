import Locking

/// A way to reach a flow that cannot be handed over when another is built, because the two call each other (an
/// enrollment starts the first check-in; a check-in may end in an unenroll, which schedules the enrollment retry).
/// The engine builds both, then binds the link once; the link resolves through a closure, so it can hold its target
/// weakly and a link never keeps the engine alive.
final class SDKFlowLink<Target: Sendable>: Sendable {
    private let resolve = Locked<(@Sendable () -> Target?)?>(nil)

    /// Points the link at its target; a second call is a wiring mistake.
    func bind(_ target: @escaping @Sendable () -> Target?) {
        resolve.withLock { current in
            precondition(current == nil, "a flow link is bound once")
            current = target
        }
    }

    /// The target; nil before the link is bound or once it is gone.
    var target: Target? { resolve.read { $0 }?() }
}
