/// SDK methods an integration reports calling (`event.sdkCall` `api`), under the current (21.x) names.
///
/// The SDK renamed its UPN-based methods to account-ID twins in 16.0.0 and removed the old names in 20.0
/// (`docs/adapter-protocol.md`, SDK versions). A suite names the current method; an integration built on an
/// older SDK reports the name its SDK has, and `acceptedNames(sdkVersion:)` says which names count.
public enum SDKAPI: String, WireEnum {
    case applicationDidFinishLaunching
    case registerAndEnrollAccountId
    case deRegisterAndUnenrollAccountId
    case loginAndEnrollAccount
    case setUIPolicyAccountId
    case protect
    case isSaveToAllowedForLocation
    case isOpenFromAllowedForLocation
    case isURLAllowed
    case protectionInfoForItemProvider
    /// `IntuneMAMComplianceManager`'s remediation (issue 27: Conditional Access; `…ForIdentity:silent:` up to 19.x).
    case remediateComplianceForAccountId
    // issue 27: file provider extensions (EXT)
    /// `IntuneMAMFileProtectionManager`'s `encryptFile:forAccountId:` (`encryptFile:forIdentity:` up to 19.x), EXT-01.
    case encryptFile
    /// `decryptFile:toCopyPath:`, EXT-02.
    case decryptFile
    /// `IntuneMAMPolicy`'s `canReceiveSharedFile:`, asked of the target owner's policy (`owner`), EXT-03.
    case canReceiveSharedFile
    /// `protectFileProviderItem:forAccountId:` (from 18.2.0), EXT-04.
    case protectFileProviderItem
    // issue 27: showing content under the right identity
    /// `IntuneMAMFileProtectionManager protectionInfo:`: a local file's owner (IDS-54; the same name in every release,
    /// its result's `identity` became `accountId` in 17.5.0).
    case protectionInfo
    /// `IntuneMAMPolicyManager setCurrentThreadAccountId:` (IDS-55): the thread identity, scoped
    /// (`…:forScope:`, the only form from 20.0) or not; `setCurrentThreadIdentity:` up to 19.x.
    case setCurrentThreadAccountId

    /// The UPN-era name of the same method, where there was one (present up to 19.x).
    public var upnEraName: String? {
        switch self {
        case .registerAndEnrollAccountId: return "registerAndEnrollAccount"
        case .deRegisterAndUnenrollAccountId: return "deRegisterAndUnenrollAccount"
        case .setUIPolicyAccountId: return "setUIPolicyIdentity"
        case .remediateComplianceForAccountId: return "remediateComplianceForIdentity"
        case .setCurrentThreadAccountId: return "setCurrentThreadIdentity"
        case .applicationDidFinishLaunching, .loginAndEnrollAccount, .protect, .isSaveToAllowedForLocation,
             .isOpenFromAllowedForLocation, .isURLAllowed, .protectionInfoForItemProvider, .encryptFile, .decryptFile,
             .canReceiveSharedFile, .protectFileProviderItem, .protectionInfo:
            return nil
        }
    }

    /// The name an app on `sdkVersion` calls the method by: the UPN-era name before 16.0, where it had one (its
    /// SDK has no other), else the current name.
    public func name(onSDK sdkVersion: SDKVersion?) -> String {
        guard let sdkVersion, sdkVersion < SDKVersion(16, 0, 0), let old = upnEraName else { return rawValue }
        return old
    }

    /// The names an integration on `sdkVersion` may report for this method: the UPN-era name only before
    /// 16.0, both from 16.0 to 19.x, the account-ID name from 20.0 on. An unknown version accepts both.
    public func acceptedNames(sdkVersion: SDKVersion?) -> [String] {
        guard let old = upnEraName else { return [rawValue] }
        guard let version = sdkVersion else { return [rawValue, old] }
        if version < SDKVersion(16, 0, 0) { return [old] }
        if version < SDKVersion(20, 0, 0) { return [rawValue, old] }
        return [rawValue]
    }
}
