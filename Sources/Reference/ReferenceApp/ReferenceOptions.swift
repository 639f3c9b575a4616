import AdapterKit
import AdapterProtocol
import ReferenceSDK

/// The command line of `mamconf-reference`, parsed by hand so the binary needs no argument-parser package.
public struct ReferenceOptions: Sendable, Equatable {
    /// The one defect switched on (`--mutant NAME`), or nil for the correct integration.
    public var mutant: ReferenceMutant?
    /// The other readings of the guides switched on (`--variant NAME`, repeatable), at most one per decision point.
    public var variants: [ReferenceVariant] = []
    /// Capabilities not to declare (`--disable-capability NAME`, repeatable), e.g. to test skipping: their
    /// requests are then answered `-32002`.
    public var disabledCapabilities: Set<Capability> = []
    /// The protocol version to speak (`--protocol-version 0` behaves as an integration written for
    /// protocol 0: it declares only protocol 0's capabilities).
    public var protocolVersion: ProtocolVersion = .current
    /// The longest accepted protocol input line in bytes (`--line-limit BYTES`).
    public var lineLimit: Int = AdapterServer.defaultLineLimit
    /// `--sdk-version V`: the simulated SDK reports and behaves as version V (dotted numbers, e.g. 15.4), where the
    /// guides' editions differ; nil: the newest the simulation knows.
    public var sdkVersion: String?
    /// `--list-mutants`: print the mutant table and exit.
    public var listMutants = false
    /// `--list-variants`: print the variant table and exit.
    public var listVariants = false
    /// `--help`.
    public var showHelp = false
    /// `--listen PORT`: serve the network transport on this port (0 = any free port) instead of stdin/stdout.
    public var listenPort: UInt16?
    /// `--host ADDRESS`: the address to listen on (loopback unless told otherwise).
    public var listenHost = "127.0.0.1"
    /// `--adapter-token TOKEN` (or the environment variable `MAMCONF_ADAPTER_TOKEN`): the token a runner must
    /// present in `hello`.
    public var adapterToken: String?
    /// `--data-dir DIR`: where a listening host keeps the app's data (a device's app container). Default: a
    /// folder per port under the temporary directory.
    public var dataDirectory: String?
    /// `--relaunch in-process|exec`: how a listening host restarts the app. `exec` (the default when listening)
    /// ends the process image the way a device ends the app's process, so the runner must reconnect.
    public var relaunch: RelaunchMode = .exec
    /// `--fork-server`: stdin is a fork server's control socket (mamconf's `--adapter-launch fork-server`): warm up
    /// once, then fork a process for each case that asks.
    public var forkServer = false

    /// How a listening host restarts the app.
    public enum RelaunchMode: String, Sendable, CaseIterable {
        /// Replace the process image (`execv`): nothing survives but the data directory.
        case exec
        /// Build a new app and SDK runtime inside the same process, as over stdio.
        case inProcess = "in-process"
    }

    public init() {}

    /// Capabilities the reference integration can declare: every feature area.
    public static let knownCapabilities = Capability.allCases

    /// Usage text for `--help` and argument errors.
    public static let usage = """
        usage: mamconf-reference [--mutant NAME] [--variant NAME]... [--disable-capability NAME]...
                                 [--protocol-version 0|1] [--sdk-version VERSION] [--line-limit BYTES]
                                 [--listen PORT [--host ADDRESS] [--adapter-token TOKEN] [--data-dir DIR]
                                  [--relaunch exec|in-process]] [--fork-server]
               mamconf-reference [--sdk-version VERSION] --list-mutants | --list-variants
        Speaks the mamconf adapter protocol on stdin/stdout; logs go to stderr.
        With --listen, serves the network transport instead (mamconf run --adapter tcp://HOST:PORT): one runner
        at a time, reset between cases, and a restart ends the process image (exec) so the runner reconnects.
        The token is better given in the environment variable MAMCONF_ADAPTER_TOKEN.
        --sdk-version makes the simulated SDK report and behave as that version (default 21.7.1); a mutant of a
        version-specific behaviour exists only for the versions that have it.
        --variant switches on another reading of the guides (several at once, one per decision point).
        With --fork-server, stdin is mamconf's control socket (--adapter-launch fork-server): the process warms up
        once and forks a fresh one, with its own stdio, data directory and process group, for each case.
        """

