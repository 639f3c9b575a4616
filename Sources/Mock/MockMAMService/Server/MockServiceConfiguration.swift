import AdapterProtocol
import Foundation

/// How a ``MockMAMServer`` binds and how its tenants start.
///
/// The defaults are what `mamconf run` wants: IPv4 loopback only (the mock is never reachable from outside the
/// machine), an ephemeral port (parallel runs never collide), and a fixed tenant clock so journal times and token
/// expiry are reproducible from run to run.
public struct MockServiceConfiguration: Sendable {
    /// Address to bind: loopback by default. Bound anywhere else, the mock refuses to start without an
    /// `adminToken`, since its `/_mock` controls hand out tenants' administrator credentials.
    public var host: String
    /// Required as `Authorization: Bearer <token>` on every `/_mock` request when set.
    public var adminToken: String?
    /// How long a connection may stay idle before the mock closes it.
    public var idleTimeout: Duration
    /// How long a request head may take to arrive completely (a client trickling its header is cut off).
    public var headerTimeout: Duration
    /// Connections served at once; more wait in the listen backlog.
    public var maximumConnections: Int
    /// Threads that serve requests. One (the default) reads, handles and answers every request on a single event
    /// loop, so no request crosses threads: the least work per request, and what a conformance run's sequence of
    /// requests wants (the Graph driver's rate rose a quarter). More run that many event loops with the handlers on
    /// the Swift concurrency pool: more requests per second when many clients load the mock at once.
    public var threads: Int
    /// Port to bind; `0` asks the kernel for a free ephemeral port, reported by ``MockMAMServer/start()``.
    public var port: Int
    /// The time every new tenant's clock starts at. Tenant clocks move only through `POST /_mock/tenants/{t}/clock`.
    public var clockStart: Date
    /// Lifetime of issued access tokens, in tenant time.
    public var tokenLifetime: Duration
    /// Items per page of a Graph list without `$top` (Graph's own default for these collections is 100 or more).
    public var graphPageSize: Int
    /// A file the tenants are saved to on every change and loaded from at start (standalone mocks), if any.
    public var stateFile: String?
    /// How long a change waits before the state file is written, so the changes of that time share one write; the
    /// mock also writes when it stops.
    public var stateSaveInterval: Duration
    /// A file every journal entry of every tenant is appended to as one JSON line, if any.
    public var journalFile: String?
    /// Entries each tenant's journal keeps; past it the oldest are dropped, and the journal says how many.
    public var journalLimit: Int
    /// The longest a `hold` fault keeps an answer back when the harness never releases it; then the request is
    /// answered as if released (at most the 600 s fault limit).
    public var maximumHold: Duration
    /// Label of the logger created when ``MockMAMServer/init(configuration:logger:)`` is given none.
    public var loggerLabel: String

    /// The default tenant clock start, `2026-01-01T00:00:00Z`.
    public static let defaultClockStart = Date(timeIntervalSince1970: 1_767_225_600)

    /// Creates a configuration; every parameter has the default described on its property.
    public init(
        host: String = "127.0.0.1",
        port: Int = 0,
        clockStart: Date = MockServiceConfiguration.defaultClockStart,
        tokenLifetime: Duration = .seconds(3600),
        loggerLabel: String = "mamconf.mock-backend",
        adminToken: String? = nil,
        idleTimeout: Duration = .seconds(30),
        headerTimeout: Duration = .seconds(30),
        maximumConnections: Int = 256,
        threads: Int = 1,
        journalFile: String? = nil,
        graphPageSize: Int = 100,
        stateFile: String? = nil,
        journalLimit: Int = 10_000,
        stateSaveInterval: Duration = .seconds(1),
        maximumHold: Duration = .seconds(600)
    ) {
        self.maximumHold = maximumHold
        self.journalLimit = journalLimit
        self.stateSaveInterval = stateSaveInterval
        self.stateFile = stateFile
        self.graphPageSize = graphPageSize
        self.journalFile = journalFile
        self.headerTimeout = headerTimeout
        self.adminToken = adminToken
        self.idleTimeout = idleTimeout
        self.maximumConnections = maximumConnections
        self.threads = threads
        self.host = host
        self.port = port
        self.clockStart = clockStart
        self.tokenLifetime = tokenLifetime
        self.loggerLabel = loggerLabel
    }
}

