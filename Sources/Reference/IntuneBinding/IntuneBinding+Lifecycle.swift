import AdapterKit
import AdapterProtocol
import Foundation

/// The case and the app's lifecycle on the wire (`docs/adapter-protocol.md`, Lifecycle): the binding checks and
/// answers, the host does the work.
extension IntuneBinding {
    /// `initialize`: a new session on this connection; the host sets the case up (and ends a previous one).
    func initialize(_ request: InitializeParams, channel: AdapterServer) throws(RPCError) -> InitializeResult {
        try beginSession(request, channel: channel)
        return InitializeResult(
            protocolVersion: configuration.protocolVersion.rawValue,
            implementation: configuration.implementation,
            sdk: NameAndVersion(name: configuration.sdkName, version: SDKSpelling.sdkVersion),
            capabilities: configuration.declaredCapabilities.map(\.rawValue))
    }

    /// Sets a case up as `initialize` does, without answering anyone: for a test host whose process ended for a
    /// relaunch and that carries on the case it had (the runner reconnects and does not send `initialize` again).
    public func beginSession(_ request: InitializeParams, channel: AdapterServer) throws(RPCError) {
        let created = BindingSession(channel: channel)
        try host.initialize(request, session: created)
        session.withLock { $0 = created }
    }

    /// `sync`: answered once the integration is idle (nothing to wait for before `initialize`).
    func sync() throws(RPCError) {
        guard session.withLock({ $0 }) != nil else { return }
        guard host.waitUntilIdle(deadline: Date().addingTimeInterval(idleTimeout)) else {
            throw Self.failed("the integration did not become idle within \(Int(idleTimeout)) s")
        }
    }

    /// `clock.advance`: only with a virtual clock; answered after the timers it made due ran.
    func advanceClock(_ params: ClockAdvanceParams) throws(RPCError) -> ClockAdvanceResult {
        try requireSession()
        guard host.hasVirtualClock else {
            throw RPCError.unsupported(.virtualClock, "the clock is not virtual")
        }
        let seconds = params.seconds
        guard seconds >= 0, seconds.isFinite else {
            throw RPCError(code: RPCError.invalidParams, message: "parameter \"seconds\" must be a non-negative number")
        }
        guard let now = host.advanceClock(by: seconds, idleTimeout: idleTimeout) else {
            throw Self.failed("the work of the timers did not finish within \(Int(idleTimeout)) s")
        }
        return ClockAdvanceResult(now: ISOTime.format(now))
    }

    /// `app.launch` / `app.restart`: waits for the launch gates (PIN questions are answered meanwhile) and
    /// describes the app.
    func launched(_ launch: @autoclosure () -> Host.App?) throws(RPCError) -> AppSnapshot {
        let session = try requireSession()
        guard let app = launch() else { throw Self.failed("the app was shut down") }
        if !app.waitForLaunch(until: Date().addingTimeInterval(idleTimeout)) {
            session.events.log(.warning, "the launch did not finish within \(Int(idleTimeout)) s")
        }
        return host.snapshot(of: app)
    }

    /// `app.resume`: the app returns to the foreground.
    func resume() throws(RPCError) -> AppSnapshot {
        let app = try actingApp()
        app.resume(until: deadline)
        return host.snapshot(of: app)
    }
}