    /// Why the command line was refused (the executable prints it and exits with status 2).
    public struct ParseError: Error, Equatable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    /// Parses the arguments after the program name.
    public static func parse(_ arguments: [String]) throws(ParseError) -> ReferenceOptions {
        var options = ReferenceOptions()
        var index = 0
        func value(for flag: String) throws(ParseError) -> String {
            index += 1
            guard index < arguments.count else { throw ParseError(message: "\(flag) needs a value") }
            return arguments[index]
        }
        while index < arguments.count {
            let argument = arguments[index]
            var flag = argument
            var inline: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                flag = String(argument[..<equals])
                inline = String(argument[argument.index(after: equals)...])
            }
            func flagValue() throws(ParseError) -> String {
                if let inline { return inline }
                return try value(for: flag)
            }
            switch flag {
            case "--mutant":
                let name = try flagValue()
                guard let mutant = ReferenceMutant.named(name) else {
                    throw ParseError(message: "unknown mutant '\(name)' (see --list-mutants)")
                }
                guard options.mutant == nil else { throw ParseError(message: "only one --mutant may be given") }
                options.mutant = mutant
            case "--variant":
                let name = try flagValue()
                guard let variant = ReferenceVariant.named(name) else {
                    throw ParseError(message: "unknown variant '\(name)' (see --list-variants)")
                }
                if let other = options.variants.first(where: { $0.decisionPoint == variant.decisionPoint }) {
                    guard other != variant else { break }
                    throw ParseError(message: "variants '\(other.name)' and '\(name)' exclude each other: both decide \(variant.decisionPoint)")
                }
                options.variants.append(variant)
            case "--disable-capability":
                let name = try flagValue()
                guard let capability = Capability(rawValue: name) else {
                    throw ParseError(message: "unknown capability '\(name)' (known: \(knownCapabilities.map(\.rawValue).joined(separator: ", ")))")
                }
                options.disabledCapabilities.insert(capability)
            case "--protocol-version":
                let text = try flagValue()
                guard let version = ProtocolVersion(rawValue: text) else {
                    throw ParseError(message: "unknown protocol version '\(text)' (known: \(ProtocolVersion.allCases.map(\.rawValue).joined(separator: ", ")))")
                }
                options.protocolVersion = version
            case "--sdk-version":
                let text = try flagValue()
                guard SDKEdition(version: text) != nil else {
                    throw ParseError(message: "--sdk-version needs dotted numbers such as 15.4 or 21.7.1, got '\(text)'")
                }
                options.sdkVersion = text
            case "--line-limit":
                let text = try flagValue()
                guard let bytes = Int(text), bytes > 0 else {
                    throw ParseError(message: "--line-limit needs a positive number of bytes, got '\(text)'")
                }
                options.lineLimit = bytes
            case "--listen":
                let text = try flagValue()
                guard let port = UInt16(text) else {
                    throw ParseError(message: "--listen needs a port number (0 to 65535), got '\(text)'")
                }
                options.listenPort = port
            case "--host":
                options.listenHost = try flagValue()
            case "--adapter-token":
                options.adapterToken = try flagValue()
            case "--data-dir":
                options.dataDirectory = try flagValue()
            case "--relaunch":
                let text = try flagValue()
                guard let mode = RelaunchMode(rawValue: text) else {
                    throw ParseError(message: "unknown relaunch mode '\(text)' (known: \(RelaunchMode.allCases.map(\.rawValue).joined(separator: ", ")))")
                }
                options.relaunch = mode
            case "--fork-server":
                options.forkServer = true
            case "--list-mutants":
                options.listMutants = true
            case "--list-variants":
                options.listVariants = true
            case "--help", "-h":
                options.showHelp = true
            default:
                throw ParseError(message: "unknown argument '\(argument)'")
            }
            index += 1
        }
        if options.forkServer, options.listenPort != nil {
            throw ParseError(message: "--fork-server serves cases over stdio; it cannot be combined with --listen")
        }
        if let mutant = options.mutant, !mutant.exists(in: options.edition) {
            throw ParseError(message: "mutant '\(mutant.name)' does not exist on SDK \(options.sdkVersion ?? IntuneMAMVersionInfo.newest): it breaks a behaviour that version does not have")
        }
        if let variant = options.variants.first(where: { !$0.exists(in: options.edition) }) {
            throw ParseError(message: "variant '\(variant.name)' does not exist on SDK \(options.sdkVersion ?? IntuneMAMVersionInfo.newest): no edition of that version reads it so")
        }
        return options
    }

    /// The SDK readings the variants take.
    public var sdkVariants: Set<SDKVariant> { ReferenceVariant.sdkVariants(of: variants) }

    /// The app readings the variants take.
    public var appVariants: Set<AppVariant> { ReferenceVariant.appVariants(of: variants) }

    /// The SDK edition the options ask for.
    public var edition: SDKEdition {
        sdkVersion.flatMap { SDKEdition(version: $0) } ?? SDKEdition(version: IntuneMAMVersionInfo.newest)!
    }

    /// Makes the process's simulated SDK the version asked for; call once, before any runtime exists.
    public func simulateSDKVersion() {
        if let sdkVersion { IntuneMAMVersionInfo.simulate(version: sdkVersion) }
    }

    /// The command line for the next process of a listening host that relaunches: the same arguments, with the
    /// port it actually bound (so `--listen 0` comes back where the runner reconnects) and its data directory
    /// (where the relaunch record waits).
    public static func relaunchArguments(_ arguments: [String], port: UInt16, dataDirectory: String) -> [String] {
        var out: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--listen" || argument == "--data-dir" {
                index += 2
                continue
            }
            if argument.hasPrefix("--listen=") || argument.hasPrefix("--data-dir=") {
                index += 1
                continue
            }
            out.append(argument)
            index += 1
        }
        return out + ["--listen", String(port), "--data-dir", dataDirectory]
    }

    /// The capabilities the integration offers, in a stable order.
    public var capabilities: [Capability] {
        Self.knownCapabilities.filter { !disabledCapabilities.contains($0) }
    }

    /// The capabilities to declare in `initialize`: a protocol 0 integration knows only protocol 0's.
    public var declaredCapabilities: [Capability] {
        protocolVersion == .v0 ? capabilities.filter { Capability.protocol0.contains($0) } : capabilities
    }
}
