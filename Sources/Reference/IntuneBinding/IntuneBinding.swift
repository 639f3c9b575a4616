#if canImport(IntuneMAMSwift)
@preconcurrency import IntuneMAMSwift
#else
import ReferenceSDK
#endif
import AdapterKit
import AdapterProtocol
import Foundation
import Locking

/// The adapter-protocol binding of an Intune App SDK integration: runner requests become SDK calls (here) or
/// the app's actions (through the host's ``BoundApp``); SDK callbacks become events and questions (through the
/// binding's delegates, ``BindingSession``).
///
/// This is the part a vendor copies into an iOS test host. It is written against the real SDK's Swift names and
/// builds here against the reference SDK; what cannot be spelled the same for both is in `SDKSpelling.swift`.
/// It receives only actions, never case ids or expectations, so everything the integration does follows from
/// the backend's state and the scripted answers to its questions.
public final class IntuneBinding<Host: IntuneBindingHost>: TypedAdapterHandler {
    /// The vendor's test host: the app's lifecycle and its instances.
    public let host: Host
    /// What `initialize` declares, and which feature areas are served.
    public let configuration: BindingConfiguration
    /// Upper bound, in seconds, for `sync`, `clock.advance`, waiting for a launch and for the SDK's
    /// completions.
    public let idleTimeout: Double
    /// The current case, from `initialize` on.
    let session = Locked<BindingSession?>(nil)
    /// The app instances the request being handled acts on (``actingApp()``).
    private let actingApps = Locked<[Host.App]>([])

    public init(host: Host, configuration: BindingConfiguration, idleTimeout: Double = 120) {
        self.host = host
        self.configuration = configuration
        self.idleTimeout = idleTimeout
    }

    /// A feature area the configuration does not serve is refused before the params are read: `-32002` whatever the
    /// request holds, so the runner skips the case (and `adapter-check` tells unsupported from bad params).
    public func admit(_ method: RunnerMethod) throws(RPCError) {
        if let capability = method.capability, !configuration.capabilities.contains(capability) {
            throw RPCError.unsupported(capability, configuration.unsupportedReason)
        }
    }

    /// Every request, decoded once (a request whose params do not fit was answered `-32602` before it got here,
    /// whatever state the app is in). An action holds the app instance it acts on until its answer is ready
    /// (``actingApp()``), so a restart the app scheduled meanwhile cannot replace the instance under it.
    public func handle(_ call: RunnerCall, server: AdapterServer) throws(RPCError) -> RunnerReply {
        defer { releaseActingApps() }
        return try answer(call, server: server)
    }

