/// What a user (and a test) could see of the app: `app.state`, and the answer to `app.launch`,
/// `app.restart` and `app.resume`.
public struct AppSnapshot: Codable, Sendable, Hashable {
    public var launched: Bool
    /// Past every launch gate (PIN, policy required).
    public var ready: Bool
    public var signedInAccounts: [SignedInAccount]
    /// The account whose policy the app runs under, or null.
    public var managedAccountId: AccountID?
    /// Whether the app would show corporate data now.
    public var corporateDataVisible: Bool
    /// File names by owning account (`unmanaged` for data of no account). A signed-in account with no
    /// data is listed with an empty array; a signed-out one may be listed (empty after a wipe) or absent.
    public var data: IdentityMap<[String]>
    /// The keys of the app's per-account settings and caches (data not in files, `app.setPreference`), by account;
    /// absent when the integration keeps none (WIP-11).
    public var preferences: IdentityMap<[String]>?

    public init(launched: Bool, ready: Bool, signedInAccounts: [SignedInAccount], managedAccountId: AccountID?,
                corporateDataVisible: Bool, data: IdentityMap<[String]>, preferences: IdentityMap<[String]>? = nil) {
        self.launched = launched
        self.ready = ready
        self.signedInAccounts = signedInAccounts
        self.managedAccountId = managedAccountId
        self.corporateDataVisible = corporateDataVisible
        self.data = data
        self.preferences = preferences
    }
}

public struct SignedInAccount: Codable, Sendable, Hashable {
    public var accountId: AccountID
    public var upn: UPN
    public init(accountId: AccountID, upn: UPN) {
        self.accountId = accountId
        self.upn = upn
    }
}

/// `app.signIn` params: the app's own sign-in (its MSAL) with these credentials.
public struct SignInParams: Codable, Sendable, Hashable {
    public var upn: UPN
    public var password: String
    public init(upn: UPN, password: String) {
        self.upn = upn
        self.password = password
    }
}

/// `app.signIn` result: the signed-in account, or null with the reason the app refused.
public struct SignInResult: Codable, Sendable, Hashable {
    public var accountId: AccountID?
    public var refused: SignInRefusal?
    public init(accountId: AccountID?, refused: SignInRefusal? = nil) {
        self.accountId = accountId
        self.refused = refused
    }
}

/// Params naming one account (`app.signOut`, `sdk.registerAndEnroll`, `sdk.isManaged`, `sdk.policy`,
/// `app.openURL`, `app.importDocument`).
public struct AccountParams: Codable, Sendable, Hashable {
    public var accountId: AccountID
    public init(accountId: AccountID) { self.accountId = accountId }
}

/// `app.writeData` params. Without `accountId` the app writes under its current identity (IDS-09).
public struct WriteDataParams: Codable, Sendable, Hashable {
    public var accountId: AccountID?
    public var name: String
    public var content: String
    public init(accountId: AccountID?, name: String, content: String) {
        self.accountId = accountId
        self.name = name
        self.content = content
    }
}

/// `app.writeData` result: the owner the SDK recorded for the file ("" = none).
public struct WriteDataResult: Codable, Sendable, Hashable {
    public var owner: AccountID
    public init(owner: AccountID) { self.owner = owner }
}

/// `app.switchIdentity` params: the account to show (`""` = unmanaged; null = back to the process identity).
public struct SwitchIdentityParams: Codable, Sendable, Hashable {
    public var accountId: AccountID?
    public init(accountId: AccountID?) { self.accountId = accountId }
}

/// `app.switchIdentity` result.
public struct SwitchIdentityResult: Codable, Sendable, Hashable {
    public var result: SwitchResult
    /// The iOS `IntuneMAMSwitchIdentityResult` raw value.
    public var code: Int
    /// The app showed the account's data (only after a `success` completion).
    public var dataShown: Bool
    public init(result: SwitchResult, dataShown: Bool) {
        self.result = result
        self.code = result.iosCode
        self.dataShown = dataShown
    }
}

/// `app.openURL` / `app.importDocument` result.
public struct ReceiveItemResult: Codable, Sendable, Hashable {
    public var result: SwitchOutcome
    /// The app switched its UI identity to the item's owner.
    public var switched: Bool
    public init(result: SwitchOutcome, switched: Bool) {
        self.result = result
        self.switched = switched
    }
}

/// `app.showWebContent` params.
public struct WebContentParams: Codable, Sendable, Hashable {
    public var url: String
    public init(url: String) { self.url = url }
}

/// `app.saveDocument` params: the user saves a copy of the app's file `name` to `location`, signed in there as
/// `accountId` where the location has accounts (cloud storage). The app itself decides which account it passes to
/// `isSaveToAllowedForLocation` (POL-07): the location's account for cloud storage, the file owner's for
/// `accountDocument` (its own storage), none for local drive, camera roll and other.
public struct SaveDocumentParams: Codable, Sendable, Hashable {
    public var name: String
    public var location: SaveLocation
    public var accountId: AccountID?
    public init(name: String, location: SaveLocation, accountId: AccountID?) {
        self.name = name
        self.location = location
        self.accountId = accountId
    }
}

