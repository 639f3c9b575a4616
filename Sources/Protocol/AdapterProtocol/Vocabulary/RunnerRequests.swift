// One request type per runner method (see ``RunnerRequest``): the method, its params and its result, and nothing
// else. `RunnerMethod.requestType` lists them; a test checks that each names the method that lists it.

/// `initialize`.
public struct InitializeRequest: RunnerRequest {
    public static let method = RunnerMethod.initialize
    public typealias Result = InitializeResult
    public var params: InitializeParams
    public init(_ params: InitializeParams) { self.params = params }
}

/// `shutdown`.
public struct ShutdownRequest: RunnerRequest {
    public static let method = RunnerMethod.shutdown
    public typealias Result = Empty
    public var params: Empty
    public init(_ params: Empty) { self.params = params }
}

/// `sync`.
public struct SyncRequest: RunnerRequest {
    public static let method = RunnerMethod.sync
    public typealias Result = Empty
    public var params: Empty
    public init(_ params: Empty) { self.params = params }
}

/// `hello`.
public struct HelloRequest: RunnerRequest {
    public static let method = RunnerMethod.hello
    public typealias Result = Empty
    public var params: HelloParams
    public init(_ params: HelloParams) { self.params = params }
}

/// `reset`.
public struct ResetRequest: RunnerRequest {
    public static let method = RunnerMethod.reset
    public typealias Result = Empty
    public var params: Empty
    public init(_ params: Empty) { self.params = params }
}

/// `clock.advance`.
public struct ClockAdvanceRequest: RunnerRequest {
    public static let method = RunnerMethod.clockAdvance
    public typealias Result = ClockAdvanceResult
    public var params: ClockAdvanceParams
    public init(_ params: ClockAdvanceParams) { self.params = params }
}

/// `app.launch`.
public struct AppLaunchRequest: RunnerRequest {
    public static let method = RunnerMethod.appLaunch
    public typealias Result = AppSnapshot
    public var params: Empty
    public init(_ params: Empty) { self.params = params }
}

/// `app.restart`.
public struct AppRestartRequest: RunnerRequest {
    public static let method = RunnerMethod.appRestart
    public typealias Result = AppSnapshot
    public var params: Empty
    public init(_ params: Empty) { self.params = params }
}

/// `app.resume`.
public struct AppResumeRequest: RunnerRequest {
    public static let method = RunnerMethod.appResume
    public typealias Result = AppSnapshot
    public var params: Empty
    public init(_ params: Empty) { self.params = params }
}

/// `app.signIn`.
public struct AppSignInRequest: RunnerRequest {
    public static let method = RunnerMethod.appSignIn
    public typealias Result = SignInResult
    public var params: SignInParams
    public init(_ params: SignInParams) { self.params = params }
}

/// `app.signOut`.
public struct AppSignOutRequest: RunnerRequest {
    public static let method = RunnerMethod.appSignOut
    public typealias Result = Empty
    public var params: AccountParams
    public init(_ params: AccountParams) { self.params = params }
}

/// `app.state`.
public struct AppStateRequest: RunnerRequest {
    public static let method = RunnerMethod.appState
    public typealias Result = AppSnapshot
    public var params: Empty
    public init(_ params: Empty) { self.params = params }
}

/// `app.writeData`.
public struct AppWriteDataRequest: RunnerRequest {
    public static let method = RunnerMethod.appWriteData
    public typealias Result = WriteDataResult
    public var params: WriteDataParams
    public init(_ params: WriteDataParams) { self.params = params }
}

/// `app.writeDataInBackground`.
public struct AppWriteDataInBackgroundRequest: RunnerRequest {
    public static let method = RunnerMethod.appWriteDataInBackground
    public typealias Result = WriteDataResult
    public var params: BackgroundWriteParams
    public init(_ params: BackgroundWriteParams) { self.params = params }
}

/// `app.fileInfo`.
public struct AppFileInfoRequest: RunnerRequest {
    public static let method = RunnerMethod.appFileInfo
    public typealias Result = FileInfoResult
    public var params: FileParams
    public init(_ params: FileParams) { self.params = params }
}

/// `app.setPreference`.
public struct AppSetPreferenceRequest: RunnerRequest {
    public static let method = RunnerMethod.appSetPreference
    public typealias Result = Empty
    public var params: PreferenceParams
    public init(_ params: PreferenceParams) { self.params = params }
}

