import Foundation

/// The concrete policy built from a check-in answer.
struct MAMServicePolicy: IntuneMAMPolicy, Equatable {
    let isPINRequired: Bool
    /// `deviceComplianceRequired`: conditional launch refuses a jailbroken device (CL-01).
    let deviceComplianceRequired: Bool
    /// `periodOnlineBeforeAccessCheck`: how long after a passed access check (PIN) the app may come back to the
    /// foreground without another one (CL-03). Intune's default is 30 minutes.
    let onlineRecheckPeriod: TimeInterval
    /// `periodOfflineBeforeAccessCheck`: how long the app may go without reaching the service before a launch or
    /// resume of the managed account is blocked until a check-in succeeds (CL-04). Intune's default is 12 hours.
    let offlineAccessCheckPeriod: TimeInterval
    /// `organizationalCredentialsRequired`: conditional launch asks for the work or school sign-in (CL-02).
    let organizationalCredentialsRequired: Bool
    /// `faceIdBlocked` false (the default): Face ID may stand in for the PIN where the device has it (CL-05).
    let isFaceIDAllowed: Bool
    let minimumPinLength: Int
    let maximumPinRetries: Int
    // issue 27: conditional-launch wipe actions
    /// The action for used-up PIN attempts is `wipe` (Graph `appActionIfMaximumPinRetriesExceeded`,
    /// `managedAppRemediationAction`), not the default `block` (CL-06).
    let wipesAfterMaximumPinRetries: Bool
    /// `periodOfflineBeforeWipeIsEnforced`: how long the app may go without reaching the service before a launch of
    /// the managed account wipes its data (CL-06); nil when the policy sets none.
    let offlineWipePeriod: TimeInterval?
    let policyVersion: String?
    let settingsJSON: Data
    /// The data-transfer and encryption settings the policy queries read (`MAMServicePolicy+Queries.swift`).
    var rules: MAMDataRules
    /// Whose policy this is and the app's limits; set when the SDK hands the policy to the app.
    var context = MAMPolicyContext()

    static let defaultMinimumPinLength = 4
    static let defaultMaximumPinRetries = 5
    static let defaultOnlineRecheckPeriod: TimeInterval = 30 * 60
    static let defaultOfflineAccessCheckPeriod: TimeInterval = 12 * 3600

    /// The typed fields read from the Graph-shaped policy object; everything else stays raw.
    private struct Fields: Decodable {
        var pinRequired: Bool?
        var deviceComplianceRequired: Bool?
        var periodOnlineBeforeAccessCheck: String?
        var periodOfflineBeforeAccessCheck: String?
        var organizationalCredentialsRequired: Bool?
        var faceIdBlocked: Bool?
        var minimumPinLength: Int?
        var maximumPinRetries: Int?
        // issue 27: conditional-launch wipe actions
        var appActionIfMaximumPinRetriesExceeded: String?
        var periodOfflineBeforeWipeIsEnforced: String?
    }

    /// Nil when `settingsJSON` is not a JSON object.
    init?(settingsJSON: Data, policyVersion: String?) {
        guard let object = try? JSONSerialization.jsonObject(with: settingsJSON), object is [String: Any] else {
            return nil
        }
        let fields = (try? JSONDecoder().decode(Fields.self, from: settingsJSON)) ?? Fields()
        self.isPINRequired = fields.pinRequired ?? false
        self.deviceComplianceRequired = fields.deviceComplianceRequired ?? false
        self.organizationalCredentialsRequired = fields.organizationalCredentialsRequired ?? false
        self.onlineRecheckPeriod = fields.periodOnlineBeforeAccessCheck.flatMap(ISODuration.seconds) ?? Self.defaultOnlineRecheckPeriod
        self.offlineAccessCheckPeriod = fields.periodOfflineBeforeAccessCheck.flatMap(ISODuration.seconds)
            ?? Self.defaultOfflineAccessCheckPeriod
        self.isFaceIDAllowed = !(fields.faceIdBlocked ?? false)
        self.minimumPinLength = max(1, fields.minimumPinLength ?? Self.defaultMinimumPinLength)
        let retries = fields.maximumPinRetries ?? Self.defaultMaximumPinRetries
        self.maximumPinRetries = retries > 0 ? retries : Self.defaultMaximumPinRetries
        self.wipesAfterMaximumPinRetries = fields.appActionIfMaximumPinRetriesExceeded == "wipe"
        self.offlineWipePeriod = fields.periodOfflineBeforeWipeIsEnforced.flatMap(ISODuration.seconds)
        self.policyVersion = policyVersion
        self.settingsJSON = settingsJSON
        self.rules = MAMDataRules(settingsJSON: settingsJSON)
    }
}
