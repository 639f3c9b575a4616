#if canImport(IntuneMAMSwift)
@preconcurrency import IntuneMAMSwift
#else
import ReferenceSDK
#endif
import AdapterProtocol
import Foundation
import Locking

// Everything the binding cannot spell the same way for the real SDK (module `IntuneMAMSwift`) and the reference
// SDK is in this file, one `#if canImport(IntuneMAMSwift)` branch per build; every other file of the binding is
// the same text for both. The reference branch is built and run here; the `IntuneMAMSwift` branch is type-checked
// against the headers of SDK releases 15.4.0 to 21.7.1 (`make check-binding`), with the spelling conditions older
// releases need: INTUNE_SDK_UPN_ONLY before 16.0, INTUNE_SDK_NO_ENROLLMENT_TOKEN before 21.0. A host sets them in
// its active compilation conditions. docs/intune-binding.md lists what differs and why.

/// The SDK members whose Swift spelling differs between the real SDK's Objective-C import and the reference.
enum SDKSpelling {
    /// What `sdk.policy` reports beyond the spec's `IntuneMAMPolicy` properties.
    struct PolicyDetails {
        var minimumPinLength: Int
        var maximumPinRetries: Int
        var policyVersion: String?
        /// 0–3, after the `MaxFileProtectionLevel` cap.
        var fileProtectionLevel: Int
        var settings: JSONValue?
    }

#if canImport(IntuneMAMSwift)
    /// `IntuneMAMVersionInfo.sdkVersion`: a class method in Objective-C.
    static var sdkVersion: String { IntuneMAMVersionInfo.sdkVersion() }

    /// Whether the calling thread is the app's main thread (`delegate.wipeDataForAccountId`'s `mainThread`, WIP-05).
    static var isMainThread: Bool { Thread.isMainThread }

    /// `IntuneMAMSettings.valuesToScrubFromLogging`: a class property of the process.
    static func setValuesToScrubFromLogging(_ values: [String], on sdk: any SDKManagers) {
        IntuneMAMSettings.valuesToScrubFromLogging = values
    }

    /// `registeredAccountIds` (before 16.0 `registeredAccounts`, the UPNs): an untyped `NSArray` (imported as
    /// `[Any]`).
    static func registeredAccountIds(of manager: IntuneMAMEnrollmentManager) -> [String] {
#if INTUNE_SDK_UPN_ONLY
        manager.registeredAccounts().compactMap { $0 as? String }
#else
        manager.registeredAccountIds().compactMap { $0 as? String }
#endif
    }

    /// `allowedAccounts` (UPNs): a method returning an untyped `NSArray` or nil.
    static func allowedAccounts(of manager: IntuneMAMEnrollmentManager) -> [String]? {
        manager.allowedAccounts()?.compactMap { $0 as? String }
    }

    /// `allowedAccountIds`: a method returning an untyped `NSArray` or nil. Before 16.0 only the UPN list
    /// (`allowedAccounts`) exists, so no account IDs are reported.
    static func allowedAccountIds(of manager: IntuneMAMEnrollmentManager) -> [String]? {
#if INTUNE_SDK_UPN_ONLY
        nil
#else
        manager.allowedAccountIds()?.compactMap { $0 as? String }
#endif
    }

    /// `policy`: the current identity's policy, a method in Objective-C.
    static func currentPolicy(of manager: IntuneMAMPolicyManager) -> (any IntuneMAMPolicy)? {
        manager.policy()
    }

    /// `remediateComplianceForAccountId:silent:`, imported as `remediateCompliance(forAccountId:silent:)` (before
    /// 16.0 only `remediateComplianceForIdentity:silent:`, the UPN).
    static func remediateCompliance(_ manager: IntuneMAMComplianceManager, forAccountId accountId: String, silent: Bool) {
#if INTUNE_SDK_UPN_ONLY
        manager.remediateCompliance(forIdentity: accountId, silent: silent)
#else
        manager.remediateCompliance(forAccountId: accountId, silent: silent)
#endif
    }

    /// `isSaveToAllowedForLocation:withAccountId:`, which the import shortens to `isSaveToAllowed(for:withAccountId:)`
    /// (before 16.0 `…withAccountName:`, the UPN).
    static func isSaveToAllowed(_ policy: any IntuneMAMPolicy, for location: IntuneMAMSaveLocation,
                                withAccountId accountId: String?) -> Bool {
#if INTUNE_SDK_UPN_ONLY
        policy.isSaveToAllowed(for: location, withAccountName: accountId)
#else
        policy.isSaveToAllowed(for: location, withAccountId: accountId)
#endif
    }

