import Locking

/// The SDK's connections to the app: the platform (the simulated OS) and the three delegates, and whether the runtime
/// still runs. One owner, handed to the flows that talk to the app, so terminating cuts every flow off at once: after
/// ``terminate()`` no read finds a connection and no setter brings one back.
final class SDKAppConnections: Sendable {
    private struct Connections {
        var terminated = false
        var platform: (any IntuneMAMPlatform)?
        var enrollmentDelegate: (any IntuneMAMEnrollmentDelegate)?
        var policyDelegate: (any IntuneMAMPolicyDelegate)?
        var complianceDelegate: (any IntuneMAMComplianceDelegate)?
    }

    private let connections: Locked<Connections>
    private let log: SDKLog

    init(platform: any IntuneMAMPlatform, log: SDKLog) {
        connections = Locked(Connections(platform: platform))
        self.log = log
    }

    var isAlive: Bool { connections.read { !$0.terminated } }

    /// Drops every connection for good; true only for the call that did it.
    func terminate() -> Bool {
        connections.withLock { connections in
            defer { connections = Connections(terminated: true) }
            return !connections.terminated
        }
    }

    var platform: (any IntuneMAMPlatform)? { connections.read(\.platform) }

    var enrollmentDelegate: (any IntuneMAMEnrollmentDelegate)? {
        get { connections.read(\.enrollmentDelegate) }
        set { connections.withLock { if !$0.terminated { $0.enrollmentDelegate = newValue } } }
    }

    var policyDelegate: (any IntuneMAMPolicyDelegate)? {
        get { connections.read(\.policyDelegate) }
        set { connections.withLock { if !$0.terminated { $0.policyDelegate = newValue } } }
    }

    var complianceDelegate: (any IntuneMAMComplianceDelegate)? {
        get { connections.read(\.complianceDelegate) }
        set { connections.withLock { if !$0.terminated { $0.complianceDelegate = newValue } } }
    }

    /// Posts `notification` unless the runtime was terminated (a terminated SDK talks to no one). Called on
    /// the work queue; the platform must not wait for the SDK inside.
    func post(_ notification: IntuneMAMNotification) {
        guard let platform else { return }
        log.verbose("posting \(notification.name.rawValue)")
        platform.post(notification)
    }
}