/// `app.setAuthOverrides`.
public struct AppSetAuthOverridesRequest: RunnerRequest {
    public static let method = RunnerMethod.appSetAuthOverrides
    public typealias Result = Empty
    public var params: AuthOverridesParams
    public init(_ params: AuthOverridesParams) { self.params = params }
}

/// `app.switchIdentity`.
public struct AppSwitchIdentityRequest: RunnerRequest {
    public static let method = RunnerMethod.appSwitchIdentity
    public typealias Result = SwitchIdentityResult
    public var params: SwitchIdentityParams
    public init(_ params: SwitchIdentityParams) { self.params = params }
}

/// `app.openURL`.
public struct AppOpenURLRequest: RunnerRequest {
    public static let method = RunnerMethod.appOpenURL
    public typealias Result = ReceiveItemResult
    public var params: AccountParams
    public init(_ params: AccountParams) { self.params = params }
}

/// `app.importDocument`.
public struct AppImportDocumentRequest: RunnerRequest {
    public static let method = RunnerMethod.appImportDocument
    public typealias Result = ReceiveItemResult
    public var params: AccountParams
    public init(_ params: AccountParams) { self.params = params }
}

/// `app.showWebContent`.
public struct AppShowWebContentRequest: RunnerRequest {
    public static let method = RunnerMethod.appShowWebContent
    public typealias Result = Empty
    public var params: WebContentParams
    public init(_ params: WebContentParams) { self.params = params }
}

/// `app.saveDocument`.
public struct AppSaveDocumentRequest: RunnerRequest {
    public static let method = RunnerMethod.appSaveDocument
    public typealias Result = SaveDocumentResult
    public var params: SaveDocumentParams
    public init(_ params: SaveDocumentParams) { self.params = params }
}

/// `app.openDocument`.
public struct AppOpenDocumentRequest: RunnerRequest {
    public static let method = RunnerMethod.appOpenDocument
    public typealias Result = OpenDocumentResult
    public var params: OpenDocumentParams
    public init(_ params: OpenDocumentParams) { self.params = params }
}

/// `app.openLink`.
public struct AppOpenLinkRequest: RunnerRequest {
    public static let method = RunnerMethod.appOpenLink
    public typealias Result = OpenLinkResult
    public var params: OpenLinkParams
    public init(_ params: OpenLinkParams) { self.params = params }
}

/// `app.share`.
public struct AppShareRequest: RunnerRequest {
    public static let method = RunnerMethod.appShare
    public typealias Result = ShareResult
    public var params: ShareParams
    public init(_ params: ShareParams) { self.params = params }
}

/// `app.receiveShare`.
public struct AppReceiveShareRequest: RunnerRequest {
    public static let method = RunnerMethod.appReceiveShare
    public typealias Result = ReceiveShareResult
    public var params: ReceiveShareParams
    public init(_ params: ReceiveShareParams) { self.params = params }
}

/// `app.copy`.
public struct AppCopyRequest: RunnerRequest {
    public static let method = RunnerMethod.appCopy
    public typealias Result = Empty
    public var params: CopyParams
    public init(_ params: CopyParams) { self.params = params }
}

/// `app.notify`.
public struct AppNotifyRequest: RunnerRequest {
    public static let method = RunnerMethod.appNotify
    public typealias Result = NotifyResult
    public var params: NotifyParams
    public init(_ params: NotifyParams) { self.params = params }
}

/// `app.paste`.
public struct AppPasteRequest: RunnerRequest {
    public static let method = RunnerMethod.appPaste
    public typealias Result = PasteResult
    public var params: AccountParams
    public init(_ params: AccountParams) { self.params = params }
}

/// `app.acquireToken` (issue 27: Conditional Access remediation).
public struct AppAcquireTokenRequest: RunnerRequest {
    public static let method = RunnerMethod.appAcquireToken
    public typealias Result = AcquireTokenResult
    public var params: AccountParams
    public init(_ params: AccountParams) { self.params = params }
}

/// `sdk.registerAndEnroll`.
public struct SDKRegisterAndEnrollRequest: RunnerRequest {
    public static let method = RunnerMethod.sdkRegisterAndEnroll
    public typealias Result = Empty
    public var params: AccountParams
    public init(_ params: AccountParams) { self.params = params }
}