    /// `isOpenFromAllowedForLocation:withAccountId:`, imported as `isOpenFromAllowed(for:withAccountId:)` (before
    /// 16.0 `…withAccountName:`).
    static func isOpenFromAllowed(_ policy: any IntuneMAMPolicy, for location: IntuneMAMOpenLocation,
                                  withAccountId accountId: String?) -> Bool {
#if INTUNE_SDK_UPN_ONLY
        policy.isOpenFromAllowed(for: location, withAccountName: accountId)
#else
        policy.isOpenFromAllowed(for: location, withAccountId: accountId)
#endif
    }

    /// The real `IntuneMAMPolicy` exposes none of these: the policy's defaults (PIN length 4, 5 tries), no
    /// version, no protection level and no raw settings are reported.
    static func details(of policy: any IntuneMAMPolicy) -> PolicyDetails {
        PolicyDetails(minimumPinLength: 4, maximumPinRetries: 5, policyVersion: nil, fileProtectionLevel: 0, settings: nil)
    }

    /// `fullData`: an optional array of untyped dictionaries; values are reported as text.
    static func fullData(of config: any IntuneMAMAppConfig) -> [[String: String]] {
        (config.fullData ?? []).map { dictionary in
            dictionary.reduce(into: [String: String]()) { result, entry in
                if let key = entry.key as? String { result[key] = "\(entry.value)" }
            }
        }
    }

    /// `numberValueForKey:queryType:`: an `NSNumber`.
    static func numberValue(of config: any IntuneMAMAppConfig, forKey key: String,
                            queryType: IntuneMAMNumberQueryType) -> Double? {
        config.numberValue(forKey: key, queryType: queryType)?.doubleValue
    }

    /// `boolValueForKey:queryType:`: an `NSNumber`.
    static func boolValue(of config: any IntuneMAMAppConfig, forKey key: String,
                          queryType: IntuneMAMBoolQueryType) -> Bool? {
        config.boolValue(forKey: key, queryType: queryType)?.boolValue
    }

    /// `allStringsForKey:`: optional.
    static func allStrings(of config: any IntuneMAMAppConfig, forKey key: String) -> [String] {
        config.allStrings(forKey: key) ?? []
    }

    /// `allNumbersForKey:`: optional `NSNumber`s.
    static func allNumbers(of config: any IntuneMAMAppConfig, forKey key: String) -> [Double] {
        (config.allNumbers(forKey: key) ?? []).map(\.doubleValue)
    }

    /// `allBoolsForKey:`: optional `NSNumber`s.
    static func allBools(of config: any IntuneMAMAppConfig, forKey key: String) -> [Bool] {
        (config.allBools(forKey: key) ?? []).map(\.boolValue)
    }

    /// `IntuneMAMLogLevel` is a C enumeration (Verbose 0, Info 1, Warning 2, Error 3): read by raw value, which
    /// either import of it has.
    static func logLevel(_ level: IntuneMAMLogLevel) -> LogLevel {
        switch level.rawValue {
        case 0: return .debug
        case 1: return .info
        case 2: return .warning
        default: return .error
        }
    }

    // issue 27: MDM-managed devices
    /// The MDM-enrolled user (MDM-03): `mdmEnrolledAccountIdWithCompletion:` from 19.2.0, its completion waited for
    /// until `deadline` (nil: it did not come, iOS#442); before, the synchronous `mdmEnrolledAccountId`, and before
    /// 16.0 `mdmEnrolledAccount`, the UPN.
    static func mdmEnrolledUser(of manager: IntuneMAMEnrollmentManager, until deadline: Date) -> String?? {
#if INTUNE_SDK_UPN_ONLY
        .some(manager.mdmEnrolledAccount())
#elseif INTUNE_SDK_NO_MDM_COMPLETION
        .some(manager.mdmEnrolledAccountId())
#else
        let answer = Latch<String?>()
        manager.mdmEnrolledAccountId { answer.fulfil($0) }
        return answer.wait(until: deadline)
#endif
    }
#else
    /// `IntuneMAMVersionInfo.sdkVersion`: a static constant.
    static var sdkVersion: String { IntuneMAMVersionInfo.sdkVersion }

