/// `sdk.deregisterAndUnenroll` params.
public struct DeregisterParams: Codable, Sendable, Hashable {
    public var accountId: AccountID
    public var wipe: Bool
    public init(accountId: AccountID, wipe: Bool) {
        self.accountId = accountId
        self.wipe = wipe
    }
}

/// `sdk.loginAndEnroll` params: a UPN hint, or null (the device user, else the SDK asks).
public struct LoginAndEnrollParams: Codable, Sendable, Hashable {
    public var upn: UPN?
    public init(upn: UPN?) { self.upn = upn }
}

/// `sdk.registeredAccounts` result.
public struct AccountListResult: Codable, Sendable, Hashable {
    public var accountIds: [AccountID]
    public init(accountIds: [AccountID]) { self.accountIds = accountIds }
}

/// `sdk.enrolledAccount` result: the enrolled account or null.
public struct EnrolledAccountResult: Codable, Sendable, Hashable {
    public var accountId: AccountID?
    public init(accountId: AccountID?) { self.accountId = accountId }
}

/// `sdk.identity` result: the SDK's getters (`getProcessAccountId`, `getUIPolicyAccountId`,
/// `getCurrentThreadAccountId`): an account ID, `""` (explicitly unmanaged) or null (unset).
public struct IdentityResult: Codable, Sendable, Hashable {
    public var process: AccountID?
    public var ui: AccountID?
    public var thread: AccountID?
    public init(process: AccountID?, ui: AccountID?, thread: AccountID?) {
        self.process = process
        self.ui = ui
        self.thread = thread
    }
}

/// `sdk.isManaged` result.
public struct ManagedResult: Codable, Sendable, Hashable {
    public var managed: Bool
    public init(managed: Bool) { self.managed = managed }
}

/// `sdk.protect` params.
public struct ProtectParams: Codable, Sendable, Hashable {
    /// The owner (`""` for unmanaged data).
    public var accountId: AccountID
    public var text: String
    public init(accountId: AccountID, text: String) {
        self.accountId = accountId
        self.text = text
    }
}

/// `sdk.protect` result: whether the data was encrypted and the owner `protectionInfo` reports.
public struct ProtectResult: Codable, Sendable, Hashable {
    public var encrypted: Bool
    public var owner: AccountID
    public init(encrypted: Bool, owner: AccountID) {
        self.encrypted = encrypted
        self.owner = owner
    }
}

/// `sdk.allowedAccounts` result: `allowedAccountIds` and `allowedAccounts`, null when unrestricted.
public struct AllowedAccountsResult: Codable, Sendable, Hashable {
    public var accountIds: [AccountID]?
    public var upns: [UPN]?
    public init(accountIds: [AccountID]?, upns: [UPN]?) {
        self.accountIds = accountIds
        self.upns = upns
    }
}

/// `device.setFaceID` params (CL-05).
public struct FaceIDParams: Codable, Sendable, Hashable {
    public var enrolled: Bool
    public init(enrolled: Bool) { self.enrolled = enrolled }
}

/// `device.setJailbroken` params.
public struct JailbreakParams: Codable, Sendable, Hashable {
    public var jailbroken: Bool
    public init(jailbroken: Bool) { self.jailbroken = jailbroken }
}

/// `sdk.setValuesToScrub` params: the values the SDK must mask in its logs from now on, beside the Info.plist's
/// `ValuesToScrubFromLogging` (CFG-07).
public struct ScrubValuesParams: Codable, Sendable, Hashable {
    public var values: [String]
    public init(values: [String]) { self.values = values }
}

/// `sdk.appConfig` params (null account: the SDK's answer for no account).
public struct AppConfigParams: Codable, Sendable, Hashable {
    public var accountId: AccountID?
    public init(accountId: AccountID?) { self.accountId = accountId }
}

/// `sdk.appConfig` result: `fullData`, one dictionary per delivered configuration (the tenant default
/// carries `__IsDefault`).
public struct AppConfigResult: Codable, Sendable, Hashable {
    public var fullData: [[String: String]]
    public init(fullData: [[String: String]]) { self.fullData = fullData }
}

/// `sdk.appConfigValue` params.
public struct AppConfigValueParams: Codable, Sendable, Hashable {
    public var accountId: AccountID?
    public var key: String
    public var type: ConfigValueType
    /// Default `any`; `min`/`max` for strings and numbers, `or`/`and` for booleans.
    public var query: ConfigQuery?
    public init(accountId: AccountID?, key: String, type: ConfigValueType, query: ConfigQuery?) {
        self.accountId = accountId
        self.key = key
        self.type = type
        self.query = query
    }
}