/// `sdk.deregisterAndUnenroll`.
public struct SDKDeregisterAndUnenrollRequest: RunnerRequest {
    public static let method = RunnerMethod.sdkDeregisterAndUnenroll
    public typealias Result = Empty
    public var params: DeregisterParams
    public init(_ params: DeregisterParams) { self.params = params }
}

/// `sdk.loginAndEnroll`.
public struct SDKLoginAndEnrollRequest: RunnerRequest {
    public static let method = RunnerMethod.sdkLoginAndEnroll
    public typealias Result = Empty
    public var params: LoginAndEnrollParams
    public init(_ params: LoginAndEnrollParams) { self.params = params }
}

/// `sdk.registeredAccounts`.
public struct SDKRegisteredAccountsRequest: RunnerRequest {
    public static let method = RunnerMethod.sdkRegisteredAccounts
    public typealias Result = AccountListResult
    public var params: Empty
    public init(_ params: Empty) { self.params = params }
}

/// `sdk.enrolledAccount`.
public struct SDKEnrolledAccountRequest: RunnerRequest {
    public static let method = RunnerMethod.sdkEnrolledAccount
    public typealias Result = EnrolledAccountResult
    public var params: Empty
    public init(_ params: Empty) { self.params = params }
}

/// `sdk.policy`.
public struct SDKPolicyRequest: RunnerRequest {
    public static let method = RunnerMethod.sdkPolicy
    public typealias Result = PolicyResult
    public var params: AccountParams
    public init(_ params: AccountParams) { self.params = params }
}

/// `sdk.identity`.
public struct SDKIdentityRequest: RunnerRequest {
    public static let method = RunnerMethod.sdkIdentity
    public typealias Result = IdentityResult
    public var params: Empty
    public init(_ params: Empty) { self.params = params }
}

/// `sdk.isManaged`.
public struct SDKIsManagedRequest: RunnerRequest {
    public static let method = RunnerMethod.sdkIsManaged
    public typealias Result = ManagedResult
    public var params: AccountParams
    public init(_ params: AccountParams) { self.params = params }
}

/// `sdk.protect`.
public struct SDKProtectRequest: RunnerRequest {
    public static let method = RunnerMethod.sdkProtect
    public typealias Result = ProtectResult
    public var params: ProtectParams
    public init(_ params: ProtectParams) { self.params = params }
}

/// `sdk.allowedAccounts`.
public struct SDKAllowedAccountsRequest: RunnerRequest {
    public static let method = RunnerMethod.sdkAllowedAccounts
    public typealias Result = AllowedAccountsResult
    public var params: Empty
    public init(_ params: Empty) { self.params = params }
}

/// `sdk.appConfig`.
public struct SDKAppConfigRequest: RunnerRequest {
    public static let method = RunnerMethod.sdkAppConfig
    public typealias Result = AppConfigResult
    public var params: AppConfigParams
    public init(_ params: AppConfigParams) { self.params = params }
}

/// `sdk.appConfigValue`.
public struct SDKAppConfigValueRequest: RunnerRequest {
    public static let method = RunnerMethod.sdkAppConfigValue
    public typealias Result = AppConfigValueResult
    public var params: AppConfigValueParams
    public init(_ params: AppConfigValueParams) { self.params = params }
}

/// `sdk.isSaveToAllowed`.
public struct SDKIsSaveToAllowedRequest: RunnerRequest {
    public static let method = RunnerMethod.sdkIsSaveToAllowed
    public typealias Result = AllowedResult
    public var params: SaveToParams
    public init(_ params: SaveToParams) { self.params = params }
}

/// `sdk.isOpenFromAllowed`.
public struct SDKIsOpenFromAllowedRequest: RunnerRequest {
    public static let method = RunnerMethod.sdkIsOpenFromAllowed
    public typealias Result = AllowedResult
    public var params: OpenFromParams
    public init(_ params: OpenFromParams) { self.params = params }
}

/// `sdk.setValuesToScrub`.
public struct SDKSetValuesToScrubRequest: RunnerRequest {
    public static let method = RunnerMethod.sdkSetValuesToScrub
    public typealias Result = Empty
    public var params: ScrubValuesParams
    public init(_ params: ScrubValuesParams) { self.params = params }
}

/// `device.managedConfigChanged`.
public struct DeviceManagedConfigChangedRequest: RunnerRequest {
    public static let method = RunnerMethod.deviceManagedConfigChanged
    public typealias Result = Empty
    public var params: Empty
    public init(_ params: Empty) { self.params = params }
}