    /// The reference process has no UI run loop: its app's main thread is the simulated one.
    static var isMainThread: Bool { SimulatedMainThread.isCurrent }

    /// The reference keeps the run-time scrub list per runtime (several apps share its process), on the policy
    /// manager.
    static func setValuesToScrubFromLogging(_ values: [String], on sdk: any SDKManagers) {
        sdk.policyManager.valuesToScrubFromLogging = values
    }

    /// `registeredAccountIds()`: typed.
    static func registeredAccountIds(of manager: IntuneMAMEnrollmentManager) -> [String] {
        manager.registeredAccountIds()
    }

    /// `allowedAccounts`: a property.
    static func allowedAccounts(of manager: IntuneMAMEnrollmentManager) -> [String]? {
        manager.allowedAccounts
    }

    /// `allowedAccountIds`: a property.
    static func allowedAccountIds(of manager: IntuneMAMEnrollmentManager) -> [String]? {
        manager.allowedAccountIds
    }

    /// `policy`: a property.
    static func currentPolicy(of manager: IntuneMAMPolicyManager) -> (any IntuneMAMPolicy)? {
        manager.policy
    }

    /// `remediateCompliance(forAccountId:silent:)`: spelled as the real import spells it.
    static func remediateCompliance(_ manager: IntuneMAMComplianceManager, forAccountId accountId: String, silent: Bool) {
        manager.remediateCompliance(forAccountId: accountId, silent: silent)
    }

    /// `isSaveToAllowed(forLocation:withAccountId:)`: the selector's words kept.
    static func isSaveToAllowed(_ policy: any IntuneMAMPolicy, for location: IntuneMAMSaveLocation,
                                withAccountId accountId: String?) -> Bool {
        policy.isSaveToAllowed(forLocation: location, withAccountId: accountId)
    }

    /// `isOpenFromAllowed(forLocation:withAccountId:)`: the selector's words kept.
    static func isOpenFromAllowed(_ policy: any IntuneMAMPolicy, for location: IntuneMAMOpenLocation,
                                  withAccountId accountId: String?) -> Bool {
        policy.isOpenFromAllowed(forLocation: location, withAccountId: accountId)
    }

    /// The simulation's extras: PIN rules, version, capped protection level and the settings as delivered.
    static func details(of policy: any IntuneMAMPolicy) -> PolicyDetails {
        PolicyDetails(minimumPinLength: policy.minimumPinLength, maximumPinRetries: policy.maximumPinRetries,
                      policyVersion: policy.policyVersion, fileProtectionLevel: policy.fileProtectionLevel.rawValue,
                      settings: try? JSONValue.parse(policy.settingsJSON))
    }

    /// `fullData`: string dictionaries.
    static func fullData(of config: any IntuneMAMAppConfig) -> [[String: String]] {
        config.fullData
    }

    /// `numberValue(forKey:queryType:)`: a `Double`.
    static func numberValue(of config: any IntuneMAMAppConfig, forKey key: String,
                            queryType: IntuneMAMNumberQueryType) -> Double? {
        config.numberValue(forKey: key, queryType: queryType)
    }

    /// `boolValue(forKey:queryType:)`: a `Bool`.
    static func boolValue(of config: any IntuneMAMAppConfig, forKey key: String,
                          queryType: IntuneMAMBoolQueryType) -> Bool? {
        config.boolValue(forKey: key, queryType: queryType)
    }

    /// `allStrings(forKey:)`: never nil.
    static func allStrings(of config: any IntuneMAMAppConfig, forKey key: String) -> [String] {
        config.allStrings(forKey: key)
    }

    /// `allNumbers(forKey:)`: `Double`s.
    static func allNumbers(of config: any IntuneMAMAppConfig, forKey key: String) -> [Double] {
        config.allNumbers(forKey: key)
    }

    /// `allBools(forKey:)`: `Bool`s.
    static func allBools(of config: any IntuneMAMAppConfig, forKey key: String) -> [Bool] {
        config.allBools(forKey: key)
    }

    /// `IntuneMAMLogLevel`: a Swift enumeration.
    static func logLevel(_ level: IntuneMAMLogLevel) -> LogLevel {
        switch level {
        case .verbose: return .debug
        case .info: return .info
        case .warning: return .warning
        case .error: return .error
        }
    }

