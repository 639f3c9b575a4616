/// `event.status`: one enrollment delegate callback (ENR-02).
public struct StatusEvent: Codable, Sendable, Hashable {
    public var request: StatusRequest
    /// The neutral name of the code.
    public var status: StatusOutcome
    /// The SDK's raw code (iOS `IntuneMAMEnrollmentStatusCode`).
    public var code: Int
    public var accountId: AccountID
    public var upn: UPN
    public var didSucceed: Bool
    public var errorString: String?
    public init(request: StatusRequest, status: StatusOutcome, code: Int, accountId: AccountID, upn: UPN, didSucceed: Bool, errorString: String?) {
        self.request = request
        self.status = status
        self.code = code
        self.accountId = accountId
        self.upn = upn
        self.didSucceed = didSucceed
        self.errorString = errorString
    }
}

/// `event.sdkCall`: the app is about to call an SDK method, with its arguments.
public struct SDKCallEvent: Codable, Sendable, Hashable {
    /// The method's name as the integration's SDK spells it (see `SDKAPI` for the current names).
    public var api: String
    /// Null where the method takes no account.
    public var accountId: AccountID?
    public var wipe: Bool?
    public var upn: UPN?
    /// `isSaveToAllowedForLocation` / `isOpenFromAllowedForLocation`: the location asked about (`accountId` is then
    /// the location's account, null when it has none).
    public var location: DataLocation?
    /// Policy questions: whose policy was asked (`policyForAccountId`), "" for none (unmanaged).
    public var owner: AccountID?
    /// `isURLAllowed`: the URL asked about.
    public var url: String?
    /// `isURLAllowed`: whether the app vouched for the scheme as a managed app's.
    public var knownManagedApp: Bool?
    public init(api: String, accountId: AccountID?, wipe: Bool? = nil, upn: UPN? = nil, location: DataLocation? = nil,
                owner: AccountID? = nil, url: String? = nil, knownManagedApp: Bool? = nil) {
        self.api = api
        self.accountId = accountId
        self.wipe = wipe
        self.upn = upn
        self.location = location
        self.owner = owner
        self.url = url
        self.knownManagedApp = knownManagedApp
    }
}

/// `event.ui`: the SDK showed some user interface (sent also without the `ui.prompts` capability).
public struct UIEvent: Codable, Sendable, Hashable {
    public var kind: UIKind
    public var accountId: AccountID?
    public init(kind: UIKind, accountId: AccountID?) {
        self.kind = kind
        self.accountId = accountId
    }
}

/// `event.app`: a milestone of the app.
public struct AppEvent: Codable, Sendable, Hashable {
    public var kind: AppEventKind
    public var accountId: AccountID?
    /// `signed-in`: the account's UPN.
    public var upn: UPN?
    /// `signed-in`: `sdk` when the SDK signed the user in.
    public var by: SignInSource?
    /// `restarted`: who restarted the app; `blocked`: why.
    public var reason: AppEventReason?
    /// `data-wiped`: how many files the app deleted.
    public var files: Int?
    /// `compliance-status`: the remediation's status.
    public var compliance: ComplianceOutcome?
    public init(kind: AppEventKind, accountId: AccountID? = nil, upn: UPN? = nil, by: SignInSource? = nil, reason: AppEventReason? = nil, files: Int? = nil,
                compliance: ComplianceOutcome? = nil) {
        self.kind = kind
        self.accountId = accountId
        self.upn = upn
        self.by = by
        self.reason = reason
        self.files = files
        self.compliance = compliance
    }
}

/// The `reason` of an `event.app`: a `RestartReason` for `restarted`, a `BlockReason` for `blocked`.
public enum AppEventReason: String, WireEnum {
    case app, sdk, runner
    case policyRequired = "policy-required"
    case pinCanceled = "pin-canceled"
    case pinRetriesExceeded = "pin-retries-exceeded"
    case jailbroken
    case signInCanceled = "sign-in-canceled"
    case offline

    public init(_ reason: RestartReason) { self.init(rawValue: reason.rawValue)! }
    public init(_ reason: BlockReason) { self.init(rawValue: reason.rawValue)! }
}

/// `event.notification`: a notification the SDK posted to the app.
public struct NotificationEvent: Codable, Sendable, Hashable {
    public var name: NotificationName
    public var accountId: AccountID?
    /// `allowed-accounts-changed`: the new lists (null = no restriction).
    public var accountIds: [AccountID]?
    public var upns: [UPN]?
    public init(name: NotificationName, accountId: AccountID? = nil, accountIds: [AccountID]? = nil, upns: [UPN]? = nil) {
        self.name = name
        self.accountId = accountId
        self.accountIds = accountIds
        self.upns = upns
    }
}

/// `log`: a log line of the integration (for the SDK's own logger too). Never carries secrets.
public struct LogEvent: Codable, Sendable, Hashable {
    public var level: LogLevel
    public var message: String
    public init(level: LogLevel, message: String) {
        self.level = level
        self.message = message
    }
}
