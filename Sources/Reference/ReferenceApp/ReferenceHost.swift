import AdapterKit
import AdapterProtocol
import Foundation
import IntuneBinding
import Locking
import ReferenceSDK

/// The reference's test host: one simulated phone (``ReferenceDevice``) per case, built at `initialize` from the
/// runner's settings and the command line's mutant.
final class ReferenceHost: IntuneBindingHost {
    let options: ReferenceOptions
    let processEnvironment: [String: String]
    private let idleTimeout: Double
    let device = Locked<ReferenceDevice?>(nil)
    /// The server the runner reaches this host through (a listening host's restarts end the process through it).
    let server = Locked<AdapterServer?>(nil)
    /// Set once a relaunch has begun: the process is about to be replaced and must not exit meanwhile.
    let relaunching = Locked(false)

    init(options: ReferenceOptions, environment: [String: String], idleTimeout: Double) {
        self.options = options
        self.processEnvironment = environment
        self.idleTimeout = idleTimeout
    }

    var currentDevice: ReferenceDevice? { device.withLock { $0 } }

    func initialize(_ request: InitializeParams, session: BindingSession) throws(RPCError) {
        let environment = try AppEnvironment.fromInitialize(request, environment: processEnvironment)
        do {
            try FileManager.default.createDirectory(at: environment.dataDirectory, withIntermediateDirectories: true)
        } catch {
            throw RPCError(code: RPCError.actionFailed, message: "cannot create the data directory: \(error)")
        }
        let created = makeDevice(environment: environment, session: session, request: request)
        let previous = device.withLock { current -> ReferenceDevice? in
            defer { current = created }
            return current
        }
        previous?.shutdown()
        if let mutant = options.mutant {
            session.events.log(.info, "mutant \(mutant.name) is on")
        }
        for variant in options.variants {
            session.events.log(.info, "variant \(variant.name) is on")
        }
    }

    func shutdown() {
        currentDevice?.shutdown()
    }

    func setJailbroken(_ jailbroken: Bool) throws(RPCError) {
        let device = try initializedDevice()
        try device.setJailbroken(jailbroken)
    }

    func setFaceID(enrolled: Bool) throws(RPCError) {
        let device = try initializedDevice()
        try device.setFaceID(enrolled: enrolled)
    }

    func copyFromOtherApp(_ text: String, managedApp: Bool) throws(RPCError) {
        let device = try initializedDevice()
        device.pasteboard = IntuneMAMPasteboardItem(clipText: text, owner: nil, outboundLevel: .allApps, fromManagedApp: managedApp)
    }

    func pasteInOtherApp(managedApp: Bool) throws(RPCError) -> String? {
        let device = try initializedDevice()
        return device.pasteboard?.pasted(intoManagedApp: managedApp)
    }

    /// The case's device; the device actions need `initialize` first.
    private func initializedDevice() throws(RPCError) -> ReferenceDevice {
        guard let device = currentDevice else { throw RPCError(code: RPCError.actionFailed, message: "initialize was not called") }
        return device
    }

    func waitUntilIdle(deadline: Date) -> Bool {
        currentDevice?.waitUntilIdle(deadline: deadline) ?? true
    }

    var hasVirtualClock: Bool { currentDevice?.virtualClock != nil }

    func advanceClock(by seconds: Double, idleTimeout: Double) -> Date? {
        guard let device = currentDevice, let clock = device.virtualClock else { return nil }
        let settled = clock.advance(by: seconds, idleTimeout: idleTimeout)
            && device.waitUntilIdle(deadline: Date().addingTimeInterval(idleTimeout))
        return settled ? clock.now : nil
    }

    func launch() -> ReferenceApp? {
        currentDevice?.launch()
    }

    func restart() -> ReferenceApp? {
        currentDevice?.restart(reason: .runner)
    }

    func update(toSDKVersion sdkVersion: String?) throws(RPCError) -> ReferenceApp? {
        try initializedDevice().update(toSDKVersion: sdkVersion)
    }

    func reinstall() throws(RPCError) {
        try initializedDevice().reinstall()
    }

    var runningApp: ReferenceApp? { currentDevice?.currentApp }

    func settledApp(until deadline: Date) -> ReferenceApp? {
        currentDevice?.settledApp(until: deadline)
    }

    func actionEnded(on app: ReferenceApp) {
        app.device.actionEnded()
    }

    func snapshot(of app: ReferenceApp?) -> AppSnapshot {
        guard let device = currentDevice else {
            return AppSnapshot(launched: false, ready: false, signedInAccounts: [], managedAccountId: nil,
                               corporateDataVisible: false, data: IdentityMap([:]))
        }
        return AppStateSnapshot.make(app: app, device: device)
    }
}
