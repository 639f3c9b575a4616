import AdapterProtocol
import ArgumentParser
import ConformanceCore
import Foundation
import AdapterTransports
import RunWiring

/// Which integration to drive; shared by every subcommand that starts one.
///
/// Three spellings: `--adapter "program --flag 'a b'"` (split as a shell splits words), the words after `--`,
/// taken exactly as given (`mamconf run -- ./host --flag`), or `--adapter tcp://HOST:PORT` for a test host that
/// listens (a simulator, a device through a forwarded port). A program is looked up on PATH unless it contains a
/// slash. Mutation commands add `--list-mutants` or `--mutant NAME` after the adapter's own arguments.
struct AdapterOptions: ParsableArguments {
    @Option(help: "Adapter command line, split into words as a shell would, or tcp://HOST:PORT of a listening test host (default: the bundled mamconf-reference next to this binary). Or give the command's words after --.")
    var adapter: String?

    @Option(name: .customLong("adapter-token"), help: ArgumentHelp(
        "Shared token a network test host requires (prefer the environment variable \(HelloParams.tokenVariable): a command line is visible to other users).",
        valueName: "token"))
    var adapterToken: String?

    @Option(name: .customLong("adapter-env"), help: ArgumentHelp(
        "Passes the environment variable NAME of mamconf's environment on to the adapter command (repeatable). An adapter inherits only ordinary variables (PATH, HOME, TMPDIR, LANG, LC_*, TZ, …), never mamconf's own MAMCONF_* settings and credentials.",
        valueName: "NAME"))
    var adapterEnv: [String] = []

    @Option(name: .customLong("adapter-launch"), help: ArgumentHelp(
        "How each case's adapter process starts: exec (the program afresh for every case) or fork-server (the program once, with --fork-server, forking a process per case from a warm start; the adapter must implement it). Default: fork-server for the bundled mamconf-reference, exec for any other command.",
        valueName: "exec|fork-server"))
    var adapterLaunch: String?

    @Option(name: .customLong("connect-timeout"), help: "Seconds to connect to a network test host.")
    var connectTimeout = 10.0

    @Option(name: .customLong("handshake-timeout"), help: "Seconds a network test host may take to answer hello.")
    var handshakeTimeout = 10.0

    @Option(name: .customLong("relaunch-timeout"), help: "Seconds a network test host that announced a relaunch may take to listen again.")
    var relaunchTimeout = 30.0

    @Argument(parsing: .postTerminator, help: "The adapter's program and arguments, after --, taken as they are.")
    var adapterWords: [String] = []

    /// What `--adapter` names.
    enum Target {
        case command([String])
        case network(AdapterAddress)
    }

    func target() throws -> Target {
        do {
            if !adapterWords.isEmpty {
                guard adapter == nil else {
                    throw MamconfExit(MamconfExit.notJudged, "give the adapter either with --adapter or after --, not both")
                }
                return .command(try AdapterCommand(words: adapterWords).words)
            }
            if let adapter {
                if AdapterAddress.isAddress(adapter) { return .network(try AdapterAddress(parsing: adapter)) }
                return .command(try AdapterCommand(parsing: adapter).words)
            }
        } catch let problem as AdapterCommand.Problem {
            throw MamconfExit(MamconfExit.notJudged, problem.description)
        } catch let problem as AdapterAddress.Problem {
            throw MamconfExit(MamconfExit.notJudged, problem.description)
        }
        guard let reference = ReferenceLocator.referenceExecutable() else {
            throw MamconfExit(MamconfExit.notJudged, "mamconf-reference not found next to mamconf; pass --adapter")
        }
        return .command([reference])
    }

    /// How each case's process starts: `--adapter-launch`, else fork-server for the bundled reference (which
    /// implements it) and exec for any other program.
    func launch(for words: [String]) throws -> AdapterLaunch {
        if let adapterLaunch {
            guard let launch = AdapterLaunch(rawValue: adapterLaunch) else {
                throw MamconfExit(MamconfExit.notJudged,
                    "unknown --adapter-launch '\(adapterLaunch)' (known: \(AdapterLaunch.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            return launch
        }
        guard let program = words.first, let bundled = ReferenceLocator.referenceExecutable() else { return .exec }
        let resolved = { (path: String) in URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL.path }
        return resolved(program) == resolved(bundled) ? .forkServer : .exec
    }

    /// A local command line, for what only a local adapter can do (mutants are chosen by command-line flags).
    func command(for purpose: String = "this command") throws -> [String] {
        switch try target() {
        case .command(let words): return words
        case .network(let address):
            throw MamconfExit(MamconfExit.notJudged,
                "\(purpose) needs the adapter's local command line (mutants are switched on with --mutant NAME), not \(address); run the test host's command here instead")
        }
    }

    /// What an adapter command inherits of mamconf's environment: the ordinary variables and `--adapter-env`.
    func environment() throws -> AdapterEnvironment {
        do { return try AdapterEnvironment(passing: adapterEnv) } catch {
            throw MamconfExit(MamconfExit.notJudged, error.description)
        }
    }

    /// The shared token: `--adapter-token`, else the environment.
    func token(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        let given = adapterToken ?? environment[HelloParams.tokenVariable]
        return given?.isEmpty == false ? given : nil
    }

    /// The factory that reaches the adapter, with deadlines scaled like every other deadline of the run.
    func factory(limits: StdioAdapterFactory.Limits = .init(), tap: WireTap? = nil, deadlineScale: Double = 1) throws -> any SDKAdapterFactory {
        try choice(limits: limits, tap: tap, deadlineScale: deadlineScale).makeFactory()
    }

    /// The longest deadline an option takes (a week): longer is no deadline at all, and a `Duration` cannot hold
    /// every number of seconds a command line can spell.
    static let longestDeadline = 604_800.0

    /// The adapter as the run wiring takes it, with deadlines scaled like every other deadline of the run.
    func choice(limits: StdioAdapterFactory.Limits = .init(), tap: WireTap? = nil, deadlineScale: Double = 1) throws -> AdapterChoice {
        for (name, value) in [("--connect-timeout", connectTimeout), ("--handshake-timeout", handshakeTimeout), ("--relaunch-timeout", relaunchTimeout)]
        where !(value > 0 && value <= Self.longestDeadline) {
            throw MamconfExit(MamconfExit.notJudged, "\(name) must be a positive number of seconds (at most \(Int(Self.longestDeadline)))")
        }
        do {
            switch try target() {
            case .command(let words):
                return try AdapterChoice.command(words, environment: try environment(), limits: limits, tap: tap, launch: try launch(for: words))
            case .network(let address):
                if adapterLaunch != nil {
                    throw MamconfExit(MamconfExit.notJudged,
                        "--adapter-launch applies to an adapter command mamconf starts, not to the test host at \(address)")
                }
                if let name = adapterEnv.first {
                    throw MamconfExit(MamconfExit.notJudged,
                        "--adapter-env \(name): --adapter-env applies to an adapter command mamconf starts, not to the test host at \(address); set the variable where the host is started")
                }
                return try AdapterChoice.network(
                    address, token: token(),
                    deadlines: .init(connect: .seconds(connectTimeout * deadlineScale), handshake: .seconds(handshakeTimeout * deadlineScale),
                                     relaunch: .seconds(relaunchTimeout * deadlineScale)),
                    limits: limits, tap: tap)
            }
        } catch let refused as RunWiringError {
            throw MamconfExit(MamconfExit.notJudged, refused.description)
        }
    }
}