/// `device.setJailbroken`.
public struct DeviceSetJailbrokenRequest: RunnerRequest {
    public static let method = RunnerMethod.deviceSetJailbroken
    public typealias Result = Empty
    public var params: JailbreakParams
    public init(_ params: JailbreakParams) { self.params = params }
}

/// `device.setFaceID`.
public struct DeviceSetFaceIDRequest: RunnerRequest {
    public static let method = RunnerMethod.deviceSetFaceID
    public typealias Result = Empty
    public var params: FaceIDParams
    public init(_ params: FaceIDParams) { self.params = params }
}

/// `device.copy`.
public struct DeviceCopyRequest: RunnerRequest {
    public static let method = RunnerMethod.deviceCopy
    public typealias Result = Empty
    public var params: DeviceCopyParams
    public init(_ params: DeviceCopyParams) { self.params = params }
}

/// `device.paste`.
public struct DevicePasteRequest: RunnerRequest {
    public static let method = RunnerMethod.devicePaste
    public typealias Result = PasteResult
    public var params: DevicePasteParams
    public init(_ params: DevicePasteParams) { self.params = params }
}

// issue 27: the app updated in place and reinstalled (UPG, RIN)

/// `app.update`.
public struct AppUpdateRequest: RunnerRequest {
    public static let method = RunnerMethod.appUpdate
    public typealias Result = AppSnapshot
    public var params: AppUpdateParams
    public init(_ params: AppUpdateParams) { self.params = params }
}

/// `app.reinstall`.
public struct AppReinstallRequest: RunnerRequest {
    public static let method = RunnerMethod.appReinstall
    public typealias Result = Empty
    public var params: Empty
    public init(_ params: Empty) { self.params = params }
}

// issue 27: unlisted locations

/// `app.saveToUnlisted`.
public struct AppSaveToUnlistedRequest: RunnerRequest {
    public static let method = RunnerMethod.appSaveToUnlisted
    public typealias Result = SaveDocumentResult
    public var params: SaveToUnlistedParams
    public init(_ params: SaveToUnlistedParams) { self.params = params }
}

/// `app.openFromUnlisted`.
public struct AppOpenFromUnlistedRequest: RunnerRequest {
    public static let method = RunnerMethod.appOpenFromUnlisted
    public typealias Result = OpenDocumentResult
    public var params: OpenFromUnlistedParams
    public init(_ params: OpenFromUnlistedParams) { self.params = params }
}

// issue 27: MDM-managed devices

/// `sdk.mdmEnrolledAccount`.
public struct SDKMDMEnrolledAccountRequest: RunnerRequest {
    public static let method = RunnerMethod.sdkMDMEnrolledAccount
    public typealias Result = MDMEnrolledAccountResult
    public var params: Empty
    public init(_ params: Empty) { self.params = params }
}

// issue 27: file provider extensions (EXT)

/// `ext.provideFile`.
public struct ExtProvideFileRequest: RunnerRequest {
    public static let method = RunnerMethod.extProvideFile
    public typealias Result = ProvideFileResult
    public var params: ProvideFileParams
    public init(_ params: ProvideFileParams) { self.params = params }
}

/// `ext.importFile`.
public struct ExtImportFileRequest: RunnerRequest {
    public static let method = RunnerMethod.extImportFile
    public typealias Result = ImportFileResult
    public var params: ImportFileParams
    public init(_ params: ImportFileParams) { self.params = params }
}

// issue 27: showing content under the right identity

/// `app.showFile`.
public struct AppShowFileRequest: RunnerRequest {
    public static let method = RunnerMethod.appShowFile
    public typealias Result = ShowFileResult
    public var params: FileParams
    public init(_ params: FileParams) { self.params = params }
}

// issue 27: file ownership (IDS-52, IDS-53)

/// `app.truncateData`.
public struct AppTruncateDataRequest: RunnerRequest {
    public static let method = RunnerMethod.appTruncateData
    public typealias Result = WriteDataResult
    public var params: TruncateDataParams
    public init(_ params: TruncateDataParams) { self.params = params }
}

/// `app.writeMixedData`.
public struct AppWriteMixedDataRequest: RunnerRequest {
    public static let method = RunnerMethod.appWriteMixedData
    public typealias Result = WriteMixedDataResult
    public var params: WriteMixedDataParams
    public init(_ params: WriteMixedDataParams) { self.params = params }
}
