#if canImport(IntuneMAMSwift)
@preconcurrency import IntuneMAMSwift
#else
import ReferenceSDK
#endif
import AdapterProtocol
import Foundation
import Locking

/// The SDK calls a suite watches for (`event.sdkCall`), each announced before it is made so the event comes
/// before every callback the call causes. The binding makes them for `sdk.*` requests, and the app makes them
/// through here too (registering at sign-in and launch, deregistering at sign-out, switching identities), so a
/// suite sees the same event whoever calls.
public struct AnnouncedSDKCalls: Sendable {
    private let events: BindingEvents
    private let sdk: any SDKManagers

    public init(events: BindingEvents, sdk: any SDKManagers) {
        self.events = events
        self.sdk = sdk
    }

    /// `registerAndEnrollAccountId`: returns at once; the outcome arrives as `event.status`.
    public func registerAndEnrollAccountId(_ accountId: String) {
        events.sdkCall(.registerAndEnrollAccountId, accountId: accountId)
        sdk.enrollmentManager.registerAndEnrollAccountId(accountId)
    }

    /// `deRegisterAndUnenrollAccountId:withWipe:`: blocks until the SDK has the token the unenroll needs
    /// (WIP-08), so call it before the app drops the account's tokens, and never on the SDK's thread.
    public func deRegisterAndUnenrollAccountId(_ accountId: String, withWipe doWipe: Bool) {
        events.sdkCall(.deRegisterAndUnenrollAccountId, accountId: accountId, wipe: doWipe)
        sdk.enrollmentManager.deRegisterAndUnenrollAccountId(accountId, withWipe: doWipe)
    }

    /// `remediateComplianceForAccountId:silent:` (before 17.5.0 `remediateComplianceForIdentity:silent:`, the UPN):
    /// returns at once; the outcome arrives through the compliance delegate as `event.app compliance-status` (CA-01).
    public func remediateComplianceForAccountId(_ accountId: String, silent: Bool) {
        events.sdkCall(.remediateComplianceForAccountId, accountId: accountId)
        SDKSpelling.remediateCompliance(sdk.complianceManager, forAccountId: accountId, silent: silent)
    }

    /// `loginAndEnrollAccount`: the SDK signs the user in itself (prompting when it holds no token) and
    /// enrolls (ENR-07).
    public func loginAndEnrollAccount(_ identity: String?) {
        events.sdkCall(.loginAndEnrollAccount, accountId: nil, upn: identity)
        sdk.enrollmentManager.loginAndEnrollAccount(identity)
    }

    /// `policyForAccountId(owner).isSaveToAllowedForLocation:withAccountId:` as the app's own save path asks it
    /// (POL-07); an owner without policy (unmanaged, or "") may save anywhere (POL-05).
    public func isSaveToAllowed(owner: String, location: SaveLocation, accountId: String?) -> Bool {
        events.sdkCall(.isSaveToAllowedForLocation, accountId: accountId, location: DataLocation(location), owner: owner)
        guard let policy = sdk.policyManager.policy(forAccountId: owner) else { return true }
        return SDKSpelling.isSaveToAllowed(policy, for: SDKValues.saveLocation(location), withAccountId: accountId)
    }

    /// `policyForAccountId(receiver).isOpenFromAllowedForLocation:withAccountId:` as the app's own open path asks
    /// it (POL-08); a receiver without policy may open anything (POL-05).
    public func isOpenFromAllowed(receiver: String, location: OpenLocation, accountId: String?) -> Bool {
        events.sdkCall(.isOpenFromAllowedForLocation, accountId: accountId, location: DataLocation(location), owner: receiver)
        guard let policy = sdk.policyManager.policy(forAccountId: receiver) else { return true }
        return SDKSpelling.isOpenFromAllowed(policy, for: SDKValues.openLocation(location), withAccountId: accountId)
    }

    /// `policyForAccountId(owner).isURLAllowed:isKnownManagedAppScheme:` before the app hands a URL to another app
    /// (POL-13); an owner without policy may open anything.
    public func isURLAllowed(owner: String, url: URL, isKnownManagedAppScheme: Bool) -> Bool {
        events.sdkCall(.isURLAllowed, accountId: nil, owner: owner, url: url.absoluteString,
                       knownManagedApp: isKnownManagedAppScheme)
        guard let policy = sdk.policyManager.policy(forAccountId: owner) else { return true }
        return policy.isURLAllowed(url, isKnownManagedAppScheme: isKnownManagedAppScheme)
    }

    /// `setUIPolicyAccountId:completionHandler:`, waiting for the completion (the SDK may ask for the PIN
    /// meanwhile): show the account's data only after a success (IDS-05). `.failed` when it did not complete
    /// by `deadline`. Blocks: never call on the SDK's thread or the Swift concurrency pool.
    public func setUIPolicyAccountId(_ accountId: String?, until deadline: Date) -> IntuneMAMSwitchIdentityResult {
        events.sdkCall(.setUIPolicyAccountId, accountId: accountId)
        let outcome = Latch<IntuneMAMSwitchIdentityResult>()
        sdk.policyManager.setUIPolicyAccountId(accountId) { outcome.fulfil($0) }
        guard let result = outcome.wait(until: deadline) else {
            events.log(.warning, "setUIPolicyAccountId did not complete in time")
            return .failed
        }
        return result
    }
}
