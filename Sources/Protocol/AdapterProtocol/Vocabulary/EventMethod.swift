/// Every notification an integration sends the runner (events), with its params type.
public enum EventMethod: String, WireEnum {
    case status = "event.status"
    case sdkCall = "event.sdkCall"
    case ui = "event.ui"
    case app = "event.app"
    case notification = "event.notification"
    case log
    /// Network transport only: the host's process is about to end for a relaunch (the runner reconnects).
    case hostRelaunching = "host.relaunching"

    public var paramsType: any (Codable & Sendable).Type {
        switch self {
        case .status: return StatusEvent.self
        case .sdkCall: return SDKCallEvent.self
        case .ui: return UIEvent.self
        case .app: return AppEvent.self
        case .notification: return NotificationEvent.self
        case .log: return LogEvent.self
        case .hostRelaunching: return HostRelaunchingEvent.self
        }
    }

    public var paramsSchema: WireSchema { WireSchema.of(paramsType) }

    public var summary: String {
        switch self {
        case .status: return "an enrollment, policy or unenroll request ended (ENR-02)"
        case .sdkCall: return "the app is about to call an SDK method"
        case .ui: return "the SDK showed user interface"
        case .app: return "a milestone of the app"
        case .notification: return "the SDK posted a notification to the app"
        case .log: return "a log line of the integration or its SDK"
        case .hostRelaunching: return "network transport: the host's process ends for a relaunch; the runner reconnects"
        }
    }
}

/// Every question an integration asks the runner (a request the case script answers), with its params
/// and answer types and the capability it belongs to.
public enum Question: String, WireEnum {
    case restartApplication = "delegate.restartApplication"
    case wipeData = "delegate.wipeDataForAccountId"
    case identitySwitchRequired = "delegate.identitySwitchRequired"
    case restartDialog = "ui.restartDialog"
    case pinSetup = "ui.pinSetup"
    case pinEntry = "ui.pinEntry"
    case signIn = "ui.signIn"
    case faceID = "ui.faceId"

    public var paramsType: any (Codable & Sendable).Type {
        switch self {
        case .restartApplication: return Empty.self
        case .wipeData: return WipeQuestion.self
        case .pinEntry, .faceID: return AccountQuestion.self
        case .identitySwitchRequired: return IdentitySwitchQuestion.self
        case .restartDialog: return RestartDialogQuestion.self
        case .pinSetup: return PinSetupQuestion.self
        case .signIn: return SignInQuestion.self
        }
    }

    public var answerType: any (Codable & Sendable).Type {
        switch self {
        case .restartApplication, .wipeData: return ReturnAnswer.self
        case .identitySwitchRequired: return SwitchAnswer.self
        case .restartDialog: return Empty.self
        case .pinSetup, .pinEntry: return PinAnswer.self
        case .signIn: return SignInAnswer.self
        case .faceID: return FaceIDAnswer.self
        }
    }

    public var paramsSchema: WireSchema { WireSchema.of(paramsType) }
    public var answerSchema: WireSchema { WireSchema.of(answerType) }

    /// SDK user interface is answered only by integrations with `ui.prompts`; switch requests belong to
    /// `identity.switch`; delegate callbacks every integration has.
    public var capability: Capability? {
        switch self {
        case .restartDialog, .pinSetup, .pinEntry, .signIn: return .uiPrompts
        case .identitySwitchRequired: return .identitySwitch
        case .faceID: return .deviceFaceID
        case .restartApplication, .wipeData: return nil
        }
    }

    /// The capability a question's member belongs to where it came after the question: an integration that does not
    /// declare it leaves the member out, so a pattern naming the member needs it (`delegate.wipeDataForAccountId`'s
    /// `mainThread`: `delegate.thread`).
    public func capability(ofMember member: String) -> Capability? {
        switch (self, member) {
        case (.wipeData, "mainThread"): return .delegateThread
        default: return nil
        }
    }

    public var summary: String {
        switch self {
        case .restartApplication: return "the SDK called the policy delegate's restartApplication"
        case .wipeData: return "the SDK called wipeDataForAccountId:"
        case .identitySwitchRequired: return "the SDK called identitySwitchRequiredForAccountId:reason:completionHandler:"
        case .restartDialog: return "the SDK shows its restart dialog"
        case .pinSetup: return "the SDK asks the user to create a PIN"
        case .pinEntry: return "the SDK asks for the PIN"
        case .signIn: return "the SDK asks the user to sign in"
        case .faceID: return "the SDK offers Face ID for access"
        }
    }
}

/// How a suite names an event in an `expect` pattern: the selector key, the event it selects, and the
/// member whose value the selector names.
public enum EventSelectorKind: String, WireEnum {
    case status
    case question
    case ui
    case app
    case sdkCall
    case notification
    case log

    /// The event method selected (nil for `question`, whose method is the question itself).
    public var event: EventMethod? {
        switch self {
        case .status: return .status
        case .question: return nil
        case .ui: return .ui
        case .app: return .app
        case .sdkCall: return .sdkCall
        case .notification: return .notification
        case .log: return .log
        }
    }

    /// The member of the event that the selector's value names (`status: enrolled` → `status`).
    public var discriminator: String? {
        switch self {
        case .status: return "status"
        case .ui, .app: return "kind"
        case .sdkCall: return "api"
        case .notification: return "name"
        case .log: return "message"
        case .question: return nil
        }
    }

    /// The values the selector may name (nil: free text, as for log lines).
    public var names: [String]? {
        switch self {
        case .status: return StatusOutcome.allCases.map(\.rawValue)
        case .question: return Question.allCases.map(\.rawValue)
        case .ui: return UIKind.allCases.map(\.rawValue)
        case .app: return AppEventKind.allCases.map(\.rawValue)
        case .sdkCall: return SDKAPI.allCases.map(\.rawValue)
        case .notification: return NotificationName.allCases.map(\.rawValue)
        case .log: return nil
        }
    }
}
