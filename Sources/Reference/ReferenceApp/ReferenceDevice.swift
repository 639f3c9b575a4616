import AdapterKit
import AdapterProtocol
import Foundation
import IntuneBinding
import Locking
import ReferenceSDK

/// The simulated phone: runs one app process at a time from the per-case data directory, and restarts it
/// in-process (terminate the runtime, build a fresh app and runtime from the data directory, launch).
///
/// It outlives every app instance, so it owns what a real device would keep across app launches: the
/// clock, the work counters that make `sync` possible, and the case's binding session (the line to the runner).
final class ReferenceDevice: Sendable {
    let environment: AppEnvironment
    let session: BindingSession
    var events: BindingEvents { session.events }
    let capabilities: Set<Capability>
    let sdkDefects: Set<SDKDefect>
    let appDefects: Set<AppDefect>
    let sdkVariants: Set<SDKVariant>
    let appVariants: Set<AppVariant>
    /// The integration rules the app follows, with `appDefects` planted and `appVariants` read: what its flows ask.
    let appRules: AppRules
    /// The SDK's work, shared by every runtime this device builds.
    let sdkWork: MAMWorkTracker
    /// App work outside the SDK's queue (self-scheduled restarts).
    let appWork: AppWorkTracker
    let clock: any MAMClock
    /// Set when time is virtual (`clock.advance` works).
    let virtualClock: VirtualClock?
    /// Set on a listening host that restarts the app the way a device does: by ending the process (it never
    /// returns). Nil restarts the app inside this process.
    let relauncher: (@Sendable (RestartReason) -> Never)?

    private struct State {
        var current: ReferenceApp?
        var shutDown = false
        /// The UPN the user typed into the SDK's last sign-in prompt (for `addAccountId`).
        var lastPromptedUPN: String?
        /// A launch, restart or shutdown is under way (they run one at a time).
        var changing = false
    }

    private let state = Locked(State())
    /// Lets runner requests wait out a restart in progress.
    private let restartGate = RestartGate()

    init(environment: AppEnvironment, session: BindingSession, capabilities: Set<Capability>,
         sdkDefects: Set<SDKDefect>, appDefects: Set<AppDefect>, sdkVariants: Set<SDKVariant> = [],
         appVariants: Set<AppVariant> = [], relauncher: (@Sendable (RestartReason) -> Never)? = nil) {
        self.relauncher = relauncher
        self.environment = environment
        self.session = session
        self.capabilities = capabilities
        self.sdkDefects = sdkDefects
        self.appDefects = appDefects
        self.sdkVariants = sdkVariants
        self.appVariants = appVariants
        appRules = AppRules(breaking: appDefects, reading: appVariants)
        let appWork = AppWorkTracker()
        let sdkWork = MAMWorkTracker()
        self.appWork = appWork
        self.sdkWork = sdkWork
        if case .virtual(let start) = environment.clockMode, capabilities.contains(.virtualClock) {
            let clock = VirtualClock(now: start, idleWaiter: { deadline in
                appWork.waitUntilIdle(with: sdkWork, deadline: Self.date(of: deadline))
            })
            self.virtualClock = clock
            self.clock = clock
        } else {
            self.virtualClock = nil
            self.clock = SystemClock()
        }
    }

    /// The wall-clock instant of a dispatch deadline (the trackers take either).
    static func date(of deadline: DispatchTime) -> Date {
        let now = DispatchTime.now().uptimeNanoseconds
        let target = deadline.uptimeNanoseconds
        return Date().addingTimeInterval(target > now ? Double(target - now) / 1e9 : 0)
    }

    /// The running app, if any.
    var currentApp: ReferenceApp? { state.withLock { $0.current } }

    /// The running app once no restart is in progress (a scheduled self-restart, or an SDK relaunch whose
    /// old runtime already terminated), waiting until `deadline` at most; nil when none runs. The app is held for
    /// the action until ``actionEnded()``: a restart the app schedules meanwhile waits for it.
    func settledApp(until deadline: Date) -> ReferenceApp? {
        let settled = restartGate.actionBegins(deadline: deadline) { [state] in
            state.withLock { s in !s.shutDown && s.current?.runtime.isTerminated == true }
        }
        if !settled { events.log(.warning, "the app was still restarting when a request arrived") }
        guard let app = currentApp else {
            actionEnded()  // nothing to hold: the caller ends no action on no app
            return nil
        }
        return app
    }

    /// The action that asked for ``settledApp(until:)`` was answered.
    func actionEnded() {
        restartGate.actionEnded()
    }

    func supports(_ capability: Capability) -> Bool { capabilities.contains(capability) }

    var lastPromptedUPN: String? {
        get { state.withLock { $0.lastPromptedUPN } }
        set { state.withLock { $0.lastPromptedUPN = newValue } }
    }