/// `app.saveDocument` result: whether the copy was saved (false when the policy refused it).
public struct SaveDocumentResult: Codable, Sendable, Hashable {
    public var saved: Bool
    public init(saved: Bool) { self.saved = saved }
}

/// `app.openDocument` params: the user opens data from `location` (signed in there as `accountId` where it has
/// accounts) into the app's current identity (POL-08).
public struct OpenDocumentParams: Codable, Sendable, Hashable {
    public var location: OpenLocation
    public var accountId: AccountID?
    public init(location: OpenLocation, accountId: AccountID?) {
        self.location = location
        self.accountId = accountId
    }
}

/// `app.openDocument` result: whether the data was opened (false when the policy refused it).
public struct OpenDocumentResult: Codable, Sendable, Hashable {
    public var opened: Bool
    public init(opened: Bool) { self.opened = opened }
}

// issue 27: unlisted locations

/// `app.saveToUnlisted` params: the user saves a copy of the app's file `name` to storage the save locations do not
/// list (POL-51). `service` names it, absent for a location the app cannot classify; `accountId` is the Entra object
/// ID the storage signed the user in with (a service that signs in with the work or school account), absent when
/// the storage has accounts of its own or none is known; `upn` is the user name signed in there, which another
/// service's account may share with the managed account (003:543-547). The app decides the location it asks about.
public struct SaveToUnlistedParams: Codable, Sendable, Hashable {
    public var name: String
    public var service: String?
    public var accountId: AccountID?
    public var upn: UPN?
    public init(name: String, service: String?, accountId: AccountID?, upn: UPN?) {
        self.name = name
        self.service = service
        self.accountId = accountId
        self.upn = upn
    }
}

/// `app.openFromUnlisted` params: the user opens data from storage the open locations do not list into the app's
/// current identity; the members mean what they mean in ``SaveToUnlistedParams`` (POL-51).
public struct OpenFromUnlistedParams: Codable, Sendable, Hashable {
    public var service: String?
    public var accountId: AccountID?
    public var upn: UPN?
    public init(service: String?, accountId: AccountID?, upn: UPN?) {
        self.service = service
        self.accountId = accountId
        self.upn = upn
    }
}

/// `app.openLink` params: the user follows `url` out of the app's managed data. `knownManagedApp`: the URL's scheme
/// belongs to an app known to integrate the SDK, one whose `-intunemam` query scheme the app dropped, so the app must
/// pass `isKnownManagedAppScheme: YES` (POL-13).
public struct OpenLinkParams: Codable, Sendable, Hashable {
    public var url: String
    public var knownManagedApp: Bool?
    public init(url: String, knownManagedApp: Bool? = nil) {
        self.url = url
        self.knownManagedApp = knownManagedApp
    }
}

/// `app.openLink` result: whether the URL was opened (false when the policy refused it or no app handles it).
public struct OpenLinkResult: Codable, Sendable, Hashable {
    public var opened: Bool
    public init(opened: Bool) { self.opened = opened }
}

/// `app.share` params: the user opens the share sheet ("share", "copy to") for the app's file `name` (POL-09).
public struct ShareParams: Codable, Sendable, Hashable {
    public var name: String
    public init(name: String) { self.name = name }
}

/// `app.share` result: the apps the share sheet offers, by bundle ID, sorted.
public struct ShareResult: Codable, Sendable, Hashable {
    public var targets: [String]
    public init(targets: [String]) { self.targets = targets }
}

/// `app.fileInfo` params: one of the app's files.
public struct FileParams: Codable, Sendable, Hashable {
    public var name: String
    public init(name: String) { self.name = name }
}

/// `app.fileInfo` result: the file's owner as the SDK recorded it ("" = none) and whether its bytes on disk are
/// encrypted data the SDK produced (POL-10).
public struct FileInfoResult: Codable, Sendable, Hashable {
    public var owner: AccountID
    public var encrypted: Bool
    public init(owner: AccountID, encrypted: Bool) {
        self.owner = owner
        self.encrypted = encrypted
    }
}

/// `app.setAuthOverrides` params (ENR-15): the registration and authority the app tells the SDK to sign in with from
/// now on (`aadClientIdOverride`, `aadAuthorityUriOverride`), by name; an absent member clears that override.
public struct AuthOverridesParams: Codable, Sendable, Hashable {
    public var clientId: RegistrationName?
    public var authority: AuthorityName?
    public init(clientId: RegistrationName?, authority: AuthorityName?) {
        self.clientId = clientId
        self.authority = authority
    }
}

/// `app.setPreference` params: the app keeps a setting for a signed-in account outside its files (WIP-11).
public struct PreferenceParams: Codable, Sendable, Hashable {
    public var accountId: AccountID
    public var key: String
    public var value: String
    public init(accountId: AccountID, key: String, value: String) {
        self.accountId = accountId
        self.key = key
        self.value = value
    }
}

