import Foundation

/// Everything the SDK keeps across app restarts, stored as `<dataDirectory>/sdk/state.json`.
///
/// The token cache holds only tokens the SDK obtained itself (its own sign-in prompt); tokens the app
/// hands over through `getAccessToken` are never stored.
struct SDKState: Codable, Equatable {
    /// An unenroll whose acknowledgement to the service failed for a reason worth retrying: what the retry needs
    /// (the token that was valid at the time; the account's own tokens are gone by then) and when it is due.
    struct PendingAcknowledgement: Codable, Equatable {
        var accountId: String
        var upn: String
        var deviceTag: String
        var accessToken: String
        var wiped: Bool
        var attempts: Int
        var dueAt: Date
    }

    /// An SDK release and the app version linking it: the build that launched with this state (UPG-01).
    struct BuildStamp: Codable, Equatable {
        var sdkVersion: String
        var appVersion: String
    }

    /// One registered account; `upn` is learnt from the first token.
    struct RegisteredAccount: Codable, Equatable {
        var accountId: String
        var upn: String?
    }

    /// A salted PIN hash for the enrolled account.
    struct PINRecord: Codable, Equatable {
        var accountId: String
        var salt: String
        var hash: String
    }

    /// Tokens from the SDK's own sign-in (password grant), used before asking the app.
    struct CachedToken: Codable, Equatable {
        var accountId: String
        var upn: String
        var tenantId: String?
        var accessToken: String
        var refreshToken: String?
        var expiresAt: Date
    }

    var formatVersion = 1
    /// Random per-installation tag sent with every MAM service call.
    var deviceTag: String = UUID().uuidString.lowercased()
    var registeredAccounts: [RegisteredAccount] = []
    var enrolledAccountId: String?
    var enrolledUPN: String?
    /// The policy object as the service sent it (JSON text), nil when none.
    var policyJSON: String?
    var policyVersion: String?
    var pin: PINRecord?
    /// Due time of the 24-hour enrollment retry, nil when none is pending.
    var nextRetryAt: Date?
    /// Due time of the 8-hour check-in, nil when none is pending.
    var nextCheckInAt: Date?
    var tokenCache: [CachedToken] = []
    /// An unenroll the service has not acknowledged yet (RES-04); absent in state files of older runtimes.
    var pendingAcknowledgement: PendingAcknowledgement?
    /// Absolute file path → owning account ID (IDS-09); a wipe deletes by owner.
    var fileOwners: [String: String] = [:]
    /// Deregistered accounts the `retryAfterDeregister` defect keeps retrying; always nil in a correct SDK.
    /// Optional so state files without it still decode.
    var staleRetryAccounts: [RegisteredAccount]?
    /// The deregistered account the `checkInsContinueAfterDeregister` defect keeps checking in; always nil in a
    /// correct SDK. Optional so state files without it still decode.
    var staleCheckInAccount: RegisteredAccount?
    /// The operating system's managed app configuration as last read (ALW), nil before the first read.
    var deviceConfig: HeldDeviceConfig?
    /// The targeted app configuration the last check-in delivered (CFG), nil when none is held.
    var appConfig: HeldAppConfig?
    /// `valuesToScrubFromLogging` set at run time (CFG-07); optional so older state files load.
    var runtimeScrubValues: [String]?
    /// The app's runtime sign-in overrides (`aadClientIdOverride`, `aadAuthorityUriOverride`, `aadRedirectUriOverride`),
    /// kept across launches until the app clears them (ENR-15); optional so older state files load.
    var aadOverrides: AADOverrides?
    /// When the managed account last passed the access check (PIN) on the SDK's clock (CL-03).
    var lastAccessCheckAt: Date?
    // issue 27: conditional-launch wipe actions
    /// The account a conditional-launch wipe is under way for (CL-06): kept until the wipe is done, so one the app's
    /// termination interrupted is finished at the next conditional launch.
    var conditionalWipeAccountId: String?
    /// When a check-in last reached the service and got an answer, on the SDK's clock (CL-04); optional so
    /// older state files load.
    var lastCheckInAt: Date?
    /// When a check-in was last tried, answered or not; only the `offlineCountedFromLastAttempt` defect reads it.
    var lastCheckInAttemptAt: Date?
    /// Only under the `jailbreakCheckedOnlyOnce` defect: the device check ran once and is never repeated.
    var deviceChecked: Bool?
    /// Only where telemetry goes in batches: the events (JSON objects) held for the next periodic check-in's upload.
    var heldTelemetry: [String]?
    /// The build that last launched with this state (UPG-01): another one at launch means the app was updated in
    /// place. Absent in state files of builds older than the field, which every later build reads as they are: the
    /// format only ever gains optional members (`formatVersion` stays 1), so an update never loses what an older
    /// build wrote.
    var launchedBuild: BuildStamp?
    // issue 27: file provider extensions (EXT)
    /// File provider item identifier → the account `protectFileProviderItem:forAccountId:` made it (EXT-04); optional
    /// so older state files load.
    var fileProviderItemOwners: [String: String]?

    func registered(_ accountId: String) -> RegisteredAccount? {
        registeredAccounts.first { AccountIdentity.same($0.accountId, accountId) }
    }

    func isEnrolled(_ accountId: String) -> Bool {
        AccountIdentity.same(enrolledAccountId, accountId)
    }

    /// Registered accounts that have not enrolled the app, in registration order.
    var pendingAccounts: [RegisteredAccount] {
        registeredAccounts.filter { !isEnrolled($0.accountId) }
    }

    /// The policy currently held for the enrolled account.
    var policy: MAMServicePolicy? {
        guard enrolledAccountId != nil, let policyJSON else { return nil }
        return MAMServicePolicy(settingsJSON: Data(policyJSON.utf8), policyVersion: policyVersion)
    }

    /// The best known UPN for an account ("" when unknown).
    func upn(of accountId: String) -> String {
        if isEnrolled(accountId), let enrolledUPN { return enrolledUPN }
        if let upn = registered(accountId)?.upn { return upn }
        return tokenCache.first { AccountIdentity.same($0.accountId, accountId) }?.upn ?? ""
    }

    /// Forgets everything tied to the enrolled account's management (policy, PIN, check-in).
    mutating func clearEnrollment() {
        enrolledAccountId = nil
        enrolledUPN = nil
        policyJSON = nil
        policyVersion = nil
        pin = nil
        nextCheckInAt = nil
    }
}

/// The app's runtime overrides of its Entra registration (ENR-15); a nil member is not overridden.
struct AADOverrides: Codable, Sendable, Equatable {
    var clientId: String?
    var authority: String?
    var redirectUri: String?

    var isEmpty: Bool { clientId == nil && authority == nil && redirectUri == nil }
}
