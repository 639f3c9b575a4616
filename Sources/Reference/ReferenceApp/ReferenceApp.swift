import AdapterKit
import AdapterProtocol
import Foundation
import IntuneBinding
import Locking
import ReferenceSDK

/// One run of the minimal app that integrates the SDK the way the guides say (from launch to termination): the
/// reference's implementation of the binding's app side (``BoundApp``).
///
/// A restart builds a new instance from the same data directory, like a new process: signed-in accounts
/// come back from `app.json`, the SDK's state from `sdk/state.json`, documents from `files/`.
final class ReferenceApp: BoundApp {
    let device: ReferenceDevice
    /// The integration rules this app follows (every app mutant breaks one of them).
    var rules: AppRules { device.appRules }
    let runtime: IntuneMAMRuntime
    let accounts: AccountStore
    let files: AccountFiles
    let preferences: AppPreferences
    /// Each account's `notificationPolicy` as the notification extension reads it (POL-11), account ID lower-cased.
    let notificationPolicies = Locked<[String: IntuneMAMNotificationPolicy]>([:])
    let tokens: TokenEndpoint
    var events: BindingEvents { device.events }
    /// The SDK calls the runner sees (`event.sdkCall` first).
    var calls: AnnouncedSDKCalls { device.session.calls(to: self) }
    /// The binding reaches this instance's SDK through its runtime.
    var sdk: any SDKManagers { runtime }
    /// The SDK's launch outcome, once `applicationDidFinishLaunching` completed.
    let launchOutcome = Latch<IntuneMAMLaunchState>()
    /// Token work for `getAccessToken`, off the SDK's queue (the delegate must not block it for long).
    let authQueue = DispatchQueue(label: "reference-app.auth")
    /// The Conditional Access remediations `app.acquireToken` waits for.
    let complianceStatuses = ComplianceStatuses()

    /// Loads the app's data and builds the SDK runtime (nothing runs until ``start(announcing:extra:)``).
    init(device: ReferenceDevice) {
        self.device = device
        let environment = device.environment
        accounts = AccountStore(dataDirectory: environment.dataDirectory)
        files = AccountFiles(dataDirectory: environment.dataDirectory)
        preferences = AppPreferences(dataDirectory: environment.dataDirectory)
        tokens = TokenEndpoint(tokenURL: environment.tokenURL, clientId: environment.clientId,
                               mamResource: environment.mamResource)
        var configuration = IntuneMAMRuntimeConfiguration(
            settings: IntuneMAMSettings(values: environment.settings), bundleId: environment.bundleId,
            dataDirectory: environment.dataDirectory, tokenURL: environment.tokenURL,
            mamServiceURL: environment.mamServiceURL, mamResource: environment.mamResource,
            clientId: environment.clientId, clock: device.clock, defects: device.sdkDefects,
            workTracker: device.sdkWork, deviceConfigURL: environment.deviceConfigURL)
        configuration.variants = device.sdkVariants
        // The build installed on the device (UPG-01): the command line's, or the one an update put there.
        let build = InstalledBuild.installed(in: environment.dataDirectory)
        configuration.sdkVersion = build.sdkVersion
        configuration.appVersion = build.appVersion
        configuration.authority = environment.infoPlistAuthority
        configuration.defaultAuthority = environment.commonAuthority
        runtime = IntuneMAMRuntime(configuration: configuration, platform: AppPlatform(device: device))
    }

    // MARK: Launch

    /// Launches: the binding's delegates first (the guides require them before launch), then the SDK's
    /// launch, then registration of every signed-in account the SDK does not know (ENR-06).
    func start(announcing event: AppEvent) {
        device.session.install(on: self)
        events.app(event)
        events.sdkCall(.applicationDidFinishLaunching, accountId: nil)
        runtime.applicationDidFinishLaunching { [self] state in launchFinished(state) }
        registerMissingAccounts()
    }

    private func launchFinished(_ state: IntuneMAMLaunchState) {
        switch state {
        case .ready:
            events.app(.ready, accountId: runtime.policyManager.primaryAccountId)
        case .blocked(let reason):
            events.blocked(Self.blockReason(reason), accountId: runtime.policyManager.primaryAccountId)
        case .notLaunched, .launching, .terminated:
            break
        }
        launchOutcome.fulfil(state)
    }

    private func registerMissingAccounts() {
        guard rules.accounts.registersMissingAccountsAtLaunch else {
            events.log(.info, "not checking the SDK's registered accounts at launch")
            return
        }
        let registered = Set(runtime.enrollmentManager.registeredAccountIds().map { $0.lowercased() })
        for account in accounts.accounts where !registered.contains(account.accountId.lowercased()) {
            if account.isPersonal && rules.accounts.keepsPersonalAccountsUnregistered { continue }
            events.log(.info, "registering signed-in account \(account) with the SDK")
            registerAndEnroll(sdkAccountId(of: account))
        }
    }

    /// Blocks until the launch finished (or `deadline`); never call on the SDK's queue.
    func waitForLaunch(until deadline: Date) -> Bool {
        launchOutcome.wait(until: deadline) != nil
    }

    /// The protocol's block reason for the SDK's launch state.
    static func blockReason(_ reason: IntuneMAMLaunchBlockReason) -> BlockReason {
        switch reason {
        case .policyRequired: return .policyRequired
        case .pinCanceled: return .pinCanceled
        case .pinRetriesExceeded: return .pinRetriesExceeded
        case .jailbroken: return .jailbroken
        case .signInCanceled: return .signInCanceled
        case .offline: return .offline
        }
    }