/// `sdk.appConfigValue` result.
public struct AppConfigValueResult: Codable, Sendable, Hashable {
    /// The getter's answer (a string, number or boolean), or null.
    public var value: JSONValue?
    /// Every value for the key (`allStrings`, `allNumbers`, `allBools`).
    public var all: [JSONValue]
    public var hasConflict: Bool
    public init(value: JSONValue?, all: [JSONValue], hasConflict: Bool) {
        self.value = value
        self.all = all
        self.hasConflict = hasConflict
    }
}

/// `sdk.policy` result: whether the account is managed, its policy, and what the app must do with files
/// and notifications (for an unmanaged account: false, 0, allow).
public struct PolicyResult: Codable, Sendable, Hashable {
    public var managed: Bool
    public var policy: PolicySummary?
    public var fileEncryptionRequired: Bool
    /// After the `MaxFileProtectionLevel` cap (0–3).
    public var fileProtectionLevel: Int
    public var notificationPolicy: NotificationPolicy
    public init(managed: Bool, policy: PolicySummary?, fileEncryptionRequired: Bool, fileProtectionLevel: Int, notificationPolicy: NotificationPolicy) {
        self.managed = managed
        self.policy = policy
        self.fileEncryptionRequired = fileEncryptionRequired
        self.fileProtectionLevel = fileProtectionLevel
        self.notificationPolicy = notificationPolicy
    }
}

/// The policy an account holds, as the SDK's `IntuneMAMPolicy` exposes it.
public struct PolicySummary: Codable, Sendable, Hashable {
    public var pinRequired: Bool
    public var minimumPinLength: Int
    public var maximumPinRetries: Int
    public var policyVersion: String?
    public var fileEncryptionRequired: Bool
    public var fileProtectionLevel: Int
    public var notificationPolicy: NotificationPolicy
    /// The settings as the service delivered them (Graph `iosManagedAppProtection` properties).
    public var settings: JSONValue?
    public init(pinRequired: Bool, minimumPinLength: Int, maximumPinRetries: Int, policyVersion: String?,
                fileEncryptionRequired: Bool, fileProtectionLevel: Int, notificationPolicy: NotificationPolicy, settings: JSONValue?) {
        self.pinRequired = pinRequired
        self.minimumPinLength = minimumPinLength
        self.maximumPinRetries = maximumPinRetries
        self.policyVersion = policyVersion
        self.fileEncryptionRequired = fileEncryptionRequired
        self.fileProtectionLevel = fileProtectionLevel
        self.notificationPolicy = notificationPolicy
        self.settings = settings
    }
}

/// `sdk.isSaveToAllowed` params: `policyForAccountId(owner).isSaveToAllowed(forLocation:withAccountId:)`.
public struct SaveToParams: Codable, Sendable, Hashable {
    public var location: SaveLocation
    /// The account owning the location (null for local drive and camera roll).
    public var accountId: AccountID?
    /// Whose policy applies (the data owner); absent or null = the effective identity, "" = unmanaged.
    public var owner: AccountID?
    public init(location: SaveLocation, accountId: AccountID?, owner: AccountID?) {
        self.location = location
        self.accountId = accountId
        self.owner = owner
    }
}

/// `sdk.isOpenFromAllowed` params (`owner`: the receiving identity).
public struct OpenFromParams: Codable, Sendable, Hashable {
    public var location: OpenLocation
    public var accountId: AccountID?
    public var owner: AccountID?
    public init(location: OpenLocation, accountId: AccountID?, owner: AccountID?) {
        self.location = location
        self.accountId = accountId
        self.owner = owner
    }
}

/// `sdk.isSaveToAllowed` / `sdk.isOpenFromAllowed` result.
public struct AllowedResult: Codable, Sendable, Hashable {
    public var allowed: Bool
    public init(allowed: Bool) { self.allowed = allowed }
}

// issue 27: MDM-managed devices

/// `sdk.mdmEnrolledAccount` result: the account `mdmEnrolledAccountIdWithCompletion:` handed its completion (before
/// 19.2.0 the synchronous `mdmEnrolledAccountId`, before 16.0 `mdmEnrolledAccount`, a UPN), null on a device that is
/// not MDM-enrolled; `completed` false when the completion did not come within the adapter's wait (iOS#442).
public struct MDMEnrolledAccountResult: Codable, Sendable, Hashable {
    public var accountId: AccountID?
    public var completed: Bool
    public init(accountId: AccountID?, completed: Bool) {
        self.accountId = accountId
        self.completed = completed
    }
}
