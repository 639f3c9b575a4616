#if canImport(IntuneMAMSwift)
@preconcurrency import IntuneMAMSwift
#else
import ReferenceSDK
#endif
import AdapterKit
import AdapterProtocol
import Locking

/// One case's binding: its line to the runner (events out, questions answered) and the delegates it installed
/// on the running app's SDK.
///
/// Created by `initialize` and handed to the host, which keeps it for the case: every app instance the host
/// launches installs the binding's delegates through it before the SDK's launch, as the guides require.
public final class BindingSession: Sendable {
    /// The events of this case.
    public let events: BindingEvents
    /// How long a question to the runner may take before it counts as unanswered.
    public let questionTimeout: Duration
    let channel: any RunnerChannel

    /// The delegates set on the running app's SDK. Kept here because the real SDK holds its enrollment
    /// delegate weakly; replaced at every launch, so a restarted app starts without the old instance's state.
    private struct Installation: Sendable {
        let app: any BoundApp
        let enrollment: BindingEnrollmentDelegate
        let policy: BindingPolicyDelegate
        let compliance: BindingComplianceDelegate
    }

    private let installation = Locked<Installation?>(nil)

    public init(channel: any RunnerChannel, questionTimeout: Duration = .seconds(120)) {
        self.channel = channel
        self.events = BindingEvents(channel: channel)
        self.questionTimeout = questionTimeout
    }

    /// Sets the binding's enrollment, policy and compliance delegates on `app`'s SDK managers (before the SDK's launch;
    /// the real SDK requires them by the end of `application(_:willFinishLaunchingWithOptions:)`), and with
    /// the real SDK starts observing its notifications.
    public func install(on app: any BoundApp) {
        let enrollment = BindingEnrollmentDelegate(app: app, session: self)
        let policy = BindingPolicyDelegate(app: app, session: self)
        let compliance = BindingComplianceDelegate(app: app, session: self)
        installation.withLock { $0 = Installation(app: app, enrollment: enrollment, policy: policy, compliance: compliance) }
        app.sdk.enrollmentManager.delegate = enrollment
        app.sdk.policyManager.delegate = policy
        app.sdk.complianceManager.delegate = compliance
        observeSDK(of: app)
    }

    /// Lets go of `app` and its delegates once it has ended (its SDK calls none of them any more), unless a later
    /// launch replaced them already. The installation holds the app, and the reference's app holds the device that
    /// holds this session: kept, it was a cycle that held every case's last app, with its SDK runtime and HTTP
    /// connections, for as long as a long-lived test host ran.
    public func uninstall(from app: any BoundApp) {
        let removed = installation.withLock { current -> Installation? in
            guard let installed = current, installed.app === app else { return nil }
            current = nil
            return installed
        }
        // Released here, outside the lock: the last reference to the app may go with it.
        _ = removed
    }

    /// The SDK calls of `app`, each announced to the runner before it is made.
    public func calls(to app: any BoundApp) -> AnnouncedSDKCalls {
        AnnouncedSDKCalls(events: events, sdk: app.sdk)
    }

    /// The app whose SDK carries the binding's delegates now (the latest launched).
    var installedApp: (any BoundApp)? {
        installation.withLock { $0?.app }
    }

    /// The next enrollment outcome answers a `loginAndEnrollAccount` that `app` started.
    func expectLoginOutcome(of app: any BoundApp) {
        installation.withLock { $0 }.flatMap { $0.app === app ? $0.enrollment : nil }?.expectLoginOutcome()
    }

    /// The SDK posted a notification: `event.notification`, and for a changed allowed-accounts list the app
    /// signs out who is no longer allowed. Called on the SDK's thread (the observers are in `SDKSpelling.swift`).
    func sdkDidPost(_ event: NotificationEvent) {
        events.notification(event)
        switch event.name {
        case .allowedAccountsChanged: installedApp?.allowedAccountsDidChange()
        case .dataProtectionChanged: installedApp?.dataProtectionDidChange()
        case .policyChanged: installedApp?.policyDidChange()
        case .appConfigChanged, .wipeCompleted: break
        }
    }

    /// Asks the runner; nil (logged) when it gave no answer in time.
    public func ask<Params: Encodable, Answer: Decodable>(_ question: Question, _ params: Params,
                                                          answer: Answer.Type) -> Answer? {
        do {
            return try channel.ask(question, params, answer: answer, timeout: questionTimeout)
        } catch {
            events.log(.warning, "no answer to \(question.rawValue): \(error)")
            return nil
        }
    }
}