/// `app.writeDataInBackground` params (IDS-08): the app sets `threadAccountId` as the identity of the calling thread
/// ("" = none), dispatches work to a background queue the ordinary way, and that work writes the file without naming
/// an owner, first setting its own identity `workAccountId` when given. The SDK must carry the dispatching thread's
/// identity into the work, so the file belongs to `workAccountId` if set, else `threadAccountId`.
public struct BackgroundWriteParams: Codable, Sendable, Hashable {
    public var name: String
    public var content: String
    public var threadAccountId: AccountID
    public var workAccountId: AccountID?
    public init(name: String, content: String, threadAccountId: AccountID, workAccountId: AccountID? = nil) {
        self.name = name
        self.content = content
        self.threadAccountId = threadAccountId
        self.workAccountId = workAccountId
    }
}

/// `app.receiveShare` params: another app shares `text` with the app's share extension, data its SDK protected for
/// `owner` ("" = unmanaged). With `saveAs` the extension keeps the data in a file of that name (IDS-13).
public struct ReceiveShareParams: Codable, Sendable, Hashable {
    public var text: String
    public var owner: AccountID
    public var saveAs: String?
    public init(text: String, owner: AccountID, saveAs: String? = nil) {
        self.text = text
        self.owner = owner
        self.saveAs = saveAs
    }
}

/// `app.receiveShare` result: whether the extension showed the data, and the owner the SDK recorded for the saved
/// file (absent when nothing was saved).
public struct ReceiveShareResult: Codable, Sendable, Hashable {
    public var shown: Bool
    public var savedOwner: AccountID?
    public init(shown: Bool, savedOwner: AccountID?) {
        self.shown = shown
        self.savedOwner = savedOwner
    }
}

/// `app.copy` params: the user copies `text` from data of `accountId` ("" = unmanaged) that the app shows; the app
/// shows that data under its owner's UI identity, so the SDK tags the copy with it (IDS-12).
public struct CopyParams: Codable, Sendable, Hashable {
    public var text: String
    public var accountId: AccountID
    public init(text: String, accountId: AccountID) {
        self.text = text
        self.accountId = accountId
    }
}

/// `device.copy` params: another app, one that integrates the SDK and is managed (`managedApp`) or not, copies text.
public struct DeviceCopyParams: Codable, Sendable, Hashable {
    public var text: String
    public var managedApp: Bool
    public init(text: String, managedApp: Bool) {
        self.text = text
        self.managedApp = managedApp
    }
}

/// `device.paste` params: another app, managed or not, pastes.
public struct DevicePasteParams: Codable, Sendable, Hashable {
    public var managedApp: Bool
    public init(managedApp: Bool) { self.managedApp = managedApp }
}

/// `app.paste` / `device.paste` result: the text the paste got, absent when the policy kept it out.
public struct PasteResult: Codable, Sendable, Hashable {
    public var text: String?
    public init(text: String?) { self.text = text }
}

/// `app.notify` params: a notification for `accountId` arrives with this title and body (org data of that account).
public struct NotifyParams: Codable, Sendable, Hashable {
    public var accountId: AccountID
    public var title: String
    public var body: String
    public init(accountId: AccountID, title: String, body: String) {
        self.accountId = accountId
        self.title = title
        self.body = body
    }
}

/// `app.notify` result (POL-11): whether the user saw a notification at all, and whether what they saw carried the
/// notification's own title or body (`block-org-data` shows a generic one, `block` none).
public struct NotifyResult: Codable, Sendable, Hashable {
    public var shown: Bool
    public var orgData: Bool
    public init(shown: Bool, orgData: Bool) {
        self.shown = shown
        self.orgData = orgData
    }
}

/// `app.update` params: which build replaces the installed one (UPG-01). A vendor's host holds two builds of the
/// app, the installed one and its update (the build under test, or the next release); the case names at most the
/// SDK release the update links, for a host that holds several, and otherwise leaves the choice to the host.
public struct AppUpdateParams: Codable, Sendable, Hashable {
    /// The SDK release (dotted numbers) of the build to update to; nil: the host's update build.
    public var sdkVersion: String?
    public init(sdkVersion: String? = nil) { self.sdkVersion = sdkVersion }
}

/// `app.acquireToken` result (CA-03): whether the app holds a token for its own resource at the end, after at most
/// one Conditional Access remediation.
public struct AcquireTokenResult: Codable, Sendable, Hashable {
    public var acquired: Bool
    public init(acquired: Bool) { self.acquired = acquired }
}

// issue 27: showing content under the right identity

/// `app.showFile` result (IDS-54): whether the app showed the file's contents. The app reads the file's owner, sets
/// the UI identity to it and shows the contents only when that switch succeeded (for a managed owner, after
/// conditional launch); `event.app file-shown` names the UI identity they showed under.
public struct ShowFileResult: Codable, Sendable, Hashable {
    public var shown: Bool
    public init(shown: Bool) { self.shown = shown }
}
