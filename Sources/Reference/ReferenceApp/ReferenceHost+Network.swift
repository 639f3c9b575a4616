import AdapterKit
import AdapterProtocol
import Foundation
import IntuneBinding
import ReferenceSDK
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a listening reference host does that a stdio one does not: reset between cases, and restart the app
/// the way a device does, by ending the process.
extension ReferenceHost {
    /// Builds the simulated device for a case; on a listening host with `--relaunch exec` its restarts end the
    /// process.
    func makeDevice(environment: AppEnvironment, session: BindingSession, request: InitializeParams) -> ReferenceDevice {
        var relauncher: (@Sendable (RestartReason) -> Never)?
        if options.listenPort != nil, options.relaunch == .exec {
            relauncher = { [self] reason in relaunchProcess(reason: reason, request: request) }
        }
        return ReferenceDevice(environment: environment, session: session, capabilities: Set(options.capabilities),
                               sdkDefects: options.mutant?.sdkDefects ?? [], appDefects: options.mutant?.appDefects ?? [],
                               sdkVariants: options.sdkVariants, appVariants: options.appVariants, relauncher: relauncher)
    }

    /// `reset`: the simulated device's "uninstall". The app and its SDK runtime stop (accounts are signed out
    /// without any wipe or unenrollment reaching the backend, whose tenant belongs to an earlier case), the app's
    /// container is emptied, and a fresh device with the same settings waits for `app.launch`.
    func reset() throws(RPCError) {
        let current = currentDevice
        current?.shutdown()
        // Work the SDK had begun (an enrollment's HTTP, say) still ends by writing its state: emptying the container
        // under it raced with those writes and failed the reset, seen under load after a sync answered too early.
        if let current, !current.sdkWork.waitUntilIdle(deadline: .now() + current.session.questionTimeout.inSeconds) {
            current.events.log(.warning, "the SDK did not become idle before reset emptied the app's container")
        }
        let dataDirectory = current?.environment.dataDirectory
            ?? processEnvironment["MAMCONF_DATA_DIR"].map { URL(fileURLWithPath: $0) }
        if let dataDirectory {
            let fileManager = FileManager.default
            for entry in (try? fileManager.contentsOfDirectory(atPath: dataDirectory.path)) ?? [] {
                do { try fileManager.removeItem(at: dataDirectory.appendingPathComponent(entry)) } catch {
                    throw RPCError(code: RPCError.actionFailed, message: "cannot empty the app's data directory: \(error)")
                }
            }
        }
        if let current {
            let fresh = ReferenceDevice(
                environment: current.environment, session: current.session, capabilities: current.capabilities,
                sdkDefects: current.sdkDefects, appDefects: current.appDefects, sdkVariants: current.sdkVariants,
                appVariants: current.appVariants, relauncher: current.relauncher)
            device.withLock { $0 = fresh }
        }
    }

    /// Ends this process for a restart: the app was terminated already; what the next process needs to carry on
    /// (the case's `initialize`, the virtual clock, why it restarts) goes into the data directory, the runner is
    /// told, and the same program is executed again with the port it bound, as a device launches the app again.
    func relaunchProcess(reason: RestartReason, request: InitializeParams) -> Never {
        relaunching.withLock { $0 = true }
        let current = currentDevice
        if let current {
            var carried = request
            if let clock = current.virtualClock { carried.clock.now = ISOTime.format(clock.now) }
            let record = RelaunchRecord(initialize: carried, reason: reason, lastPromptedUPN: current.lastPromptedUPN)
            do { try record.write(in: current.environment.dataDirectory) } catch {
                current.events.log(.error, "cannot keep the relaunch record: \(error)")
            }
        }
        var arguments = CommandLine.arguments
        if let server = server.withLock({ $0 }) {
            server.relaunch(reason: reason)
            if let port = server.boundPort, let dataDir = processEnvironment["MAMCONF_DATA_DIR"] {
                arguments = [arguments[0]] + ReferenceOptions.relaunchArguments(Array(arguments.dropFirst()), port: port, dataDirectory: dataDir)
            }
        }
        let argv = arguments.map { strdup($0) } + [nil]
        // The new image inherits this thread's signal mask, and a dispatch worker blocks nearly every signal: left
        // so, the relaunched host would ignore SIGTERM and Ctrl-C for ever.
        var nothingBlocked = sigset_t()
        sigemptyset(&nothingBlocked)
        pthread_sigmask(SIG_SETMASK, &nothingBlocked, nil)
        #if os(Linux)
        let program = "/proc/self/exe"
        #else
        let program = arguments[0]
        #endif
        Self.closeOnExec()
        execv(program, argv)
        StandardStreams.write("mamconf-reference: relaunch failed: \(String(cString: strerror(errno)))\n", to: STDERR_FILENO)
        exit(1)
    }

    /// Marks every descriptor but standard input, output and error close-on-exec. The new image knows nothing of the
    /// old one's descriptors (libcurl's connections to the backend and its wake-up socket pairs, opened without it):
    /// inherited, they stayed open for the host's whole life. A full run left about 1,200 of them behind (1,900 before
    /// the object leaks fixed beside this one), and the host ran out (20,000 here) after some ten runs and then failed
    /// every case.
    static func closeOnExec() {
        #if os(Linux)
        let listing = "/proc/self/fd"
        #else
        let listing = "/dev/fd"
        #endif
        guard let directory = opendir(listing) else { return }
        defer { closedir(directory) }
        let own = dirfd(directory)
        var descriptors: [Int32] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if let fd = Int32(name), fd > 2, fd != own { descriptors.append(fd) }
        }
        for fd in descriptors {
            let flags = fcntl(fd, F_GETFD)
            if flags >= 0 { _ = fcntl(fd, F_SETFD, flags | FD_CLOEXEC) }
        }
    }

    /// The record a previous process left when it ended for a restart, taken (used once).
    func takeRelaunchRecord() -> RelaunchRecord? {
        guard let dataDir = processEnvironment["MAMCONF_DATA_DIR"] else { return nil }
        return RelaunchRecord.take(from: URL(fileURLWithPath: dataDir))
    }

    /// Launches the app of the case the previous process had, announcing `restarted`.
    func launchAfterRelaunch(_ record: RelaunchRecord) {
        guard let current = currentDevice else { return }
        current.lastPromptedUPN = record.lastPromptedUPN
        _ = current.launch(relaunched: record.reason)
    }
}

/// What a listening host's next process needs to carry on a case after a restart ended the previous one.
struct RelaunchRecord: Codable {
    static let fileName = "relaunch.json"

    /// The case's `initialize`, its clock moved to the virtual time the previous process had reached.
    var initialize: InitializeParams
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