    /// Ends this app instance: the SDK runtime stops and calls nothing more.
    func terminate() {
        runtime.terminate()
        launchOutcome.fulfil(.terminated)
        device.session.uninstall(from: self)
    }

    // MARK: SDK calls (each announced before it is made)

    func registerAndEnroll(_ accountId: String) {
        calls.registerAndEnrollAccountId(accountId)
    }

    /// Blocks until the SDK has the token it needs to unenroll (WIP-08).
    func deregister(_ accountId: String, wipe: Bool) {
        calls.deRegisterAndUnenrollAccountId(accountId, withWipe: wipe)
    }

    /// The account ID the app hands the SDK for a signed-in account: its Entra object ID (ENR-17), which is also
    /// what the app keys the account by; the planted field defects hand the UPN or MSAL's `oid.tid` instead.
    func sdkAccountId(of account: SignedInAccount) -> String {
        switch rules.accounts.sdkAccountId {
        case .objectId: return account.accountId
        case .upn: return account.upn
        case .homeAccountId: return "\(account.accountId).\(account.tenantId ?? "")"
        }
    }

    // MARK: User actions

    /// Signs the user in (password grant), remembers the account, then registers it with the SDK. Nil when
    /// the account is not allowed (ALW-03): then nothing is remembered or registered.
    func signIn(upn: String, password: String) throws(RPCError) -> String? {
        guard mayStartSignIn(upn: upn) else { return nil }
        let grant: TokenEndpoint.Grant
        switch tokens.passwordGrant(upn: upn, password: password) {
        case .success(let granted): grant = granted
        case .failure(let failure):
            throw RPCError(code: RPCError.actionFailed, message: "sign-in of \(upn) failed: \(failure)")
        }
        guard mayKeepSignIn(accountId: grant.accountId, upn: grant.upn) else { return nil }
        let account = SignedInAccount(accountId: grant.accountId, upn: grant.upn, tenantId: grant.tenantId,
                                      accessToken: grant.accessToken, refreshToken: grant.refreshToken,
                                      expiresAt: device.clock.now.addingTimeInterval(grant.expiresIn))
        accounts.upsert(account)
        events.app(AppEvent(kind: .signedIn, accountId: AccountID(account.accountId), upn: UPN(account.upn)))
        if account.isPersonal && rules.accounts.keepsPersonalAccountsUnregistered {
            events.log(.info, "\(account) is a personal account: signed in, not registered with the SDK")
        } else {
            registerAndEnroll(sdkAccountId(of: account))
        }
        return account.accountId
    }

    /// Signs the account out the documented way: deregister with wipe first, then drop its tokens (WIP-08).
    func signOut(accountId: String) throws(RPCError) {
        guard let account = accounts.account(accountId) else {
            throw RPCError(code: RPCError.actionFailed, message: "\(accountId) is not signed in")
        }
        if account.isPersonal && rules.accounts.keepsPersonalAccountsUnregistered {
            // Never registered, so nothing to deregister: only the app's own tokens go.
            events.log(.info, "signing out personal account \(account)")
        } else {
            switch rules.accounts.signOut {
            case .deregisterThenForget:
                deregister(sdkAccountId(of: account), wipe: true)
            case .forgetWithoutDeregistering:
                events.log(.info, "signing \(account) out without deregistering it")
            case .forgetThenDeregister:
                forget(account.accountId)
                deregister(sdkAccountId(of: account), wipe: true)
                return
            case .deleteDataThenDeregisterWithoutWipe:
                deleteData(of: account.accountId)
                deregister(sdkAccountId(of: account), wipe: false)
            }
        }
        forget(account.accountId)
    }

    /// Deletes the account's files and settings, as the app's own wipe does.
    func deleteData(of accountId: String) {
        preferences.removeAll(accountId: accountId)
        let deleted = files.deleteAll(accountId: accountId)
        events.app(AppEvent(kind: .dataWiped, accountId: AccountID(accountId), files: deleted))
    }

    /// Drops the account and its tokens; announces `signed-out` once, whoever (sign-out or the SDK's wipe)
    /// gets there first.
    func forget(_ accountId: String) {
        guard let removed = accounts.remove(accountId) else { return }
        events.app(.signedOut, accountId: removed.accountId)
        clearAuthOverrides(afterSigningOut: removed.accountId)
    }

    /// `app.writeData`: with an account, a document owned by that signed-in account; without, one owned by the
    /// identity it is written under (IDS-09). Returns the owner the SDK recorded ("" = none).
    func writeData(name: String, content: String, accountId: String?) throws(RPCError) -> String {
        guard let accountId else { return try writeDataAsCurrentIdentity(name: name, content: content) }
        let path = try writeData(accountId: accountId, name: name, content: content)
        return runtime.fileProtectionManager.protectionInfo(forPath: path)?.accountId ?? ""
    }

    /// Stores a document owned by a signed-in account and records the owner with the SDK.
    /// Returns the file's path.
    @discardableResult
    func writeData(accountId: String, name: String, content: String) throws(RPCError) -> String {
        guard AccountFiles.isValidName(name) else {
            throw RPCError(code: RPCError.invalidParams, message: "invalid file name \"\(name)\"")
        }
        guard let account = accounts.account(accountId) else {
            throw RPCError(code: RPCError.actionFailed, message: "\(accountId) is not signed in")
        }
        let path: String
        do {
            path = try files.write(accountId: account.accountId, name: name,
                                   content: storedBytes(Data(content.utf8), for: account.accountId))
        } catch {
            throw RPCError(code: RPCError.actionFailed, message: "could not write \(name): \(error)")
        }
        events.sdkCall(.protect, accountId: account.accountId)
        runtime.fileProtectionManager.protect(path, accountId: account.accountId)
        return path
    }
}
