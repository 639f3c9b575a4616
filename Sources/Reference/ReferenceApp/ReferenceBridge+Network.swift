import AdapterKit
import AdapterProtocol
import Foundation
import ReferenceSDK
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a listening reference host does that a stdio one does not: reset between cases, and restart the app
/// the way a device does, by ending the process.
extension ReferenceBridge {
    /// Whether the process is about to be replaced by its relaunch (the caller must not exit meanwhile).
    public var isRelaunching: Bool { relaunching.withLock { $0 } }

    /// Builds the simulated device for a case; on a listening host with `--relaunch exec` its restarts end the
    /// process.
    func makeDevice(environment: AppEnvironment, channel: AdapterServer, initializeParams: JSONValue) -> ReferenceDevice {
        var relauncher: (@Sendable (RestartReason) -> Never)?
        if options.listenPort != nil, options.relaunch == .exec {
            relauncher = { [self] reason in relaunchProcess(reason: reason, initializeParams: initializeParams, server: channel) }
        }
        return ReferenceDevice(environment: environment, channel: channel, capabilities: Set(options.capabilities),
                               sdkDefects: options.mutant?.sdkDefects ?? [], appDefects: options.mutant?.appDefects ?? [],
                               relauncher: relauncher)
    }

    /// `reset`: the app as freshly installed. The simulated device's "uninstall": the app and its SDK runtime
    /// stop (accounts are signed out without any wipe or unenrollment reaching the backend), the app's container
    /// is emptied, and a fresh device with the same settings waits for `app.launch`.
    func reset() throws(RPCError) -> JSONValue {
        let current = device.withLock { $0 }
        current?.shutdown()
        let dataDirectory = current?.environment.dataDirectory
            ?? processEnvironment["MAMCONF_DATA_DIR"].map { URL(fileURLWithPath: $0) }
        if let dataDirectory {
            do {
                let fileManager = FileManager.default
                for entry in (try? fileManager.contentsOfDirectory(atPath: dataDirectory.path)) ?? [] {
                    try fileManager.removeItem(at: dataDirectory.appendingPathComponent(entry))
                }
            } catch {
                throw Self.failed("cannot empty the app's data directory: \(error)")
            }
        }
        if let current {
            let fresh = ReferenceDevice(
                environment: current.environment, channel: current.channel, capabilities: current.capabilities,
                sdkDefects: current.sdkDefects, appDefects: current.appDefects, questionTimeout: current.questionTimeout,
                relauncher: current.relauncher)
            device.withLock { $0 = fresh }
        }
        return [:]
    }

    /// Ends this process for a restart: the app was terminated already; what the next process needs to carry on
    /// (the case's `initialize`, the virtual clock, why it restarts) goes into the data directory, the runner is
    /// told, and the same program is executed again, as a device would launch the app again.
    func relaunchProcess(reason: RestartReason, initializeParams: JSONValue, server: AdapterServer) -> Never {
        relaunching.withLock { $0 = true }
        let current = device.withLock { $0 }
        if let current {
            let record = RelaunchRecord(
                initialize: initializeParams, clockNow: current.virtualClock.map { ISOTime.format($0.now) },
                reason: reason, lastPromptedUPN: current.lastPromptedUPN)
            do { try record.write(in: current.environment.dataDirectory) } catch {
                current.events.log(.error, "cannot keep the relaunch record: \(error)")
            }
        }
        server.relaunch(reason: reason)
        var arguments = CommandLine.arguments
        if let port = server.boundPort, let dataDir = processEnvironment["MAMCONF_DATA_DIR"] {
            arguments = [arguments[0]] + ReferenceOptions.relaunchArguments(Array(arguments.dropFirst()), port: port, dataDirectory: dataDir)
        }
        let argv = arguments.map { strdup($0) } + [nil]
        #if os(Linux)
        let program = "/proc/self/exe"
        #else
        let program = arguments[0]
        #endif
        execv(program, argv)
        StandardStreams.write("mamconf-reference: relaunch failed: \(String(cString: strerror(errno)))\n", to: STDERR_FILENO)
        exit(1)
    }

    /// On a listening host's start: when the previous process ended for a restart, carries on its case (the
    /// runner reconnects and sees the app's `restarted` event, queued until then).
    public func resumeAfterRelaunch(server: AdapterServer) {
        guard let dataDir = processEnvironment["MAMCONF_DATA_DIR"] else { return }
        let directory = URL(fileURLWithPath: dataDir)
        guard let record = RelaunchRecord.take(from: directory) else { return }
        do {
            var environment = try AppEnvironment.fromInitialize(record.initialize, environment: processEnvironment)
            if let now = record.clockNow.flatMap(ISOTime.parse), case .virtual = environment.clockMode {
                environment.clockMode = .virtual(start: now)
            }
            let created = makeDevice(environment: environment, channel: server, initializeParams: record.initialize)
            created.lastPromptedUPN = record.lastPromptedUPN
            device.withLock { $0 = created }
            _ = created.launch(relaunched: record.reason)
        } catch {
            StandardStreams.write("mamconf-reference: cannot resume after the relaunch: \(error)\n", to: STDERR_FILENO)
        }
    }
}

/// What a listening host's next process needs to carry on a case after a restart ended the previous one.
struct RelaunchRecord: Codable {
    static let fileName = "relaunch.json"

    var initialize: JSONValue
    var clockNow: String?
    var reason: RestartReason
    var lastPromptedUPN: String?

    func write(in directory: URL) throws {
        let data = try JSONEncoder().encode(self)
        try data.write(to: directory.appendingPathComponent(Self.fileName), options: .atomic)
    }

    /// Reads and removes the record, so it is used once.
    static func take(from directory: URL) -> RelaunchRecord? {
        let url = directory.appendingPathComponent(fileName)
        guard let data = try? Data(contentsOf: url) else { return nil }
        try? FileManager.default.removeItem(at: url)
        return try? JSONDecoder().decode(RelaunchRecord.self, from: data)
    }
}