    /// The answer to one request. The switch is exhaustive: a method added to the protocol does not build until
    /// it is answered here.
    private func answer(_ call: RunnerCall, server: AdapterServer) throws(RPCError) -> RunnerReply {
        switch call {
        case .initialize(let request): return request.reply(try initialize(request.params, channel: server))
        case .shutdown(let request):
            host.shutdown()
            return request.reply()
        case .sync(let request):
            try sync()
            return request.reply()
        case .hello(let request):
            // Answered by AdapterServer itself on a network connection; never sent over stdio.
            throw RPCError(.methodNotFound, "\(request.method.rawValue) belongs to the network transport")
        case .reset(let request):
            try host.reset()
            return request.reply()
        case .clockAdvance(let request): return request.reply(try advanceClock(request.params))
        case .appLaunch(let request): return request.reply(try launched(host.launch()))
        case .appRestart(let request): return request.reply(try launched(host.restart()))
        case .appResume(let request): return request.reply(try resume())
        case .appSignIn(let request): return request.reply(try signIn(request.params))
        case .appSignOut(let request):
            try actingApp().signOut(accountId: request.params.accountId.rawValue)
            return request.reply()
        case .appState(let request):
            try requireSession()
            return request.reply(host.snapshot(of: host.runningApp))
        case .appWriteData(let request): return request.reply(try writeData(request.params))
        case .appWriteDataInBackground(let request):
            let params = request.params
            let owner = try actingApp().writeDataInBackground(
                name: params.name, content: params.content, threadAccountId: params.threadAccountId.rawValue,
                workAccountId: params.workAccountId?.rawValue)
            return request.reply(WriteDataResult(owner: AccountID(owner)))
        case .appSetPreference(let request):
            let params = request.params
            try actingApp().setPreference(params.value, for: params.key, accountId: params.accountId.rawValue)
            return request.reply()
        case .appSetAuthOverrides(let request):
            try actingApp().setAuthOverrides(clientId: request.params.clientId, authority: request.params.authority)
            return request.reply()
        case .appFileInfo(let request): return request.reply(try runningApp().fileInfo(name: request.params.name))
        case .appSwitchIdentity(let request): return request.reply(try switchIdentity(request.params))
        case .appOpenURL(let request): return request.reply(try receive(request.params, document: false))
        case .appImportDocument(let request): return request.reply(try receive(request.params, document: true))
        case .appShowWebContent(let request):
            try actingApp().showWebContent(until: deadline)
            return request.reply()
        case .appSaveDocument(let request):
            let params = request.params
            let saved = try actingApp().saveDocument(name: params.name, to: params.location, signedInAs: params.accountId?.rawValue)
            return request.reply(SaveDocumentResult(saved: saved))
        case .appOpenDocument(let request):
            let params = request.params
            let opened = try actingApp().openDocument(from: params.location, signedInAs: params.accountId?.rawValue)
            return request.reply(OpenDocumentResult(opened: opened))
        case .appNotify(let request):
            let params = request.params
            return request.reply(try actingApp().notify(accountId: params.accountId.rawValue, title: params.title, body: params.body))
        case .appCopy(let request):
            try actingApp().copy(text: request.params.text, from: request.params.accountId.rawValue, until: deadline)
            return request.reply()
        case .appPaste(let request):
            let text = try actingApp().paste(into: request.params.accountId.rawValue, until: deadline)
            return request.reply(PasteResult(text: text))
        case .appAcquireToken(let request):
            let acquired = try actingApp().acquireToken(accountId: request.params.accountId.rawValue, until: deadline)
            return request.reply(AcquireTokenResult(acquired: acquired))
        case .deviceSetFaceID(let request):
            try requireSession()
            try host.setFaceID(enrolled: request.params.enrolled)
            return request.reply()
        case .deviceCopy(let request):
            try requireSession()
            try host.copyFromOtherApp(request.params.text, managedApp: request.params.managedApp)
            return request.reply()
        case .devicePaste(let request):
            try requireSession()
            return request.reply(PasteResult(text: try host.pasteInOtherApp(managedApp: request.params.managedApp)))
        // issue 27: the app updated in place and reinstalled (UPG, RIN)
        case .appUpdate(let request):
            try requireSession()
            let updated = try host.update(toSDKVersion: request.params.sdkVersion)
            return request.reply(try launched(updated))
        case .appReinstall(let request):
            try requireSession()
            try host.reinstall()
            return request.reply()
        case .appReceiveShare(let request):
            let params = request.params
            return request.reply(try actingApp().receiveShare(text: params.text, owner: params.owner.rawValue, saveAs: params.saveAs,
                                                              until: deadline))
        // issue 27: showing content under the right identity
        case .appShowFile(let request):
            return request.reply(ShowFileResult(shown: try actingApp().showFile(name: request.params.name, until: deadline)))
        case .appShare(let request): return request.reply(ShareResult(targets: try actingApp().share(name: request.params.name)))
        case .appOpenLink(let request):
            let params = request.params
            guard let url = URL(string: params.url), url.scheme != nil else {
                throw RPCError(.invalidParams, "url \"\(params.url)\" is not an absolute URL")
            }
            return request.reply(OpenLinkResult(opened: try actingApp().openLink(url, knownManagedApp: params.knownManagedApp ?? false)))
        // issue 27: file provider extensions (EXT)
        case .extProvideFile(let request):
            let params = request.params
            return request.reply(try actingApp().provideFile(name: params.name, replicated: params.replicated ?? false))
        case .extImportFile(let request):
            let params = request.params
            return request.reply(try actingApp().importFile(name: params.name, text: params.text, owner: params.owner.rawValue,
                                                            target: params.targetAccountId.rawValue,
                                                            replicated: params.replicated ?? false))
        case .sdkRegisterAndEnroll(let request):
            try actingCalls().registerAndEnrollAccountId(request.params.accountId.rawValue)
            return request.reply()
        case .sdkDeregisterAndUnenroll(let request):
            try actingCalls().deRegisterAndUnenrollAccountId(request.params.accountId.rawValue, withWipe: request.params.wipe)
            return request.reply()
        case .sdkLoginAndEnroll(let request):
            try loginAndEnroll(request.params)
            return request.reply()
        case .sdkRegisteredAccounts(let request): return request.reply(try registeredAccounts())
        case .sdkEnrolledAccount(let request): return request.reply(try enrolledAccount())
        case .sdkAllowedAccounts(let request): return request.reply(try allowedAccounts())
        case .sdkMDMEnrolledAccount(let request): return request.reply(try mdmEnrolledAccount())
        // issue 27: file ownership (IDS-52, IDS-53)
        case .appTruncateData(let request):
            let params = request.params
            let owner = try actingApp().truncateData(name: params.name, content: params.content,
                                                     threadAccountId: params.threadAccountId.rawValue)
            return request.reply(WriteDataResult(owner: AccountID(owner)))
        case .appWriteMixedData(let request):
            let parts = try actingApp().writeMixedData(name: request.params.name, parts: request.params.parts)
            return request.reply(WriteMixedDataResult(parts: parts))
        // issue 27: unlisted locations
        case .appSaveToUnlisted(let request):
            let params = request.params
            let saved = try actingApp().saveToUnlisted(name: params.name, service: params.service,
                                                       accountId: params.accountId?.rawValue, upn: params.upn?.rawValue)
            return request.reply(SaveDocumentResult(saved: saved))
        case .appOpenFromUnlisted(let request):
            let params = request.params
            let opened = try actingApp().openFromUnlisted(service: params.service, accountId: params.accountId?.rawValue,
                                                          upn: params.upn?.rawValue)
            return request.reply(OpenDocumentResult(opened: opened))
        case .sdkAppConfig(let request): return request.reply(try appConfig(request.params))
        case .sdkAppConfigValue(let request): return request.reply(try appConfigValue(request.params))
        case .sdkPolicy(let request): return request.reply(try policy(accountId: request.params.accountId.rawValue))
        case .sdkIsSaveToAllowed(let request): return request.reply(try isSaveToAllowed(request.params))
        case .sdkIsOpenFromAllowed(let request): return request.reply(try isOpenFromAllowed(request.params))
        case .sdkIdentity(let request): return request.reply(try identity())
        case .sdkIsManaged(let request): return request.reply(try isManaged(request.params.accountId.rawValue))
        case .sdkProtect(let request): return request.reply(try protect(request.params))
        case .sdkSetValuesToScrub(let request):
            SDKSpelling.setValuesToScrubFromLogging(request.params.values, on: try runningSDK())
            return request.reply()
        case .deviceManagedConfigChanged(let request):
            try managedConfigChanged()
            return request.reply()
        case .deviceSetJailbroken(let request):
            try requireSession()
            try host.setJailbroken(request.params.jailbroken)
            return request.reply()
        }
    }