    // MARK: Device states: jailbreak (CL-01), Face ID (CL-05)

    /// What the SDK's jailbreak detection finds.
    var isJailbroken: Bool { hasMarker("device-jailbroken") }

    /// `device.setJailbroken`.
    func setJailbroken(_ jailbroken: Bool) throws(RPCError) {
        try setMarker("device-jailbroken", jailbroken, what: "the jailbreak state")
    }

    /// Whether Face ID is enrolled.
    var isFaceIDEnrolled: Bool { hasMarker("device-face-id") }

    /// `device.setFaceID`.
    func setFaceID(enrolled: Bool) throws(RPCError) {
        try setMarker("device-face-id", enrolled, what: "the Face ID state")
    }

    /// A yes/no state of the device is a file in the case's data directory, so it survives the app's restarts,
    /// in-process or (a listening host) across `exec`.
    private func hasMarker(_ name: String) -> Bool {
        FileManager.default.fileExists(atPath: environment.dataDirectory.appendingPathComponent(name).path)
    }

    private func setMarker(_ name: String, _ on: Bool, what: String) throws(RPCError) {
        let marker = environment.dataDirectory.appendingPathComponent(name)
        do {
            if on {
                try Data().write(to: marker)
            } else if hasMarker(name) {
                try FileManager.default.removeItem(at: marker)
            }
        } catch {
            throw RPCError(code: RPCError.actionFailed, message: "cannot record \(what): \(error)")
        }
    }

    // MARK: Pasteboard (IDS-12)

    /// The general pasteboard: a file in the case's data directory, so it survives the app's restarts.
    private var pasteboardFile: URL { environment.dataDirectory.appendingPathComponent("device-pasteboard.json") }

    var pasteboard: IntuneMAMPasteboardItem? {
        get { (try? Data(contentsOf: pasteboardFile)).flatMap { try? JSONDecoder().decode(IntuneMAMPasteboardItem.self, from: $0) } }
        set {
            guard let newValue, let data = try? JSONEncoder().encode(newValue) else {
                try? FileManager.default.removeItem(at: pasteboardFile)
                return
            }
            try? data.write(to: pasteboardFile, options: .atomic)
        }
    }

    // MARK: Lifecycle

    /// Launch, restart and shutdown run one at a time: each waits until the one under way has finished. Not
    /// held while waiting for the SDK or the runner.
    private func beginChange() {
        _ = state.wait(until: .distantFuture) { state -> Bool? in
            guard !state.changing else { return nil }
            state.changing = true
            return true
        }
    }

    private func endChange() {
        state.withLock { $0.changing = false }
    }

    /// Starts the app unless it is already running; returns the running app.
    ///
    /// - Parameter relaunched: the reason, when this launch continues a restart that ended the previous
    ///   process (a listening host after `exec`): the app announces `restarted` instead of `launched`.
    func launch(relaunched: RestartReason? = nil) -> ReferenceApp? {
        beginChange()
        defer { endChange() }
        let (running, shutDown) = state.withLock { ($0.current, $0.shutDown) }
        guard !shutDown else { return nil }
        if let running { return running }
        let app = ReferenceApp(device: self)
        state.withLock { $0.current = app }
        restartGate.appChanged()
        app.start(announcing: relaunched.map { AppEvent(kind: .restarted, reason: AppEventReason($0)) } ?? AppEvent(kind: .launched))
        return app
    }

    /// Terminates the running app (if any) and launches a fresh one from the data directory.
    ///
    /// - Parameter replacing: restart only if this app is still the running one (a restart scheduled by an
    ///   app instance the SDK already relaunched must not restart its successor).
    @discardableResult
    func restart(reason: RestartReason, replacing expected: ReferenceApp? = nil) -> ReferenceApp? {
        beginChange()
        defer { endChange() }
        let (old, shutDown) = state.withLock { ($0.current, $0.shutDown) }
        guard !shutDown else { return nil }
        if let expected, old !== expected {
            events.log(.info, "restart (\(reason.rawValue)) skipped: the app was already restarted")
            return old
        }
        old?.terminate()
        if let relauncher {
            // A device ends the app's process: only the data directory survives into the next one.
            relauncher(reason)
        }
        let app = ReferenceApp(device: self)
        state.withLock { $0.current = app }
        restartGate.appChanged()
        app.start(announcing: AppEvent(kind: .restarted, reason: AppEventReason(reason)))
        return app
    }

    // MARK: issue 27: the app updated in place and reinstalled (UPG, RIN)

