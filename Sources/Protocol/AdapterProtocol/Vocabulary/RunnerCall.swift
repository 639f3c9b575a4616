/// A runner request decoded once into its typed form: one case per ``RunnerMethod``, carrying its ``RunnerRequest``.
///
/// A handler that `switch`es over it is checked by the compiler: a method left unhandled is a "switch must be
/// exhaustive" error, and a method added to the vocabulary is an error in every handler until it is answered (or
/// refused on purpose). Each case's request makes the answer (`request.reply(result)`), so the result type is the
/// method's too.
public enum RunnerCall: Sendable, Hashable {
    case initialize(InitializeRequest)
    case shutdown(ShutdownRequest)
    case sync(SyncRequest)
    case hello(HelloRequest)
    case reset(ResetRequest)
    case clockAdvance(ClockAdvanceRequest)
    case appLaunch(AppLaunchRequest)
    case appRestart(AppRestartRequest)
    case appResume(AppResumeRequest)
    case appSignIn(AppSignInRequest)
    case appSignOut(AppSignOutRequest)
    case appState(AppStateRequest)
    case appWriteData(AppWriteDataRequest)
    case appWriteDataInBackground(AppWriteDataInBackgroundRequest)
    case appFileInfo(AppFileInfoRequest)
    case appSetPreference(AppSetPreferenceRequest)
    case appSetAuthOverrides(AppSetAuthOverridesRequest)
    case appSwitchIdentity(AppSwitchIdentityRequest)
    case appOpenURL(AppOpenURLRequest)
    case appImportDocument(AppImportDocumentRequest)
    case appShowWebContent(AppShowWebContentRequest)
    case appSaveDocument(AppSaveDocumentRequest)
    case appOpenDocument(AppOpenDocumentRequest)
    case appOpenLink(AppOpenLinkRequest)
    case appShare(AppShareRequest)
    case appReceiveShare(AppReceiveShareRequest)
    case appCopy(AppCopyRequest)
    case appNotify(AppNotifyRequest)
    case appPaste(AppPasteRequest)
    case appAcquireToken(AppAcquireTokenRequest)
    case sdkRegisterAndEnroll(SDKRegisterAndEnrollRequest)
    case sdkDeregisterAndUnenroll(SDKDeregisterAndUnenrollRequest)
    case sdkLoginAndEnroll(SDKLoginAndEnrollRequest)
    case sdkRegisteredAccounts(SDKRegisteredAccountsRequest)
    case sdkEnrolledAccount(SDKEnrolledAccountRequest)
    case sdkPolicy(SDKPolicyRequest)
    case sdkIdentity(SDKIdentityRequest)
    case sdkIsManaged(SDKIsManagedRequest)
    case sdkProtect(SDKProtectRequest)
    case sdkAllowedAccounts(SDKAllowedAccountsRequest)
    case sdkAppConfig(SDKAppConfigRequest)
    case sdkAppConfigValue(SDKAppConfigValueRequest)
    case sdkIsSaveToAllowed(SDKIsSaveToAllowedRequest)
    case sdkIsOpenFromAllowed(SDKIsOpenFromAllowedRequest)
    case sdkSetValuesToScrub(SDKSetValuesToScrubRequest)
    case deviceManagedConfigChanged(DeviceManagedConfigChangedRequest)
    case deviceSetJailbroken(DeviceSetJailbrokenRequest)
    case deviceSetFaceID(DeviceSetFaceIDRequest)
    case deviceCopy(DeviceCopyRequest)
    case devicePaste(DevicePasteRequest)
    // issue 27: the app updated in place and reinstalled (UPG, RIN)
    case appUpdate(AppUpdateRequest)
    case appReinstall(AppReinstallRequest)
    // issue 27: MDM-managed devices
    case sdkMDMEnrolledAccount(SDKMDMEnrolledAccountRequest)
    // issue 27: file provider extensions (EXT)
    case extProvideFile(ExtProvideFileRequest)
    case extImportFile(ExtImportFileRequest)
    // issue 27: showing content under the right identity
    case appShowFile(AppShowFileRequest)
    // issue 27: file ownership (IDS-52, IDS-53)
    case appTruncateData(AppTruncateDataRequest)
    case appWriteMixedData(AppWriteMixedDataRequest)
    // issue 27: unlisted locations
    case appSaveToUnlisted(AppSaveToUnlistedRequest)
    case appOpenFromUnlisted(AppOpenFromUnlistedRequest)