    /// How long an action may wait for the SDK (and the runner's answers to its questions).
    var deadline: Date { Date().addingTimeInterval(idleTimeout) }

    // MARK: The case and the app instance a request goes to

    /// The case's session; `initialize` must come first.
    @discardableResult
    func requireSession() throws(RPCError) -> BindingSession {
        guard let session = session.withLock({ $0 }) else { throw Self.failed("initialize was not called") }
        return session
    }

    /// The running app, for queries: whichever instance runs now (they read persisted state either way).
    func runningApp() throws(RPCError) -> Host.App {
        try requireSession()
        guard let app = host.runningApp else { throw Self.notRunning }
        return app
    }

    /// The running app, for actions: after any restart in progress, so the action reaches the new instance
    /// instead of an SDK that is terminating and would drop it. Held until the request is answered.
    func actingApp() throws(RPCError) -> Host.App {
        try requireSession()
        guard let app = settledApp() else { throw Self.notRunning }
        return app
    }

    /// ``IntuneBindingHost/settledApp(until:)``, remembered so ``handle(_:server:)`` ends the action on it.
    func settledApp() -> Host.App? {
        guard let app = host.settledApp(until: deadline) else { return nil }
        actingApps.withLock { $0.append(app) }
        return app
    }

    /// Ends the actions of the request just answered (requests are handled one at a time).
    private func releaseActingApps() {
        let apps = actingApps.withLock { apps in
            defer { apps.removeAll() }
            return apps
        }
        for app in apps { host.actionEnded(on: app) }
    }

    /// The SDK managers of the running app, for queries.
    func runningSDK() throws(RPCError) -> any SDKManagers {
        try runningApp().sdk
    }

    /// The announced SDK calls of the acting app.
    func actingCalls() throws(RPCError) -> AnnouncedSDKCalls {
        let app = try actingApp()
        return try requireSession().calls(to: app)
    }

    static func failed(_ message: String) -> RPCError {
        RPCError(code: RPCError.actionFailed, message: message)
    }

    static var notRunning: RPCError { failed("the app is not running (send app.launch first)") }
}
