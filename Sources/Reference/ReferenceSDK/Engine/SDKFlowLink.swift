import Locking

/// A way to reach a flow that cannot be handed over when another is built, because the two call each other (an
/// enrollment starts the first check-in; a check-in may end in an unenroll, which schedules the enrollment retry).
/// The engine builds both, then binds the link once; the link resolves through a closure, so it can hold its target
/// weakly and a link never keeps the engine alive. A flow is a value, though, which a closure can only hold strongly:
/// a link to one is part of a cycle (the flow it reaches holds links too), which the engine breaks by unbinding every
/// link when the runtime terminates.
final class SDKFlowLink<Target: Sendable>: SDKFlowUnbinding {
    private let resolve = Locked<(@Sendable () -> Target?)?>(nil)

    /// Points the link at its target; a second call is a wiring mistake.
    func bind(_ target: @escaping @Sendable () -> Target?) {
        resolve.withLock { current in
            precondition(current == nil, "a flow link is bound once")
            current = target
        }
    }

    /// The target; nil before the link is bound, once it is gone, or once the link is unbound.
    var target: Target? { resolve.read { $0 }?() }

    /// Lets go of the target for good (the runtime terminated): a flow still running finds no link to follow.
    func unbind() {
        let released = resolve.withLock { current -> (@Sendable () -> Target?)? in
            defer { current = nil }
            return current
        }
        // Released outside the lock: the last reference to what it captured may go with it.
        _ = released
    }
}

/// A link of any target type, as the engine keeps them to unbind them all when the runtime terminates.
protocol SDKFlowUnbinding: AnyObject, Sendable {
    func unbind()
}
