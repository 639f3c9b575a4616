// mamconf-reference: the bundled reference integration (simulated Intune SDK + minimal app + bridge),
// speaking the mamconf adapter protocol on stdin/stdout. Logs go to stderr only; stdout is the protocol.
import AdapterKit
import AdapterProtocol
import CForkServer
import Foundation
import ReferenceApp
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes one line to stderr (the runner keeps it in the case transcript).
func printError(_ text: String) {
    StandardStreams.write((text + "\n"), to: STDERR_FILENO)
}

/// The options from `arguments`, or the usage and exit code 2.
func parsedOptions(_ arguments: [String]) -> ReferenceOptions {
    do {
        return try ReferenceOptions.parse(arguments)
    } catch {
        printError("mamconf-reference: \(error)")
        printError(ReferenceOptions.usage)
        exit(2)
    }
}

var options = parsedOptions(Array(CommandLine.arguments.dropFirst()))

if options.showHelp {
    print(ReferenceOptions.usage)
    exit(0)
}

options.simulateSDKVersion()

if options.listMutants {
    for mutant in ReferenceMutant.available(in: options.edition) { print(mutant.listingLine) }
    exit(0)
}

if options.listVariants {
    for variant in ReferenceVariant.available(in: options.edition) { print(variant.listingLine) }
    exit(0)
}

if options.forkServer {
    // Paid once here, inherited by every case: what a first case would otherwise pay again in each process.
    ReferenceWarmUp.run(options: options)
    // What the warm-up's samples did not reach: every type the compiler looks up by mangled name, resolved once here.
    _ = mamconf_resolve_type_caches()
    guard ReferenceWarmUp.processPoolIsUnused else {
        printError("mamconf-reference: --fork-server: the warm-up opened an HTTP connection, which every case would share")
        exit(1)
    }
    switch mamconf_fork_server_run(STDIN_FILENO) {
    case 0:
        // This is a case's process now: it carries on below as an exec'd one does, with the arguments its request
        // carried after the server's own (a mutation run's --mutant NAME, say).
        var extra: UnsafePointer<UnsafePointer<CChar>?>?
        let count = Int(mamconf_fork_case_arguments(&extra))
        if count > 0, let extra {
            options = parsedOptions(Array(CommandLine.arguments.dropFirst()) + (0..<count).map { String(cString: extra[$0]!) })
            options.simulateSDKVersion()
        }
    case 1: exit(0)
    default:
        printError("mamconf-reference: --fork-server: \(String(cString: strerror(errno)))")
        exit(1)
    }
}

// A runner that went away must end this process through EOF/EPIPE handling, not a signal.
signal(SIGPIPE, SIG_IGN)

if let mutant = options.mutant {
    printError("mamconf-reference: mutant \(mutant.name) is on")
}
for variant in options.variants {
    printError("mamconf-reference: variant \(variant.name) is on")
}

guard let port = options.listenPort else {
    let server = AdapterServer(lineLimit: options.lineLimit)
    let bridge = ReferenceBridge(options: options)
    server.run(handler: bridge)
    bridge.terminate()
    // Everything this process leaves is already with the kernel (protocol lines and files are written with write(2));
    // stdio's buffers are flushed here. The exit handlers exit(3) would run next (the static libraries' destructors,
    // OpenSSL's cleanup) only free memory, and in a forked case each page they touch is first copied from the fork
    // server: 1.4% of a case's time (issue 30).
    fflush(nil)
    _exit(0)
}

// The network transport: a test host that outlives cases, as on a simulator or device.
let environment = ProcessInfo.processInfo.environment
let token = options.adapterToken ?? environment[ListenConfiguration.tokenVariable]
let dataDirectory = options.dataDirectory
    ?? (NSTemporaryDirectory() as NSString).appendingPathComponent("mamconf-reference-\(port == 0 ? "\(getpid())" : "\(port)")")
do {
    try FileManager.default.createDirectory(atPath: dataDirectory, withIntermediateDirectories: true,
                                            attributes: [.posixPermissions: 0o700])
} catch {
    printError("mamconf-reference: cannot create the data directory \(dataDirectory): \(error)")
    exit(2)
}
let server: AdapterServer
do {
    server = try AdapterServer(
        listening: ListenConfiguration(host: options.listenHost, port: port, token: token?.isEmpty == false ? token : nil),
        lineLimit: options.lineLimit)
} catch {
    printError("mamconf-reference: \(error)")
    exit(2)
}
var bridgeEnvironment = environment
bridgeEnvironment["MAMCONF_DATA_DIR"] = dataDirectory
let bridge = ReferenceBridge(options: options, environment: bridgeEnvironment)
// After a restart ended the previous process, the app carries on; the runner reconnects.
bridge.resumeAfterRelaunch(server: server)
let shown = options.listenHost.contains(":") ? "[\(options.listenHost)]" : options.listenHost
printError("mamconf-reference: listening on \(shown):\(server.boundPort ?? port) (data in \(dataDirectory)\(token == nil ? "" : ", token required"))")
server.run(handler: bridge)
while bridge.isRelaunching {
    // The process image is being replaced by the thread that began the relaunch.
    pause()
}
bridge.terminate()
exit(0)
