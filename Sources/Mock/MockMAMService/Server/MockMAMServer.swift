import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOPosix
import ServiceLifecycle
import UnixSignals

/// The mock MAM backend: a real HTTP server on the IPv4 loopback with a token endpoint, a Graph-shaped admin face
/// and an SDK-facing MAM service, all per tenant.
///
/// `mamconf run` embeds it (``start()`` / ``stop()``) and `mamconf mock-backend` runs it alone
/// (``runUntilCancelled(shutdownOnSignals:onStarted:)``). Either way the harness reaches it only over HTTP; nothing
/// here lets a caller change tenant state in-process. The contract is docs/mock-backend.md.
///
/// The server runs in its own task until stopped: call ``stop()`` before letting go of it.
public actor MockMAMServer {
    /// Errors of the server's lifecycle.
    public enum LifecycleError: Error, CustomStringConvertible {
        /// The server stopped before its socket was listening (for example, the port was taken).
        case exitedBeforeListening(underlying: (any Error)?)
        /// Bound beyond loopback, the controls would be open to the network.
        case unprotectedControls(host: String)
        /// The state file could not be loaded.
        case unusableStateFile(String)
        /// A setting is out of its range (``MockServiceConfiguration/problem``).
        case invalidConfiguration(String)

        public var description: String {
            switch self {
            case .unprotectedControls(let host):
                return "the mock would listen on \(host), beyond loopback, with its /_mock controls open: set an admin token"
            case .exitedBeforeListening(let underlying?): return "mock backend failed to start: \(underlying)"
            case .exitedBeforeListening(nil): return "mock backend stopped before it was listening"
            case .unusableStateFile(let problem): return problem
            case .invalidConfiguration(let problem): return "mock backend configuration: \(problem)"
            }
        }
    }

    private let configuration: MockServiceConfiguration
    private let logger: Logger
    private let state: MockState
    private let stateFile: StateFile?
    private let statistics = ServerStatistics()
    private var phase: Phase = .idle
    /// Whether the state file's tenants were loaded (once: later starts keep the in-memory state).
    private var restoredState = false

    /// Creates a server; nothing is bound until ``start()``.
    ///
    /// - Parameters:
    ///   - configuration: Address, tenant clock start and token lifetime.
    ///   - logger: Where the server logs; defaults to a logger labelled ``MockServiceConfiguration/loggerLabel``.
    ///     Tokens, passwords and secrets are never logged.
    public init(configuration: MockServiceConfiguration = .init(), logger: Logger? = nil) {
        self.configuration = configuration
        let logger = logger ?? Logger(label: configuration.loggerLabel)
        self.logger = logger
        // An interval out of range is refused at start (``MockServiceConfiguration/problem``); until then any will do.
        let interval = MockServiceConfiguration.timeouts.contains(configuration.stateSaveInterval) ? configuration.stateSaveInterval : .seconds(1)
        stateFile = configuration.stateFile.map { StateFile(path: $0, interval: interval, logger: logger) }
        self.state = MockState(
            clockStart: configuration.clockStart, tokenLifetime: configuration.tokenLifetime,
            graphPageSize: configuration.graphPageSize, journalLimit: configuration.journalLimit, stateFile: stateFile)
    }

    /// The requests `hold` faults keep back (for tests that must see a request held before releasing it).
    nonisolated var heldRequests: HeldRequests { state.holds }

    /// The base URL (`http://127.0.0.1:PORT`) while the server is running, else nil.
    public var baseURL: URL? {
        if case .running(let running) = phase { return running.url }
        return nil
    }

    /// Binds the socket and starts serving; returns the base URL once the socket is listening.
    ///
    /// Returns as soon as Hummingbird reports the server running (no polling). Calling it again while running
    /// returns the same URL. Throws ``LifecycleError`` when the server cannot listen.
    @discardableResult
    public func start() async throws -> URL {
        try await start(gracefulShutdownSignals: []).url
    }

    /// Stops accepting connections, lets in-flight requests finish, closes every connection and returns once the
    /// listening socket is closed. Does nothing when the server is not running. State is kept: a later ``start()``
    /// serves the same tenants again.
    public func stop() async {
        switch phase {
        case .idle:
            return
        case .starting(let launch):
            guard let running = try? await launch.value else { return }
            await shutdown(running)
        case .running(let running):
            await shutdown(running)
        case .stopping(let shutdown):
            await shutdown.value
        }
    }

    /// Runs the server until the calling task is cancelled (or, with `shutdownOnSignals`, the process gets SIGINT or
    /// SIGTERM), then shuts down gracefully. For `mamconf mock-backend`.
    ///
    /// - Parameters:
    ///   - shutdownOnSignals: Trap SIGINT and SIGTERM and treat them as a request to stop. Trapping is
    ///     process-wide and not undone afterwards, so only a process that is the mock backend should ask for it.
    ///   - onStarted: Receives the base URL once the socket is listening (for printing it, for example).
    /// - Throws: ``LifecycleError`` when the server cannot listen, or the error the server stopped with when it
    ///   stopped on its own.
    public func runUntilCancelled(
        shutdownOnSignals: Bool = true, onStarted: (@Sendable (URL) -> Void)? = nil
    ) async throws {
        let running = try await start(gracefulShutdownSignals: shutdownOnSignals ? [.sigint, .sigterm] : [])
        onStarted?(running.url)
        let failure = await withTaskCancellationHandler {
            await running.task.value
        } onCancel: {
            Task { await running.group.triggerGracefulShutdown() }
        }
        await stop()
        if let failure, !Task.isCancelled { throw failure }
    }

    // MARK: - Lifecycle

    private struct Running: Sendable {
        let url: URL
        let group: ServiceGroup
        /// Runs the service group; its value is the error the group ended with, if any.
        let task: Task<(any Error)?, Never>
        /// The threads that do the server's I/O (and, when there is one, run its handlers); shut down once the group
        /// has ended.
        let loops: MultiThreadedEventLoopGroup
    }

    private enum Phase {
        case idle
        case starting(Task<Running, any Error>)
        case running(Running)
        case stopping(Task<Void, Never>)
    }

    private func start(gracefulShutdownSignals: [UnixSignal]) async throws -> Running {
        switch phase {
        case .running(let running):
            return running
        case .starting(let launch):
            return try await launch.value
        case .stopping(let shutdown):
            await shutdown.value
            return try await start(gracefulShutdownSignals: gracefulShutdownSignals)
        case .idle:
            if let problem = configuration.problem { throw LifecycleError.invalidConfiguration(problem) }
            if let stateFile, !restoredState {
                do { await state.restore(try stateFile.load()) } catch { throw LifecycleError.unusableStateFile(error.description) }
                restoredState = true
            }
            state.holds.reopen()
            let launch = Task { [configuration, state, statistics, logger] in
                try await Self.launch(
                    configuration: configuration, state: state, statistics: statistics, logger: logger,
                    signals: gracefulShutdownSignals)
            }
            phase = .starting(launch)
            do {
                let running = try await launch.value
                phase = .running(running)
                return running
            } catch {
                phase = .idle
                throw error
            }
        }
    }

    private func shutdown(_ running: Running) async {
        // A graceful shutdown waits for in-flight requests: held ones go first.
        state.holds.stop()
        let shutdown = Task { [logger] in
            await running.group.triggerGracefulShutdown()
            if let error = await running.task.value {
                logger.error("mock backend stopped with an error", metadata: ["error": "\(error)"])
            }
            try? await running.loops.shutdownGracefully()
        }
        phase = .stopping(shutdown)
        await shutdown.value
        await state.saveNow()
        if case .stopping = phase { phase = .idle }
        logger.info("mock backend stopped", metadata: ["url": "\(running.url)"])
    }

    /// What the launching task hears: the server is listening on a port, or the service group ended first.
    private enum LaunchEvent: Sendable {
        case listening(port: Int)
        case ended
    }

    private static func launch(
        configuration: MockServiceConfiguration, state: MockState, statistics: ServerStatistics, logger: Logger,
        signals: [UnixSignal]
    ) async throws -> Running {
        guard configuration.bindsLoopbackOnly || configuration.adminToken != nil else {
            throw LifecycleError.unprotectedControls(host: configuration.host)
        }
        let loops = MultiThreadedEventLoopGroup(numberOfThreads: configuration.threads)
        do {
            return try await launch(
                configuration: configuration, state: state, statistics: statistics, logger: logger, signals: signals, on: loops)
        } catch {
            try? await loops.shutdownGracefully()
            throw error
        }
    }

    private static func launch(
        configuration: MockServiceConfiguration, state: MockState, statistics: ServerStatistics, logger: Logger,
        signals: [UnixSignal], on loops: MultiThreadedEventLoopGroup
    ) async throws -> Running {
        let (events, eventSink) = AsyncStream.makeStream(of: LaunchEvent.self)
        let host = configuration.host
        let journalFile = try configuration.journalFile.map { try JournalFile(path: $0) }
        let router = MockRouter.make(
            state: state, statistics: statistics, logger: logger, adminToken: configuration.adminToken, journalFile: journalFile,
            maximumHold: configuration.maximumHold)
        let slots = ConnectionSlots(limit: configuration.maximumConnections)
        let app = Application(
            router: router,
            server: .http1(configuration: .init(
                additionalChannelHandlers: [
                    ConnectionCountingHandler(statistics: statistics), CloseAfterResponseHandler(),
                    RequestHeadTimeoutHandler(timeout: TimeAmount(configuration.headerTimeout)),
                    ConnectionSlotHandler(slots: slots),
                ],
                idleTimeout: TimeAmount(configuration.idleTimeout))),
            configuration: .init(
                address: .hostname(host, port: configuration.port), serverName: nil,
                // Slots are given up by slow connections (ConnectionSlots); this only bounds closes still under way.
                availableConnectionsDelegate: MaximumAvailableConnections(2 * configuration.maximumConnections)),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? configuration.port
                // Set before the accept loop starts, so the first tenant already gets correct URLs.
                await state.setBaseURL("http://" + MockServiceConfiguration.authority(host: host, port: port))
                eventSink.yield(.listening(port: port))
            },
            eventLoopGroupProvider: .shared(loops),
            logger: logger
        )
        let group = ServiceGroup(
            configuration: .init(services: [app], gracefulShutdownSignals: signals, logger: logger))
        // With one thread, the handlers run on it too (EventLoopTaskExecutor): no request crosses threads. With more,
        // they run on the concurrency pool, whichever loop a connection is on.
        let executor = configuration.threads == 1 ? EventLoopTaskExecutor(loop: loops.next()) : nil
        let task = Task<(any Error)?, Never>(executorPreference: executor) {
            defer {
                eventSink.yield(.ended)
                eventSink.finish()
            }
            do {
                try await group.run()
                return nil
            } catch {
                return error
            }
        }
        for await event in events {
            switch event {
            case .listening(let port):
                guard let url = URL(string: "http://" + MockServiceConfiguration.authority(host: host, port: port)) else {
                    await group.triggerGracefulShutdown()
                    _ = await task.value
                    throw LifecycleError.exitedBeforeListening(underlying: nil)
                }
                logger.info("mock backend listening", metadata: ["url": "\(url)"])
                return Running(url: url, group: group, task: task, loops: loops)
            case .ended:
                throw LifecycleError.exitedBeforeListening(underlying: await task.value)
            }
        }
        throw LifecycleError.exitedBeforeListening(underlying: await task.value)
    }
}
