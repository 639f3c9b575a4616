import Foundation

/// How a ``MockMAMServer`` binds and how its tenants start.
///
/// The defaults are what `mamconf run` wants: IPv4 loopback only (the mock is never reachable from outside the
/// machine), an ephemeral port (parallel runs never collide), and a fixed tenant clock so journal times and token
/// expiry are reproducible from run to run.
public struct MockServiceConfiguration: Sendable {
    /// Address to bind. Only IPv4 loopback (`127.0.0.1`) is meant to be used; the mock has no authentication
    /// worth the name and must not be exposed.
    public var host: String
    /// Port to bind; `0` asks the kernel for a free ephemeral port, reported by ``MockMAMServer/start()``.
    public var port: Int
    /// The time every new tenant's clock starts at. Tenant clocks move only through `POST /_mock/tenants/{t}/clock`.
    public var clockStart: Date
    /// Lifetime of issued access tokens, in seconds of tenant time.
    public var tokenLifetime: TimeInterval
    /// Label of the logger created when ``MockMAMServer/init(configuration:logger:)`` is given none.
    public var loggerLabel: String

    /// The default tenant clock start, `2026-01-01T00:00:00Z`.
    public static let defaultClockStart = Date(timeIntervalSince1970: 1_767_225_600)

    /// Creates a configuration; every parameter has the default described on its property.
    public init(
        host: String = "127.0.0.1",
        port: Int = 0,
        clockStart: Date = MockServiceConfiguration.defaultClockStart,
        tokenLifetime: TimeInterval = 3600,
        loggerLabel: String = "mamconf.mock-backend"
    ) {
        self.host = host
        self.port = port
        self.clockStart = clockStart
        self.tokenLifetime = tokenLifetime
        self.loggerLabel = loggerLabel
    }
}