    /// Decodes a request whose method is known: `-32602` naming the member at fault when the params do not fit.
    public init(_ method: RunnerMethod, params: JSONValue) throws(RPCError) {
        switch method {
        case .initialize: self = .initialize(try InitializeRequest(decoding: params))
        case .shutdown: self = .shutdown(try ShutdownRequest(decoding: params))
        case .sync: self = .sync(try SyncRequest(decoding: params))
        case .hello: self = .hello(try HelloRequest(decoding: params))
        case .reset: self = .reset(try ResetRequest(decoding: params))
        case .clockAdvance: self = .clockAdvance(try ClockAdvanceRequest(decoding: params))
        case .appLaunch: self = .appLaunch(try AppLaunchRequest(decoding: params))
        case .appRestart: self = .appRestart(try AppRestartRequest(decoding: params))
        case .appResume: self = .appResume(try AppResumeRequest(decoding: params))
        case .appSignIn: self = .appSignIn(try AppSignInRequest(decoding: params))
        case .appSignOut: self = .appSignOut(try AppSignOutRequest(decoding: params))
        case .appState: self = .appState(try AppStateRequest(decoding: params))
        case .appWriteData: self = .appWriteData(try AppWriteDataRequest(decoding: params))
        case .appWriteDataInBackground: self = .appWriteDataInBackground(try AppWriteDataInBackgroundRequest(decoding: params))
        case .appFileInfo: self = .appFileInfo(try AppFileInfoRequest(decoding: params))
        case .appSetPreference: self = .appSetPreference(try AppSetPreferenceRequest(decoding: params))
        case .appSetAuthOverrides: self = .appSetAuthOverrides(try AppSetAuthOverridesRequest(decoding: params))
        case .appSwitchIdentity: self = .appSwitchIdentity(try AppSwitchIdentityRequest(decoding: params))
        case .appOpenURL: self = .appOpenURL(try AppOpenURLRequest(decoding: params))
        case .appImportDocument: self = .appImportDocument(try AppImportDocumentRequest(decoding: params))
        case .appShowWebContent: self = .appShowWebContent(try AppShowWebContentRequest(decoding: params))
        case .appSaveDocument: self = .appSaveDocument(try AppSaveDocumentRequest(decoding: params))
        case .appOpenDocument: self = .appOpenDocument(try AppOpenDocumentRequest(decoding: params))
        case .appOpenLink: self = .appOpenLink(try AppOpenLinkRequest(decoding: params))
        case .appShare: self = .appShare(try AppShareRequest(decoding: params))
        case .appReceiveShare: self = .appReceiveShare(try AppReceiveShareRequest(decoding: params))
        case .appCopy: self = .appCopy(try AppCopyRequest(decoding: params))
        case .appNotify: self = .appNotify(try AppNotifyRequest(decoding: params))
        case .appPaste: self = .appPaste(try AppPasteRequest(decoding: params))
        case .appAcquireToken: self = .appAcquireToken(try AppAcquireTokenRequest(decoding: params))
        case .sdkRegisterAndEnroll: self = .sdkRegisterAndEnroll(try SDKRegisterAndEnrollRequest(decoding: params))
        case .sdkDeregisterAndUnenroll: self = .sdkDeregisterAndUnenroll(try SDKDeregisterAndUnenrollRequest(decoding: params))
        case .sdkLoginAndEnroll: self = .sdkLoginAndEnroll(try SDKLoginAndEnrollRequest(decoding: params))
        case .sdkRegisteredAccounts: self = .sdkRegisteredAccounts(try SDKRegisteredAccountsRequest(decoding: params))
        case .sdkEnrolledAccount: self = .sdkEnrolledAccount(try SDKEnrolledAccountRequest(decoding: params))
        case .sdkPolicy: self = .sdkPolicy(try SDKPolicyRequest(decoding: params))
        case .sdkIdentity: self = .sdkIdentity(try SDKIdentityRequest(decoding: params))
        case .sdkIsManaged: self = .sdkIsManaged(try SDKIsManagedRequest(decoding: params))
        case .sdkProtect: self = .sdkProtect(try SDKProtectRequest(decoding: params))
        case .sdkAllowedAccounts: self = .sdkAllowedAccounts(try SDKAllowedAccountsRequest(decoding: params))
        case .sdkAppConfig: self = .sdkAppConfig(try SDKAppConfigRequest(decoding: params))
        case .sdkAppConfigValue: self = .sdkAppConfigValue(try SDKAppConfigValueRequest(decoding: params))
        case .sdkIsSaveToAllowed: self = .sdkIsSaveToAllowed(try SDKIsSaveToAllowedRequest(decoding: params))
        case .sdkIsOpenFromAllowed: self = .sdkIsOpenFromAllowed(try SDKIsOpenFromAllowedRequest(decoding: params))
        case .sdkSetValuesToScrub: self = .sdkSetValuesToScrub(try SDKSetValuesToScrubRequest(decoding: params))
        case .deviceManagedConfigChanged: self = .deviceManagedConfigChanged(try DeviceManagedConfigChangedRequest(decoding: params))
        case .deviceSetJailbroken: self = .deviceSetJailbroken(try DeviceSetJailbrokenRequest(decoding: params))
        case .deviceSetFaceID: self = .deviceSetFaceID(try DeviceSetFaceIDRequest(decoding: params))
        case .deviceCopy: self = .deviceCopy(try DeviceCopyRequest(decoding: params))
        case .devicePaste: self = .devicePaste(try DevicePasteRequest(decoding: params))
        case .appUpdate: self = .appUpdate(try AppUpdateRequest(decoding: params))
        case .appReinstall: self = .appReinstall(try AppReinstallRequest(decoding: params))
        case .sdkMDMEnrolledAccount: self = .sdkMDMEnrolledAccount(try SDKMDMEnrolledAccountRequest(decoding: params))
        case .extProvideFile: self = .extProvideFile(try ExtProvideFileRequest(decoding: params))
        case .extImportFile: self = .extImportFile(try ExtImportFileRequest(decoding: params))
        case .appShowFile: self = .appShowFile(try AppShowFileRequest(decoding: params))
        case .appTruncateData: self = .appTruncateData(try AppTruncateDataRequest(decoding: params))
        case .appWriteMixedData: self = .appWriteMixedData(try AppWriteMixedDataRequest(decoding: params))
        case .appSaveToUnlisted: self = .appSaveToUnlisted(try AppSaveToUnlistedRequest(decoding: params))
        case .appOpenFromUnlisted: self = .appOpenFromUnlisted(try AppOpenFromUnlistedRequest(decoding: params))
        }
    }

