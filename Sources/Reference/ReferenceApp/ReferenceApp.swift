import AdapterKit
import AdapterProtocol
import Foundation
import ReferenceSDK

/// One run of the minimal app that integrates the SDK the way the guides say (from launch to termination).
///
/// A restart builds a new instance from the same data directory, like a new process: signed-in accounts
/// come back from `app.json`, the SDK's state from `sdk/state.json`, documents from `files/`.
final class ReferenceApp: Sendable {
    let device: ReferenceDevice
    let runtime: IntuneMAMRuntime
    let accounts: AccountStore
    let files: AccountFiles
    let tokens: TokenEndpoint
    var events: AppEvents { device.events }
    /// The SDK's launch outcome, once `applicationDidFinishLaunching` completed.
    let launchOutcome = Latch<IntuneMAMLaunchState>()
    /// Token work for `getAccessToken`, off the SDK's queue (the delegate must not block it for long).
    private let authQueue = DispatchQueue(label: "reference-app.auth")

    /// Loads the app's data and builds the SDK runtime (nothing runs until ``start(announcing:extra:)``).
    init(device: ReferenceDevice) {
        self.device = device
        let environment = device.environment
        accounts = AccountStore(dataDirectory: environment.dataDirectory)
        files = AccountFiles(dataDirectory: environment.dataDirectory)
        tokens = TokenEndpoint(tokenURL: environment.tokenURL, clientId: environment.clientId,
                               mamResource: environment.mamResource)
        let configuration = IntuneMAMRuntimeConfiguration(
            settings: IntuneMAMSettings(dictionary: environment.settings), bundleId: environment.bundleId,
            dataDirectory: environment.dataDirectory, tokenURL: environment.tokenURL,
            mamServiceURL: environment.mamServiceURL, mamResource: environment.mamResource,
            clientId: environment.clientId, clock: device.clock, defects: device.sdkDefects,
            workTracker: device.sdkWork)
        runtime = IntuneMAMRuntime(configuration: configuration, platform: AppPlatform(device: device))
    }

    // MARK: Launch

    /// Launches: delegates first (the guides require them before launch), then the SDK's launch, then
    /// registration of every signed-in account the SDK does not know (ENR-06).
    func start(announcing kind: AppEvents.AppKind, extra: [String: JSONValue] = [:]) {
        runtime.enrollmentManager.delegate = AppEnrollmentDelegate(app: self)
        runtime.policyManager.delegate = AppPolicyDelegate(app: self)
        events.app(kind, extra: extra)
        events.sdkCall("applicationDidFinishLaunching", accountId: nil)
        runtime.applicationDidFinishLaunching { [self] state in launchFinished(state) }
        registerMissingAccounts()
    }

    private func launchFinished(_ state: IntuneMAMLaunchState) {
        switch state {
        case .ready:
            events.app(.ready, accountId: runtime.policyManager.primaryAccountId)
        case .blocked(let reason):
            events.app(.blocked, accountId: runtime.policyManager.primaryAccountId,
                       extra: ["reason": .string(reason.rawValue)])
        case .notLaunched, .launching, .terminated:
            break
        }
        launchOutcome.fulfil(state)
    }

    private func registerMissingAccounts() {
        let registered = Set(runtime.enrollmentManager.registeredAccountIds().map { $0.lowercased() })
        for account in accounts.accounts where !registered.contains(account.accountId.lowercased()) {
            events.log("info", "registering signed-in account \(account) with the SDK")
            registerAndEnroll(account.accountId)
        }
    }

    /// Blocks until the launch finished (or `deadline`); never call on the SDK's queue.
    func waitForLaunch(until deadline: Date) -> IntuneMAMLaunchState? {
        launchOutcome.wait(until: deadline)
    }

    /// Ends this app instance: the SDK runtime stops and calls nothing more.
    func terminate() {
        runtime.terminate()
        launchOutcome.fulfil(.terminated)
    }

    // MARK: SDK calls (each announced before it is made)

    func registerAndEnroll(_ accountId: String) {
        events.sdkCall("registerAndEnrollAccountId", accountId: accountId)
        runtime.enrollmentManager.registerAndEnrollAccountId(accountId)
    }

    /// Blocks until the SDK has the token it needs to unenroll (WIP-08).
    func deregister(_ accountId: String, wipe: Bool) {
        events.sdkCall("deRegisterAndUnenrollAccountId", accountId: accountId, wipe: wipe)
        runtime.enrollmentManager.deRegisterAndUnenrollAccountId(accountId, withWipe: wipe)
    }

    // MARK: User actions

    /// Signs the user in (password grant), remembers the account, then registers it with the SDK.
    func signIn(upn: String, password: String) throws(RPCError) -> String {
        let grant: TokenEndpoint.Grant
        switch tokens.passwordGrant(upn: upn, password: password) {
        case .success(let granted): grant = granted
        case .failure(let failure):
            throw RPCError(code: RPCError.actionFailed, message: "sign-in of \(upn) failed: \(failure)")
        }
        let account = SignedInAccount(accountId: grant.accountId, upn: grant.upn, tenantId: grant.tenantId,
                                      accessToken: grant.accessToken, refreshToken: grant.refreshToken,
                                      expiresAt: device.clock.now.addingTimeInterval(grant.expiresIn))
        accounts.upsert(account)
        events.app(.signedIn, accountId: account.accountId, extra: ["upn": .string(account.upn)])
        registerAndEnroll(account.accountId)
        return account.accountId
    }

