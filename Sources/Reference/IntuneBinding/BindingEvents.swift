#if canImport(IntuneMAMSwift)
@preconcurrency import IntuneMAMSwift
#else
import ReferenceSDK
#endif
import AdapterProtocol

/// Builds and sends the integration's events, so every event has one shape whoever raises it (the binding, a
/// delegate callback, the host's app). Events are the protocol's typed messages; the SDK's own values are
/// mapped to the protocol's vocabulary here and in the binding, never by the app.
public struct BindingEvents: Sendable {
    let channel: any RunnerChannel
    /// The SDK's version, read once: it decides the names `event.sdkCall` reports.
    let sdkVersion = SDKVersion(SDKSpelling.sdkVersion)

    public init(channel: any RunnerChannel) {
        self.channel = channel
    }

    /// `event.status` for one enrollment delegate callback, with the neutral status name.
    public func status(_ request: StatusRequest, _ status: IntuneMAMEnrollmentStatus) {
        // The real SDK's codes are NSUInteger, the reference's Int: Int(_:) reads both.
        let code = Int(status.statusCode.rawValue)
        // Every iOS code has a neutral name; a code the SDK invents later is reported as an internal error
        // with its raw code kept.
        let neutral = StatusOutcome.fromIOS(code: code, request: request) ?? .internalError
        channel.notify(.status, StatusEvent(
            request: request, status: neutral, code: code, accountId: AccountID(status.accountId),
            upn: UPN(status.identity), didSucceed: status.didSucceed, errorString: status.errorString))
    }

    /// `event.sdkCall`, sent before the SDK method is called.
    public func sdkCall(_ api: SDKAPI, accountId: String?, wipe: Bool? = nil, upn: String? = nil,
                        location: DataLocation? = nil, owner: String? = nil, url: String? = nil,
                        knownManagedApp: Bool? = nil) {
        channel.notify(.sdkCall, SDKCallEvent(api: api.name(onSDK: sdkVersion), accountId: accountId.map { AccountID($0) }, wipe: wipe,
                                              upn: upn.map { UPN($0) }, location: location,
                                              owner: owner.map { AccountID($0) }, url: url, knownManagedApp: knownManagedApp))
    }

    /// `event.app` milestone.
    public func app(_ event: AppEvent) {
        channel.notify(.app, event)
    }

    /// `event.app` milestone without details.
    public func app(_ kind: AppEventKind, accountId: String? = nil) {
        app(AppEvent(kind: kind, accountId: accountId.map { AccountID($0) }))
    }

    /// `event.app blocked`: a launch gate stopped the app.
    public func blocked(_ reason: BlockReason, accountId: String?) {
        app(AppEvent(kind: .blocked, accountId: accountId.map { AccountID($0) }, reason: AppEventReason(reason)))
    }

    /// `event.ui`: the SDK showed some UI (sent whether or not prompts are answered by the runner).
    public func ui(_ kind: UIKind, accountId: String?) {
        channel.notify(.ui, UIEvent(kind: kind, accountId: accountId.map { AccountID($0) }))
    }

    /// `event.notification`: the SDK posted a notification to the app.
    public func notification(_ event: NotificationEvent) {
        channel.notify(.notification, event)
    }

    /// `log` line for the transcript. Callers never pass secrets.
    public func log(_ level: LogLevel, _ message: String) {
        channel.notify(.log, LogEvent(level: level, message: message))
    }

    /// A line of the SDK's own log (`IntuneMAMLogger`), marked as the SDK's.
    public func sdkLog(_ level: IntuneMAMLogLevel, _ message: String) {
        log(SDKSpelling.logLevel(level), "sdk: \(message)")
    }
}
