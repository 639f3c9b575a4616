/// Closed sets of values inside requests and results.

/// The outcome of `setUIPolicyAccountId` (`app.switchIdentity` `result`); iOS `IntuneMAMSwitchIdentityResult`.
public enum SwitchResult: String, WireEnum {
    case success
    case canceled
    case notAllowed = "not-allowed"
    case failed

    /// The iOS raw value, sent as `code`.
    public var iosCode: Int {
        switch self {
        case .success: return 0
        case .canceled: return 1
        case .notAllowed: return 2
        case .failed: return 3
        }
    }

    /// Android's `MAMIdentitySwitchResult` name for the same outcome.
    public var androidName: String {
        switch self {
        case .success: return "SUCCEEDED"
        case .canceled: return "CANCELLED"
        case .notAllowed: return "NOT_ALLOWED"
        case .failed: return "FAILED"
        }
    }
}

/// Why the SDK asks the app to switch (`delegate.identitySwitchRequired` `reason`); iOS
/// `IntuneMAMIdentitySwitchReason` 0, 1, 2.
public enum IdentitySwitchReason: String, WireEnum {
    case openURL = "open-url"
    case cancelConditionalLaunch = "cancel-conditional-launch"
    case documentImport = "document-import"

    public var iosCode: Int {
        switch self {
        case .openURL: return 0
        case .cancelConditionalLaunch: return 1
        case .documentImport: return 2
        }
    }
}

/// The app's answer to a switch request (`delegate.identitySwitchRequired`) and the outcome of receiving
/// an item (`app.openURL`, `app.importDocument`).
public enum SwitchOutcome: String, WireEnum {
    case success
    case failed
}

/// Why `app.signIn` refused an account.
public enum SignInRefusal: String, WireEnum {
    /// The account is not on the allowed-accounts list (ALW-03).
    case notAllowed = "not-allowed"
}

/// `IntuneMAMSaveLocation` cases by neutral name.
public enum SaveLocation: String, WireEnum {
    case other, oneDriveForBusiness, sharePoint, box, dropbox, googleDrive, localDrive, cameraRoll, accountDocument
}

/// `IntuneMAMOpenLocation` cases by neutral name.
public enum OpenLocation: String, WireEnum {
    case other, oneDriveForBusiness, sharePoint, camera, localStorage, photos, accountDocument
}

/// Any save or open location by neutral name: the `location` of an `event.sdkCall` of `isSaveToAllowedForLocation`
/// or `isOpenFromAllowedForLocation`.
public enum DataLocation: String, WireEnum {
    case other, oneDriveForBusiness, sharePoint, box, dropbox, googleDrive, localDrive, cameraRoll, accountDocument
    case camera, localStorage, photos

    public init(_ location: SaveLocation) { self.init(rawValue: location.rawValue)! }
    public init(_ location: OpenLocation) { self.init(rawValue: location.rawValue)! }
}

/// `IntuneMAMNotificationPolicy` (0, 1, 2).
public enum NotificationPolicy: String, WireEnum {
    case allow
    case blockOrgData = "block-org-data"
    case block
}

/// Which typed getter `sdk.appConfigValue` calls.
public enum ConfigValueType: String, WireEnum {
    case string, number, bool
}

/// How a typed getter resolves a conflict: `any`, `min`, `max` for strings and numbers; `any`, `or`, `and`
/// for booleans (`IntuneMAMStringQueryType`, `…NumberQueryType`, `…BoolQueryType`).
public enum ConfigQuery: String, WireEnum {
    case any, min, max, or, and
}

/// How the integration's clock runs (`initialize` `clock.mode`).
public enum ClockMode: String, WireEnum {
    /// Time moves only with `clock.advance`.
    case virtual
    /// The wall clock.
    case system
}

/// One of the app's registrations in the tenant's directory (ENR-15), by name: the integration maps it to the client
/// id `initialize` gave (`backend.clientId`, `backend.alternateClientId`).
public enum RegistrationName: String, WireEnum {
    /// The registration the app's Info.plist names (`ADALClientId`).
    case app
    /// A second registration of the same app, which the app can switch to at run time.
    case alternate
}

/// An authority (sign-in endpoint) of the tenant's cloud, by name (ENR-15): the integration maps it to the URL
/// `initialize` gave (`backend.authority`, `backend.commonAuthority`).
public enum AuthorityName: String, WireEnum {
    /// The tenant's own authority.
    case tenant
    /// The multi-tenant authority an SDK uses when the app names none.
    case common
}

/// The Info.plist `ADALAuthority` of the app under test (ENR-15).
public enum InfoPlistAuthority: String, WireEnum {
    /// The tenant's own authority (`backend.authority`): a line-of-business app of one tenant. What an absent setting
    /// means to the harness, which has always configured its apps this way.
    case tenant
    /// The key is left out of Info.plist: the SDK must use its default authority.
    case none
}
