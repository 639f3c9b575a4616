/// Which protocol version brought each message: the one record of what protocol 0 was.
///
/// Protocol 0 told an adapter to answer `-32601` (unknown method) to anything it did not know. Such an adapter
/// keeps working unchanged, so a `-32601` from it to a method that came later means "this feature area is not
/// offered" (the case is skipped), not a broken integration. The runner and `adapter-check` read that from here.
///
/// Protocol 0 is the protocol of commit c45e826 (its docs: `docs/adapter-protocol.md` and
/// `docs/protocol-identity-config-policy.md` of that commit): thirty runner methods, six events, seven questions,
/// and the capabilities in ``Capability/protocol0``. Protocol 1 published the same methods with typed
/// vocabulary and feature-area capabilities; everything added since belongs to protocol 1.
extension RunnerMethod {
    public var since: ProtocolVersion {
        switch self {
        case .initialize, .shutdown, .sync, .clockAdvance,
             .appLaunch, .appRestart, .appResume, .appSignIn, .appSignOut, .appState, .appWriteData,
             .appSwitchIdentity, .appOpenURL, .appImportDocument, .appShowWebContent,
             .sdkRegisterAndEnroll, .sdkDeregisterAndUnenroll, .sdkLoginAndEnroll, .sdkRegisteredAccounts,
             .sdkEnrolledAccount, .sdkPolicy, .sdkIdentity, .sdkIsManaged, .sdkProtect, .sdkAllowedAccounts,
             .sdkAppConfig, .sdkAppConfigValue, .sdkIsSaveToAllowed, .sdkIsOpenFromAllowed,
             .deviceManagedConfigChanged:
            return .v0
        case .hello, .reset, .appWriteDataInBackground, .appFileInfo, .appSetPreference, .appSetAuthOverrides,
             .appSaveDocument, .appOpenDocument, .appOpenLink, .appShare, .appReceiveShare, .appCopy, .appNotify,
             .appPaste, .appAcquireToken, .sdkSetValuesToScrub, .deviceSetJailbroken, .deviceSetFaceID, .deviceCopy,
             .devicePaste, .appUpdate, .appReinstall, .sdkMDMEnrolledAccount, .extProvideFile, .extImportFile,
             .appShowFile, .appTruncateData, .appWriteMixedData, .appSaveToUnlisted, .appOpenFromUnlisted:
            return .v1
        }
    }
}

extension Question {
    public var since: ProtocolVersion {
        switch self {
        case .restartApplication, .wipeData, .identitySwitchRequired, .restartDialog, .pinSetup, .pinEntry, .signIn:
            return .v0
        case .faceID:
            return .v1
        }
    }
}

extension EventMethod {
    public var since: ProtocolVersion {
        switch self {
        case .status, .sdkCall, .ui, .app, .notification, .log: return .v0
        case .hostRelaunching: return .v1
        }
    }
}

extension ProtocolVersion {
    /// Whether an integration speaking this version was told of `method`. One that was not answers `-32601`
    /// to it, which means the method's feature area is not offered.
    public func has(_ method: RunnerMethod) -> Bool { method.since <= self }

    /// The runner methods that came after this version, in vocabulary order.
    public var laterMethods: [RunnerMethod] { RunnerMethod.allCases.filter { !has($0) } }
}