    // issue 27: MDM-managed devices
    /// `mdmEnrolledAccountId(completion:)`, its completion waited for until `deadline` (nil: it did not come).
    static func mdmEnrolledUser(of manager: IntuneMAMEnrollmentManager, until deadline: Date) -> String?? {
        let answer = Latch<String?>()
        manager.mdmEnrolledAccountId { answer.fulfil($0) }
        return answer.wait(until: deadline)
    }
#endif
}

#if canImport(IntuneMAMSwift)
/// The real SDK's side of the seam: its managers are process-wide singletons. A test host returns this from
/// ``BoundApp/sdk``.
public struct SingletonSDKManagers: SDKManagers {
    public init() {}
    public var enrollmentManager: IntuneMAMEnrollmentManager { IntuneMAMEnrollmentManager.instance() }
    public var policyManager: IntuneMAMPolicyManager { IntuneMAMPolicyManager.instance() }
    public var appConfigManager: IntuneMAMAppConfigManager { IntuneMAMAppConfigManager.instance() }
    public var complianceManager: IntuneMAMComplianceManager { IntuneMAMComplianceManager.instance() }
}

/// The real SDK posts to `NotificationCenter` and logs to `IntuneMAMPolicyManager.logger`: the binding observes
/// both for the case that installed last (a new launch or case replaces the observers, never adds to them).
extension BindingSession {
    /// The notification-center observers of the session that installed last. Touched only by
    /// ``install(on:)``, on the adapter server's handler queue.
    private nonisolated(unsafe) static var observers: [any NSObjectProtocol] = []

    func observeSDK(of app: any BoundApp) {
        app.sdk.policyManager.logger = SDKLogForwarder(events: events)
        let center = NotificationCenter.default
        Self.observers.forEach(center.removeObserver)
        // The account ID keys the spec states; the data-protection key is only abbreviated there and the wipe
        // notification has none, so those two report no account. Releases before 16.0 have no account ID keys.
        // Swift imports an `NSString *` constant named `IntuneMAM…Notification` as `Notification.Name.IntuneMAM…`.
#if INTUNE_SDK_UPN_ONLY
        let appConfigAccountIdKey: String? = nil
        let policyAccountIdKey: String? = nil
#else
        let appConfigAccountIdKey: String? = IntuneMAMAppConfigDidChangeNotificationAccountId
        let policyAccountIdKey: String? = IntuneMAMPolicyDidChangeNotificationAccountId
#endif
        let observed: [(Notification.Name, NotificationName, String?)] = [
            (.IntuneMAMAllowedAccountsDidChange, .allowedAccountsChanged, nil),
            (.IntuneMAMAppConfigDidChange, .appConfigChanged, appConfigAccountIdKey),
            (.IntuneMAMPolicyDidChange, .policyChanged, policyAccountIdKey),
            (.IntuneMAMDataProtectionDidChange, .dataProtectionChanged, nil),
            (.IntuneMAMWipeDidComplete, .wipeCompleted, nil),
        ]
        Self.observers = observed.map { name, neutral, accountIdKey in
            center.addObserver(forName: name, object: nil, queue: nil) { [self] note in
                var event = NotificationEvent(name: neutral,
                                              accountId: accountIdKey.flatMap { note.userInfo?[$0] as? String }.map { AccountID($0) })
                if neutral == .allowedAccountsChanged {
                    // The notification's object is the new UPN list (nil = no restriction).
                    event.upns = (note.object as? [Any])?.compactMap { $0 as? String }.map { UPN($0) }
                    event.accountIds = SDKSpelling.allowedAccountIds(of: app.sdk.enrollmentManager)?.map { AccountID($0) }
                }
                sdkDidPost(event)
            }
        }
    }
}

/// The binding's `IntuneMAMLogger`: the SDK's log lines become `log` events.
final class SDKLogForwarder: NSObject, IntuneMAMLogger, @unchecked Sendable {
    private let events: BindingEvents

    init(events: BindingEvents) {
        self.events = events
    }

    func log(_ message: String, level: IntuneMAMLogLevel) {
        events.sdkLog(level, message)
    }
}
#else
/// The reference SDK has no notification center or logger of its own: its simulated platform
/// (`IntuneMAMPlatform`, implemented by the host) hands notifications and log lines to the host, which passes
/// them to ``BindingSession/sdkDidPost(_:)-(IntuneMAMNotification)`` and ``BindingEvents/sdkLog(_:_:)``.
extension BindingSession {
    func observeSDK(of app: any BoundApp) {}