    /// `app.update`: the update build replaces the app, which restarts as it; the data directory, and the keychain in
    /// it, stay (UPG-01). The build is recorded before the old app ends, so on a listening host that ends its process
    /// for a restart (`--relaunch exec`) the next process runs the update, as on a device; the old runtime's
    /// configuration was read at its launch, so nothing of the new build runs in it.
    func update(toSDKVersion version: String?) throws(RPCError) -> ReferenceApp? {
        let next = try InstalledBuild.installed(in: environment.dataDirectory).update(toSDKVersion: version)
        try next.install(in: environment.dataDirectory)
        events.log(.info, "the app is updated in place to SDK \(next.sdkVersion) (app \(next.appVersion))")
        return restart(reason: .runner)
    }

    /// `app.reinstall`: the app ends, its container is emptied but for what an uninstall leaves on the device (the
    /// keychain, the installed build, the device's own states), and it waits, not running, for `app.launch` (RIN-01).
    func reinstall() throws(RPCError) {
        guard stopApp() else { return }
        let fileManager = FileManager.default
        let directory = environment.dataDirectory
        for entry in (try? fileManager.contentsOfDirectory(atPath: directory.path)) ?? [] where !Self.survivesUninstall(entry) {
            do { try fileManager.removeItem(at: directory.appendingPathComponent(entry)) } catch {
                throw RPCError(code: RPCError.actionFailed, message: "cannot delete the app's data: \(error)")
            }
        }
        events.log(.info, "the app was deleted and installed again; its keychain stayed")
    }

    /// What of the case's data directory is the device's rather than the app's container: the keychain (which
    /// iOS keeps across an uninstall), the installed build, and the device states (jailbreak, Face ID, pasteboard).
    static func survivesUninstall(_ entry: String) -> Bool {
        entry == IntuneMAMRuntimeConfiguration.keychainDirectoryName || entry == InstalledBuild.fileName
            || entry.hasPrefix("device-")
    }

    /// Terminates the running app, if any, leaving none running; false when the device was shut down.
    private func stopApp() -> Bool {
        beginChange()
        defer { endChange() }
        let (old, shutDown) = state.withLock { s -> (ReferenceApp?, Bool) in
            defer { if !s.shutDown { s.current = nil } }
            return (s.current, s.shutDown)
        }
        guard !shutDown else { return false }
        old?.terminate()
        restartGate.appChanged()
        return true
    }

    /// The app agreed to restart itself: restart once the SDK callback that asked has returned.
    ///
    /// Called on the SDK's work queue, which must not wait for itself: the restart runs on a dedicated
    /// thread that first waits until the runner's actions under way are answered (one the runner sent on
    /// seeing the policy's status can still be writing through the old runtime) and the SDK's queue is idle,
    /// then replaces the app. Counted as app work, so `sync` and `clock.advance` wait for it.
    func scheduleSelfRestart(of app: ReferenceApp) {
        appWork.enter()
        restartGate.restartScheduled()
        let sdkWork = self.sdkWork
        let thread = Thread { [self] in
            defer {
                restartGate.restartFinished()
                appWork.leave()
            }
            let deadline = Date().addingTimeInterval(session.questionTimeout.inSeconds)
            if !restartGate.waitForActions(deadline: deadline) {
                events.log(.warning, "a runner action was still under way when the app restarted itself")
            }
            if !sdkWork.waitUntilIdle(deadline: .now() + max(0, deadline.timeIntervalSinceNow)) {
                events.log(.warning, "the SDK did not become idle before the app restarted itself")
            }
            restart(reason: .app, replacing: app)
        }
        thread.name = "reference-app.restart"
        thread.start()
    }

    /// Runs `work` on a dedicated thread once the SDK's queue is idle (the SDK has finished what it was doing when
    /// it called the app), counted as app work so `sync` waits for it.
    func afterSDKFinishes(_ name: String, _ work: @escaping @Sendable () -> Void) {
        appWork.enter()
        let sdkWork = self.sdkWork
        let thread = Thread { [self] in
            defer { appWork.leave() }
            if !sdkWork.waitUntilIdle(deadline: .now() + session.questionTimeout.inSeconds) {
                events.log(.warning, "the SDK did not become idle before the app's \(name)")
            }
            work()
        }
        thread.name = "reference-app.after-sdk"
        thread.start()
    }

    /// Terminates the app for good (protocol `shutdown`).
    func shutdown() {
        beginChange()
        defer { endChange() }
        let app = state.withLock { s -> ReferenceApp? in
            s.shutDown = true
            defer { s.current = nil }
            return s.current
        }
        app?.terminate()
        restartGate.appChanged()
    }

    /// Blocks until neither the SDK nor the app has work (events all sent), or until `deadline`.
    func waitUntilIdle(deadline: Date) -> Bool {
        appWork.waitUntilIdle(with: sdkWork, deadline: deadline)
    }
}