    /// Decodes a request as it arrives: `-32601` for a method the vocabulary does not have, `-32602` for params that
    /// do not fit.
    public init(method name: String, params: JSONValue) throws(RPCError) {
        guard let method = RunnerMethod(rawValue: name) else { throw RPCError(.methodNotFound, "unknown method \(name)") }
        try self.init(method, params: params)
    }

    /// The request, untyped: for what is the same for every method (its name, logging).
    public var request: any RunnerRequest {
        switch self {
        case .initialize(let request): return request
        case .shutdown(let request): return request
        case .sync(let request): return request
        case .hello(let request): return request
        case .reset(let request): return request
        case .clockAdvance(let request): return request
        case .appLaunch(let request): return request
        case .appRestart(let request): return request
        case .appResume(let request): return request
        case .appSignIn(let request): return request
        case .appSignOut(let request): return request
        case .appState(let request): return request
        case .appWriteData(let request): return request
        case .appWriteDataInBackground(let request): return request
        case .appFileInfo(let request): return request
        case .appSetPreference(let request): return request
        case .appSetAuthOverrides(let request): return request
        case .appSwitchIdentity(let request): return request
        case .appOpenURL(let request): return request
        case .appImportDocument(let request): return request
        case .appShowWebContent(let request): return request
        case .appSaveDocument(let request): return request
        case .appOpenDocument(let request): return request
        case .appOpenLink(let request): return request
        case .appShare(let request): return request
        case .appReceiveShare(let request): return request
        case .appCopy(let request): return request
        case .appNotify(let request): return request
        case .appPaste(let request): return request
        case .appAcquireToken(let request): return request
        case .sdkRegisterAndEnroll(let request): return request
        case .sdkDeregisterAndUnenroll(let request): return request
        case .sdkLoginAndEnroll(let request): return request
        case .sdkRegisteredAccounts(let request): return request
        case .sdkEnrolledAccount(let request): return request
        case .sdkPolicy(let request): return request
        case .sdkIdentity(let request): return request
        case .sdkIsManaged(let request): return request
        case .sdkProtect(let request): return request
        case .sdkAllowedAccounts(let request): return request
        case .sdkAppConfig(let request): return request
        case .sdkAppConfigValue(let request): return request
        case .sdkIsSaveToAllowed(let request): return request
        case .sdkIsOpenFromAllowed(let request): return request
        case .sdkSetValuesToScrub(let request): return request
        case .deviceManagedConfigChanged(let request): return request
        case .deviceSetJailbroken(let request): return request
        case .deviceSetFaceID(let request): return request
        case .deviceCopy(let request): return request
        case .devicePaste(let request): return request
        case .appUpdate(let request): return request
        case .appReinstall(let request): return request
        case .sdkMDMEnrolledAccount(let request): return request
        case .extProvideFile(let request): return request
        case .extImportFile(let request): return request
        case .appShowFile(let request): return request
        case .appTruncateData(let request): return request
        case .appWriteMixedData(let request): return request
        case .appSaveToUnlisted(let request): return request
        case .appOpenFromUnlisted(let request): return request
        }
    }

    public var method: RunnerMethod { request.method }
}