    /// The reference SDK posted `notification` (through the host's platform, on the SDK's queue).
    public func sdkDidPost(_ notification: IntuneMAMNotification) {
        let neutral: NotificationName
        switch notification.name {
        case .allowedAccountsDidChange: neutral = .allowedAccountsChanged
        case .appConfigDidChange: neutral = .appConfigChanged
        case .policyDidChange: neutral = .policyChanged
        case .dataProtectionDidChange: neutral = .dataProtectionChanged
        case .wipeDidComplete: neutral = .wipeCompleted
        }
        var event = NotificationEvent(name: neutral, accountId: notification.accountId.map { AccountID($0) })
        if neutral == .allowedAccountsChanged {
            event.accountIds = notification.accountIds?.map { AccountID($0) }
            event.upns = notification.upns?.map { UPN($0) }
        }
        sdkDidPost(event)
    }
}
#endif

#if canImport(IntuneMAMSwift) && INTUNE_SDK_UPN_ONLY
// Releases before 16.0 name an account by its UPN (the SDK's "identity") and have none of the account-ID methods
// the other files of the binding call. For them (a vendor sets the active compilation condition
// INTUNE_SDK_UPN_ONLY; `make check-binding` sets it for releases before 16.0) the account-ID names are spelt here
// on top of the UPN-era methods, so the shared files stay one text: on such a release the host passes the
// account's UPN wherever the binding says account ID, since the SDK has nothing else to name it by.
extension IntuneMAMEnrollmentManager {
    /// `registerAndEnrollAccount:`.
    func registerAndEnrollAccountId(_ accountId: String) {
        registerAndEnrollAccount(accountId)
    }

    /// `deRegisterAndUnenrollAccount:withWipe:`.
    func deRegisterAndUnenrollAccountId(_ accountId: String, withWipe doWipe: Bool) {
        deRegisterAndUnenrollAccount(accountId, withWipe: doWipe)
    }

    /// `enrolledAccount`.
    func enrolledAccountId() -> String? {
        enrolledAccount()
    }
}

extension IntuneMAMPolicyManager {
    /// `setUIPolicyIdentity:completionHandler:`.
    func setUIPolicyAccountId(_ accountId: String?,
                              completionHandler: (@Sendable (IntuneMAMSwitchIdentityResult) -> Void)?) {
        setUIPolicyIdentity(accountId, completionHandler: completionHandler)
    }

    /// `getProcessIdentity`.
    func getProcessAccountId() -> String? {
        getProcessIdentity()
    }

    /// `getUIPolicyIdentity`.
    func getUIPolicyAccountId() -> String? {
        getUIPolicyIdentity()
    }

    /// `getCurrentThreadIdentity`.
    func getCurrentThreadAccountId() -> String? {
        getCurrentThreadIdentity()
    }

    /// `isIdentityManaged:`.
    func isAccountIdManaged(_ accountId: String?) -> Bool {
        isIdentityManaged(accountId)
    }

    /// `policyForIdentity:`.
    func policy(forAccountId accountId: String?) -> (any IntuneMAMPolicy)? {
        policy(forIdentity: accountId)
    }
}

extension IntuneMAMAppConfigManager {
    /// `appConfigForIdentity:`.
    func appConfig(forAccountId accountId: String?) -> any IntuneMAMAppConfig {
        appConfig(forIdentity: accountId)
    }
}

extension IntuneMAMEnrollmentStatus {
    /// `identity`, the UPN: the status objects carry no account ID before 16.0.
    var accountId: String { identity }
}

/// The UPN-era spellings of the policy delegate's callbacks: the SDK calls these selectors before 16.0.
extension BindingPolicyDelegate {
    /// `wipeDataForAccount:`.
    @objc func wipeData(forAccount upn: String) -> Bool {
        wipeData(forAccountId: upn)
    }

    /// `addIdentity:completionHandler:`.
    @objc func addIdentity(_ identity: String, completionHandler: @escaping (IntuneMAMAddIdentityResult) -> Void) {
        addAccountId(identity, completionHandler: completionHandler)
    }

    /// `identitySwitchRequired:reason:completionHandler:`.
    @objc func identitySwitchRequired(_ identity: String, reason: IntuneMAMIdentitySwitchReason,
                                      completionHandler: @escaping (IntuneMAMSwitchIdentityResult) -> Void) {
        identitySwitchRequired(forAccountId: identity, reason: reason, completionHandler: completionHandler)
    }
}
#endif