    /// Signs the account out the documented way: deregister with wipe first, then drop its tokens (WIP-08).
    func signOut(accountId: String) throws(RPCError) {
        guard let account = accounts.account(accountId) else {
            throw RPCError(code: RPCError.actionFailed, message: "\(accountId) is not signed in")
        }
        if device.appDefects.contains(.signOutWithoutDeregister) {
            events.log("info", "signing \(account) out without deregistering it")
        } else {
            deregister(account.accountId, wipe: true)
        }
        accounts.remove(account.accountId)
        events.app(.signedOut, accountId: account.accountId)
    }

    /// Stores a document owned by a signed-in account and records the owner with the SDK.
    func writeData(accountId: String, name: String, content: String) throws(RPCError) {
        guard AccountFiles.isValidName(name) else {
            throw RPCError(code: RPCError.invalidParams, message: "invalid file name \"\(name)\"")
        }
        guard let account = accounts.account(accountId) else {
            throw RPCError(code: RPCError.actionFailed, message: "\(accountId) is not signed in")
        }
        let path: String
        do {
            path = try files.write(accountId: account.accountId, name: name, content: Data(content.utf8))
        } catch {
            throw RPCError(code: RPCError.actionFailed, message: "could not write \(name): \(error)")
        }
        events.sdkCall("protect", accountId: account.accountId)
        runtime.fileProtectionManager.protect(path, accountId: account.accountId)
    }

    // MARK: Delegate behaviour

    /// The app's token for the SDK: cached if still valid on the integration's clock, else refreshed,
    /// else an error token. Answers from the app's auth queue, never blocking the SDK's queue itself.
    func accessToken(for accountId: String, completion: @escaping @Sendable (IntuneMAMEnrollmentToken) -> Void) {
        authQueue.async { [self] in
            completion(currentToken(for: accountId))
        }
    }

    private func currentToken(for accountId: String) -> IntuneMAMEnrollmentToken {
        guard var account = accounts.account(accountId) else {
            return .failure(accountId: accountId, error: "the app has no signed-in account \(accountId)")
        }
        if account.hasValidToken(at: device.clock.now), let token = account.accessToken {
            return IntuneMAMEnrollmentToken(accessToken: token, upn: account.upn, oid: account.accountId,
                                            tenantId: account.tenantId)
        }
        guard let refreshToken = account.refreshToken else {
            return .failure(accountId: accountId, upn: account.upn, error: "no token for \(account.upn)")
        }
        switch tokens.refreshGrant(refreshToken: refreshToken) {
        case .failure(let failure):
            events.log("warning", "token refresh for \(account) failed: \(failure)")
            return .failure(accountId: accountId, upn: account.upn, error: "token refresh failed: \(failure)")
        case .success(let grant):
            account.accessToken = grant.accessToken
            account.refreshToken = grant.refreshToken ?? refreshToken
            account.expiresAt = device.clock.now.addingTimeInterval(grant.expiresIn)
            // Only if still signed in: a sign-out may have happened while the refresh ran.
            if accounts.account(accountId) != nil { accounts.upsert(account) }
            return IntuneMAMEnrollmentToken(accessToken: grant.accessToken, upn: account.upn, oid: account.accountId,
                                            tenantId: account.tenantId)
        }
    }

    /// `wipeData(forAccountId:)`: the runner decides whether the app wipes; if it does, the app deletes
    /// the account's files itself before answering true.
    func wipeData(forAccountId accountId: String) -> Bool {
        let answer = device.ask(Method.delegateWipeData, ["accountId": .string(accountId)])
        guard answer?["return"]?.boolValue == true else { return false }
        let deleted = files.deleteAll(accountId: accountId)
        events.app(.dataWiped, accountId: accountId, extra: ["files": .number(Double(deleted))])
        return true
    }

    /// `restartApplication()`: the runner decides; true → the app restarts itself once the SDK's callback
    /// has returned (scheduled, so the SDK's queue is not waited on from inside itself).
    func restartApplication() -> Bool {
        let answer = device.ask(Method.delegateRestartApplication, [:])
        guard answer?["return"]?.boolValue == true else { return false }
        device.scheduleSelfRestart(of: self)
        return true
    }

    /// `addAccountId`: the SDK signed a user in itself; the app lists the account (its tokens stay with
    /// the SDK).
    func addAccount(_ accountId: String) -> IntuneMAMAddIdentityResult {
        let upn = device.lastPromptedUPN ?? ""
        accounts.upsert(SignedInAccount(accountId: accountId, upn: upn))
        events.app(.signedIn, accountId: accountId, extra: ["upn": .string(upn), "by": "sdk"])
        return .success
    }
}
