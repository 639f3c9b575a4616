import AdapterTransports
import ConformanceCore

/// How a run reaches the integration: a command mamconf starts per case (stdio), a test host that listens (tcp), or
/// a factory the caller made (a test double, a tap). Checked when it is made, so a wired run never holds an adapter
/// it cannot start for a reason known up front.
public struct AdapterChoice: Sendable {
    enum Kind: Sendable {
        /// A local program; its factory is made once, so every run of this choice (and of ``appending(_:)``'s
        /// copies) shares its fork server.
        case command(StdioAdapterFactory)
        case network(AdapterAddress, token: String?, NetworkAdapterFactory.Deadlines, StdioAdapterFactory.Limits, WireTap?)
        case given(any SDKAdapterFactory)
    }

    let kind: Kind

    /// A local program, a process of its own for each case, its words taken as they are; `launch` says whether
    /// each case execs the program or is forked by one warm server of it.
    public static func command(
        _ words: [String], environment: AdapterEnvironment = AdapterEnvironment(),
        limits: StdioAdapterFactory.Limits = .init(), tap: WireTap? = nil, launch: AdapterLaunch = .exec
    ) throws(RunWiringError) -> AdapterChoice {
        guard let program = words.first, !program.isEmpty else { throw .emptyAdapterCommand }
        return AdapterChoice(kind: .command(StdioAdapterFactory(command: words, environment: environment, limits: limits, tap: tap,
                                                                launch: launch)))
    }

    /// A long-lived test host at `address`, reached over TCP.
    public static func network(
        _ address: AdapterAddress, token: String? = nil, deadlines: NetworkAdapterFactory.Deadlines = .init(),
        limits: StdioAdapterFactory.Limits = .init(), tap: WireTap? = nil
    ) throws(RunWiringError) -> AdapterChoice {
        for (name, value) in [("connect", deadlines.connect), ("handshake", deadlines.handshake), ("relaunch", deadlines.relaunch)]
        where value <= .zero {
            throw .deadlineNotPositive("the \(name) deadline")
        }
        return AdapterChoice(kind: .network(address, token: token, deadlines, limits, tap))
    }

    /// A factory the caller built (a test double, or a transport wrapped for a test).
    public static func factory(_ factory: any SDKAdapterFactory) -> AdapterChoice {
        AdapterChoice(kind: .given(factory))
    }

    /// The same adapter with `arguments` after its command's words (a mutant's or a variant's switches); a test host
    /// or a given factory cannot take arguments and is returned as it is.
    public func appending(_ arguments: [String]) -> AdapterChoice {
        guard case .command(let factory) = kind else { return self }
        return AdapterChoice(kind: .command(factory.appending(arguments)))
    }

    /// The command's words, for a local command.
    public var commandWords: [String]? {
        if case .command(let factory) = kind { return factory.command + factory.caseArguments }
        return nil
    }

    /// Starts what the adapter needs before its first case (a fork server's warm-up), without waiting for it.
    public func startEarly() {
        if case .command(let factory) = kind { factory.startServerEarly() }
    }

    /// The factory this choice names.
    public func makeFactory() -> any SDKAdapterFactory {
        switch kind {
        case .command(let factory):
            return factory
        case .network(let address, let token, let deadlines, let limits, let tap):
            return NetworkAdapterFactory(address: address, token: token, deadlines: deadlines, limits: limits, tap: tap)
        case .given(let factory):
            return factory
        }
    }
}
