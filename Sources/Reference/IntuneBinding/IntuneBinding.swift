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
public final class IntuneBinding<Host: IntuneBindingHost>: AdapterHandler {
    /// The vendor's test host: the app's lifecycle and its instances.
    public let host: Host
    /// What `initialize` declares, and which feature areas are served.
    public let configuration: BindingConfiguration
    /// Upper bound, in seconds, for `sync`, `clock.advance`, waiting for a launch and for the SDK's
    /// completions.
    public let idleTimeout: Double
    /// The current case, from `initialize` on.
    let session = Locked<BindingSession?>(nil)

    public init(host: Host, configuration: BindingConfiguration, idleTimeout: Double = 120) {
        self.host = host
        self.configuration = configuration
        self.idleTimeout = idleTimeout
    }

    public func handle(_ name: String, params: JSONValue, server: AdapterServer) throws(RPCError) -> JSONValue {
        guard let method = RunnerMethod(rawValue: name) else {
            throw RPCError(.methodNotFound, "unknown method \(name)")
        }
        if let capability = method.capability, !configuration.capabilities.contains(capability) {
            throw RPCError.unsupported(capability, configuration.unsupportedReason)
        }
        // Params are checked before anything is done: a request that does not fit is answered -32602
        // whatever state the app is in.
        _ = try params.params(method.paramsType)
        switch method {
        case .initialize: return try initialize(try params.params(InitializeParams.self), channel: server)
        case .shutdown:
            host.shutdown()
            return [:]
        case .sync: return try sync()
        case .hello:
            // Answered by AdapterServer itself on a network connection; never sent over stdio.
            throw RPCError(.methodNotFound, "\(name) belongs to the network transport")
        case .reset:
            try host.reset()
            return [:]
        case .clockAdvance: return try advanceClock(try params.params(ClockAdvanceParams.self))
        case .appLaunch: return try launched(host.launch())
        case .appRestart: return try launched(host.restart())
        case .appResume: return try resume()
        case .appSignIn: return try signIn(try params.params(SignInParams.self))
        case .appSignOut:
            try actingApp().signOut(accountId: try params.params(AccountParams.self).accountId.rawValue)
            return [:]
        case .appState:
            try requireSession()
            return JSONValue(encoding: host.snapshot(of: host.runningApp))
        case .appWriteData: return try writeData(try params.params(WriteDataParams.self))
        case .appWriteDataInBackground:
            let request = try params.params(BackgroundWriteParams.self)
            let owner = try actingApp().writeDataInBackground(
                name: request.name, content: request.content, threadAccountId: request.threadAccountId.rawValue,
                workAccountId: request.workAccountId?.rawValue)
            return JSONValue(encoding: WriteDataResult(owner: AccountID(owner)))
        case .appSetPreference:
            let request = try params.params(PreferenceParams.self)
            try actingApp().setPreference(request.value, for: request.key, accountId: request.accountId.rawValue)
            return [:]
        case .appSetAuthOverrides:
            let request = try params.params(AuthOverridesParams.self)
            try actingApp().setAuthOverrides(clientId: request.clientId, authority: request.authority)
            return [:]
        case .appFileInfo:
            return JSONValue(encoding: try runningApp().fileInfo(name: try params.params(FileParams.self).name))
        case .appSwitchIdentity: return try switchIdentity(try params.params(SwitchIdentityParams.self))
        case .appOpenURL: return try receive(try params.params(AccountParams.self), document: false)
        case .appImportDocument: return try receive(try params.params(AccountParams.self), document: true)
        case .appShowWebContent:
            try actingApp().showWebContent(until: deadline)
            return [:]
        case .appSaveDocument:
            let request = try params.params(SaveDocumentParams.self)
            let saved = try actingApp().saveDocument(name: request.name, to: request.location,
                                                     signedInAs: request.accountId?.rawValue)
            return JSONValue(encoding: SaveDocumentResult(saved: saved))
        case .appOpenDocument:
            let request = try params.params(OpenDocumentParams.self)
            let opened = try actingApp().openDocument(from: request.location, signedInAs: request.accountId?.rawValue)
            return JSONValue(encoding: OpenDocumentResult(opened: opened))
        case .appNotify:
            let request = try params.params(NotifyParams.self)
            let result = try actingApp().notify(accountId: request.accountId.rawValue, title: request.title, body: request.body)
            return JSONValue(encoding: result)
        case .appCopy:
            let request = try params.params(CopyParams.self)
            try actingApp().copy(text: request.text, from: request.accountId.rawValue, until: deadline)
            return [:]
        case .appPaste:
            let text = try actingApp().paste(into: try params.params(AccountParams.self).accountId.rawValue, until: deadline)
            return JSONValue(encoding: PasteResult(text: text))
        case .deviceSetFaceID:
            try requireSession()
            try host.setFaceID(enrolled: try params.params(FaceIDParams.self).enrolled)
            return [:]
        case .deviceCopy:
            try requireSession()
            let request = try params.params(DeviceCopyParams.self)
            try host.copyFromOtherApp(request.text, managedApp: request.managedApp)
            return [:]
        case .devicePaste:
            try requireSession()
            let text = try host.pasteInOtherApp(managedApp: try params.params(DevicePasteParams.self).managedApp)
            return JSONValue(encoding: PasteResult(text: text))
        case .appReceiveShare:
            let request = try params.params(ReceiveShareParams.self)
            let result = try actingApp().receiveShare(text: request.text, owner: request.owner.rawValue, saveAs: request.saveAs,
                                                      until: deadline)
            return JSONValue(encoding: result)
        case .appShare:
            let targets = try actingApp().share(name: try params.params(ShareParams.self).name)
            return JSONValue(encoding: ShareResult(targets: targets))
        case .appOpenLink:
            let request = try params.params(OpenLinkParams.self)
            guard let url = URL(string: request.url), url.scheme != nil else {
                throw RPCError(.invalidParams, "url \"\(request.url)\" is not an absolute URL")
            }
            let opened = try actingApp().openLink(url, knownManagedApp: request.knownManagedApp ?? false)
            return JSONValue(encoding: OpenLinkResult(opened: opened))
        case .sdkRegisterAndEnroll:
            let accountId = try params.params(AccountParams.self).accountId.rawValue
            try actingCalls().registerAndEnrollAccountId(accountId)
            return [:]
        case .sdkDeregisterAndUnenroll:
            let request = try params.params(DeregisterParams.self)
            try actingCalls().deRegisterAndUnenrollAccountId(request.accountId.rawValue, withWipe: request.wipe)
            return [:]
        case .sdkLoginAndEnroll: return try loginAndEnroll(try params.params(LoginAndEnrollParams.self))
        case .sdkRegisteredAccounts: return try registeredAccounts()
        case .sdkEnrolledAccount: return try enrolledAccount()
        case .sdkAllowedAccounts: return try allowedAccounts()
        case .sdkAppConfig: return try appConfig(try params.params(AppConfigParams.self))
        case .sdkAppConfigValue: return try appConfigValue(try params.params(AppConfigValueParams.self))
        case .sdkPolicy: return try policy(accountId: try params.params(AccountParams.self).accountId.rawValue)
        case .sdkIsSaveToAllowed: return try isSaveToAllowed(try params.params(SaveToParams.self))
        case .sdkIsOpenFromAllowed: return try isOpenFromAllowed(try params.params(OpenFromParams.self))
        case .sdkIdentity: return try identity()
        case .sdkIsManaged: return try isManaged(try params.params(AccountParams.self).accountId.rawValue)
        case .sdkProtect: return try protect(try params.params(ProtectParams.self))
        case .sdkSetValuesToScrub:
            SDKSpelling.setValuesToScrubFromLogging(try params.params(ScrubValuesParams.self).values, on: try runningSDK())
            return [:]
        case .deviceManagedConfigChanged: return try managedConfigChanged()
        case .deviceSetJailbroken:
            try requireSession()
            try host.setJailbroken(try params.params(JailbreakParams.self).jailbroken)
            return [:]
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
    /// instead of an SDK that is terminating and would drop it.
    func actingApp() throws(RPCError) -> Host.App {
        try requireSession()
        guard let app = host.settledApp(until: deadline) else { throw Self.notRunning }
        return app
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
