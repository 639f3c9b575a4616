/// `event.ui` kinds: SDK user interface the integration reports having shown.
public enum UIKind: String, WireEnum {
    case restartDialog = "restart-dialog"
    case pinSetup = "pin-setup"
    case pinEntry = "pin-entry"
    case signIn = "sign-in"
    case policyRequired = "policy-required"
    case policyAbsentWarning = "policy-absent-warning"
    /// Conditional launch refused the managed account's data on a jailbroken device (CL-01).
    case jailbreakBlocked = "jailbreak-blocked"
    /// Conditional launch refused the managed account's data: the app has not reached the service for longer than
    /// the policy's offline period, and could not now (CL-04).
    case offlineBlocked = "offline-blocked"
    /// Conditional launch offered Face ID instead of the PIN (CL-05).
    case faceID = "face-id"
}

/// `event.app` kinds: milestones of the app around the SDK.
public enum AppEventKind: String, WireEnum {
    case launched
    case restarted
    case ready
    case signedIn = "signed-in"
    case signedOut = "signed-out"
    case dataWiped = "data-wiped"
    case blocked
    /// The app saved a copy of a document to a location (`app.saveDocument`, POL-07).
    case documentSaved = "document-saved"
    /// The app opened data from a location into an account (`app.openDocument`, POL-08).
    case documentOpened = "document-opened"
    /// The operating system opened a URL for the app (`app.openLink`, POL-13); `accountId` is the identity of the
    /// opening thread ("" = none).
    case urlOpened = "url-opened"
    /// The share extension showed shared data (`app.receiveShare`, IDS-13); `accountId` is the UI identity it showed
    /// the data under.
    case shareShown = "share-shown"
    /// The app's compliance delegate received the status of a Conditional Access remediation (CA-02); `compliance`
    /// names it, `accountId` is the account the SDK reported.
    case complianceStatus = "compliance-status"
    // issue 27: showing content under the right identity
    /// The app showed one of its files' contents (`app.showFile`, IDS-54); `accountId` is the UI identity it showed
    /// them under ("" = none).
    case fileShown = "file-shown"
    /// The app showed arbitrary web content (`app.showWebContent`, IDS-11, IDS-55); `accountId` is the identity it
    /// showed it under: the UI identity in a multi-identity app, the showing thread's effective identity (its thread
    /// identity, else the process identity) in a single-identity app ("" = none).
    case webContentShown = "web-content-shown"
}

/// Who restarted the app (`event.app restarted`, `reason`).
public enum RestartReason: String, WireEnum {
    /// The app restarted itself (`restartApplication` returned true).
    case app
    /// The SDK restarted the app after its restart dialog.
    case sdk
    /// The runner asked for it (`app.restart`).
    case runner
}

/// Why the app is blocked (`event.app blocked`, `reason`).
public enum BlockReason: String, WireEnum {
    case policyRequired = "policy-required"
    case pinCanceled = "pin-canceled"
    case pinRetriesExceeded = "pin-retries-exceeded"
    /// The device is jailbroken and the policy requires a compliant one (CL-01).
    case jailbroken
    /// The policy requires work or school credentials and the user did not sign in (CL-02).
    case signInCanceled = "sign-in-canceled"
    /// The app has not checked in for longer than the policy's offline period and cannot reach the service (CL-04).
    case offline
}

/// Who signed the user in (`event.app signed-in`, `by`): absent when the app did.
public enum SignInSource: String, WireEnum {
    case sdk
}

/// `event.notification` names: what the SDK posted to the app, under neutral names.
public enum NotificationName: String, WireEnum {
    /// `IntuneMAMAllowedAccountsDidChangeNotification`
    case allowedAccountsChanged = "allowed-accounts-changed"
    /// `IntuneMAMAppConfigDidChangeNotification`
    case appConfigChanged = "app-config-changed"
    /// `IntuneMAMPolicyDidChangeNotification`
    case policyChanged = "policy-changed"
    /// `IntuneMAMDataProtectionDidChangeNotification`
    case dataProtectionChanged = "data-protection-changed"
    /// `IntuneMAMWipeDidCompleteNotification`
    case wipeCompleted = "wipe-completed"

    /// The iOS notification this name stands for.
    public var iosName: String {
        switch self {
        case .allowedAccountsChanged: return "IntuneMAMAllowedAccountsDidChangeNotification"
        case .appConfigChanged: return "IntuneMAMAppConfigDidChangeNotification"
        case .policyChanged: return "IntuneMAMPolicyDidChangeNotification"
        case .dataProtectionChanged: return "IntuneMAMDataProtectionDidChangeNotification"
        case .wipeCompleted: return "IntuneMAMWipeDidCompleteNotification"
        }
    }
}

/// Levels of `log` lines.
public enum LogLevel: String, WireEnum {
    case debug
    case info
    case warning
    case error
}

/// The status of a Conditional Access remediation (`event.app compliance-status`, `compliance`): the iOS
/// `IntuneMAMComplianceStatus` values (0-5, the same in every release held) and Android's `MAMCAComplianceStatus`
/// codes of the same names, by neutral name.
public enum ComplianceOutcome: String, WireEnum {
    case compliant
    case notCompliant = "not-compliant"
    case serviceFailure = "service-failure"
    case networkFailure = "network-failure"
    case interactionRequired = "interaction-required"
    case userCancelled = "user-cancelled"

    /// The iOS `IntuneMAMComplianceStatus` raw value (`IntuneMAMComplianceManager.h 21.7.1:9-14`).
    public var iosCode: Int {
        switch self {
        case .compliant: return 0
        case .notCompliant: return 1
        case .serviceFailure: return 2
        case .networkFailure: return 3
        case .interactionRequired: return 4
        case .userCancelled: return 5
        }
    }

    /// The neutral name of an iOS status value; nil for a value no header has.
    public init?(iosCode: Int) {
        guard let outcome = Self.allCases.first(where: { $0.iosCode == iosCode }) else { return nil }
        self = outcome
    }
}