extension MockServiceConfiguration {
    /// Whether `host` is a loopback address (only this machine can reach it): parsed, or resolved when it is a
    /// name (see ``LoopbackHost``).
    public var bindsLoopbackOnly: Bool {
        LoopbackHost.isLoopback(host)
    }

    /// Ports a server can bind (0: any free one).
    public static let ports = 0...65_535
    /// What `idleTimeout`, `headerTimeout` and `stateSaveInterval` may be: at least a millisecond, at most a day.
    public static let timeouts: ClosedRange<Duration> = .milliseconds(1) ... .seconds(86_400)
    /// How long a `hold` fault may keep an answer back: the fault limit, 600 s.
    public static let holds: ClosedRange<Duration> = .milliseconds(1) ... .seconds(600)
    /// Connections served at once.
    public static let connectionCounts = 1...65_536
    /// The accepted ``threads``.
    public static let threadCounts = 1...64
    /// How long an access token may live: at least a second, at most ten years of tenant time.
    public static let tokenLifetimes: ClosedRange<Duration> = .seconds(1) ... .seconds(315_576_000)
    /// ``tokenLifetimes`` in seconds, for a number read from a state file before it becomes a `Duration`.
    static let tokenLifetimeSeconds: ClosedRange<Double> = tokenLifetimes.lowerBound.inSeconds...tokenLifetimes.upperBound.inSeconds
    /// Items per page of a Graph list (Graph's own `$top` range).
    public static let pageSizes = 1...GraphPaging.maximumTop
    /// Entries a tenant's journal may keep.
    public static let journalLimits = 1...1_000_000

    /// The first setting out of its range, said with the range; nil when the server can run with these settings.
    ///
    /// Checked before the server binds, so a value that would wrap (port 70000) or make no sense (a timeout of zero)
    /// stops it with a clear error instead. Numbers that cannot even become a `Duration` (`nan`, `1e308` seconds) are
    /// refused where they are read (``timeout(seconds:)``).
    public var problem: String? {
        func range<T>(_ name: String, _ value: T, _ allowed: ClosedRange<T>, unit: String = "") -> String? {
            allowed.contains(value) ? nil : "\(name) must be in \(allowed.lowerBound)...\(allowed.upperBound)\(unit) (not \(value))"
        }
        if let problem = range("maximumHold", maximumHold, Self.holds) { return problem }
        if let problem = range("threads", threads, Self.threadCounts) { return problem }
        return range("port", port, Self.ports)
            ?? range("idleTimeout", idleTimeout, Self.timeouts)
            ?? range("headerTimeout", headerTimeout, Self.timeouts)
            ?? range("maximumConnections", maximumConnections, Self.connectionCounts)
            ?? range("tokenLifetime", tokenLifetime, Self.tokenLifetimes)
            ?? range("graphPageSize", graphPageSize, Self.pageSizes)
            ?? range("journalLimit", journalLimit, Self.journalLimits)
            ?? range("stateSaveInterval", stateSaveInterval, Self.timeouts)
            ?? (clockStart.timeIntervalSince1970.isFinite ? nil : "clockStart must be a finite time")
    }

    /// A timeout given as a number of seconds (a command-line option), or nil when it is outside ``timeouts``:
    /// checked on the number first, so `nan`, `inf` or `1e308` is refused instead of trapping on the way to a
    /// `Duration`.
    public static func timeout(seconds: Double) -> Duration? {
        guard (timeouts.lowerBound.inSeconds...timeouts.upperBound.inSeconds).contains(seconds) else { return nil }
        return .milliseconds(Int64((seconds * 1000).rounded()))
    }

    /// `host:port` as it goes into a URL (IPv6 addresses in brackets).
    static func authority(host: String, port: Int) -> String {
        host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }
}
