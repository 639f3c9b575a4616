import AdapterKit
import AdapterProtocol
import Foundation

/// The vendor's test host: everything about the app's lifecycle the binding cannot know (how a case's data is
/// set up, how the app is launched and restarted, how time and idleness are measured).
///
/// The binding calls it on the adapter server's handler queue, one request at a time; blocking is allowed.
public protocol IntuneBindingHost: AnyObject, Sendable {
    /// The host's app instances.
    associatedtype App: BoundApp

    /// `initialize`: set the case up from the runner's settings (data directory, Info.plist settings, tenant
    /// endpoints, clock). `session` is the case's line to the runner; the host's app instances install its
    /// delegates at every launch (``BindingSession/install(on:)``). A previous case's app is shut down.
    func initialize(_ request: InitializeParams, session: BindingSession) throws(RPCError)

    /// `shutdown` (and end of input): terminate the app for good.
    func shutdown()

    /// `reset` (network transport, after `initialize`): return the app to a fresh install before the case's
    /// first step. Sign every account out *without* wipe (`deRegisterAndUnenrollAccountId(_:withWipe: false)`),
    /// clear the app's and the SDK's state and the app's data, and return once the app is as if freshly installed
    /// and not running. A host that cannot do this must not declare the `reset` capability; the runner then
    /// refuses to serve cases from it over the network.
    func reset() throws(RPCError)

    /// `device.setJailbroken`: from now on (also across restarts of the case) the SDK's jailbreak detection finds
    /// the device jailbroken or not (CL-01).
    func setJailbroken(_ jailbroken: Bool) throws(RPCError)

    /// `sync`: block until the app and its SDK have no work left (every event sent), or `deadline`.
    func waitUntilIdle(deadline: Date) -> Bool

    /// Whether `clock.advance` works (the runner asked for virtual time and the host offers it).
    var hasVirtualClock: Bool { get }

    /// `clock.advance`: move the virtual clock by `seconds` and wait until the work that became due ran, at
    /// most `idleTimeout` seconds; the new time, or nil when the work did not finish.
    func advanceClock(by seconds: Double, idleTimeout: Double) -> Date?

    /// `app.launch`: start the app unless it runs; the running app, nil when the host was shut down.
    func launch() -> App?

    /// `app.restart`: terminate the app and launch it again; nil when the host was shut down.
    func restart() -> App?

    /// The app running now, for queries (whichever instance: they read persisted state either way).
    var runningApp: App? { get }

    /// The app running once any restart in progress finished, for actions (so an action reaches the new
    /// instance, as it would reach the new process on a device), waiting until `deadline` at most.
    ///
    /// The app is the action's until ``actionEnded(on:)``: a host whose app restarts itself in-process must not
    /// replace it before then, or the action's last writes go to an SDK that is gone.
    func settledApp(until deadline: Date) -> App?

    /// The request whose action asked for `app` through ``settledApp(until:)`` was answered. Called once for
    /// each such call.
    func actionEnded(on app: App)

    /// `app.state` and the answer to launches: what the app shows (`app` nil = not running: from disk).
    func snapshot(of app: App?) -> AppSnapshot

    /// `device.setFaceID`: the device has Face ID enrolled (or not) from now on (CL-05).
    func setFaceID(enrolled: Bool) throws(RPCError)

    /// `device.copy`: another app (managed or not) puts `text` on the general pasteboard (IDS-12).
    func copyFromOtherApp(_ text: String, managedApp: Bool) throws(RPCError)

    /// `device.paste`: the text another app (managed or not) gets when it pastes now; nil when kept out (IDS-12).
    func pasteInOtherApp(managedApp: Bool) throws(RPCError) -> String?

    // issue 27: the app updated in place and reinstalled (UPG, RIN)

    /// `app.update`: terminate the app, replace it by the update build (the one linking SDK `sdkVersion` when
    /// given) keeping its data directory and keychain, and launch it; nil when the host was shut down (UPG-01).
    func update(toSDKVersion sdkVersion: String?) throws(RPCError) -> App?

    /// `app.reinstall`: terminate the app, delete it with its data, and install the same build again without
    /// launching it, keeping what the platform keeps across an uninstall (the iOS keychain) (RIN-01).
    func reinstall() throws(RPCError)
}

extension IntuneBindingHost {
    /// `device.setJailbroken`: a host on a real device cannot fake a jailbreak; it must then not declare
    /// `device.jailbreak`.
    public func setJailbroken(_ jailbroken: Bool) throws(RPCError) {
        throw RPCError.unsupported(.deviceJailbreak, "this test host cannot make the device look jailbroken")
    }

    /// `device.setFaceID`: a host that cannot enrol a face must not declare `device.faceID`.
    public func setFaceID(enrolled: Bool) throws(RPCError) {
        throw RPCError.unsupported(.deviceFaceID, "this test host cannot enrol Face ID")
    }

    /// `device.copy`: a host on a real device cannot play other apps; it must then not declare `clipboard`.
    public func copyFromOtherApp(_ text: String, managedApp: Bool) throws(RPCError) {
        throw RPCError.unsupported(.clipboard, "this test host cannot play other apps")
    }

    /// `device.paste`: see ``copyFromOtherApp(_:managedApp:)``.
    public func pasteInOtherApp(managedApp: Bool) throws(RPCError) -> String? {
        throw RPCError.unsupported(.clipboard, "this test host cannot play other apps")
    }

    /// `app.update`: a host with one build only must not declare `app.update`.
    public func update(toSDKVersion sdkVersion: String?) throws(RPCError) -> App? {
        throw RPCError.unsupported(.appUpdate, "this test host has no second build to update the app to")
    }

    /// `app.reinstall`: a host on a platform that keeps nothing across an uninstall must not declare `app.reinstall`.
    public func reinstall() throws(RPCError) {
        throw RPCError.unsupported(.appReinstall, "this test host cannot reinstall the app keeping its keychain")
    }

    /// A host whose app restarts itself by ending its process (as on a device) has nothing to hold.
    public func actionEnded(on app: App) {}

    /// A host that runs one process per case (over stdio) need not reset; it must then not declare `reset`.
    public func reset() throws(RPCError) {
        throw RPCError.unsupported(.reset, "this test host does not reset between cases")
    }
}
