import ConformanceCore

/// One run on an opened backend: the integration, the reporters, and the knobs of the run. The backend's
/// lifetime belongs to the ``RunAssembly`` it runs on, so one backend can carry many runs (the mutation matrix).
public struct RunSetup: Sendable {
    public var adapter: AdapterChoice
    public var reports: ReportChoice
    /// Its redactor is the run's: the backend driver and every reporter redact with it. Its work directory is
    /// removed after the run unless `keepData` is set.
    public var configuration: RunConfiguration
    /// Wrappers around the built factory and driver (a test that counts, probes or breaks what crosses them).
    public var wrapAdapter: @Sendable (any SDKAdapterFactory) -> any SDKAdapterFactory
    public var wrapBackend: @Sendable (any BackendDriver) -> any BackendDriver

    public init(adapter: AdapterChoice, reports: ReportChoice = .none, configuration: RunConfiguration,
                wrapAdapter: @escaping @Sendable (any SDKAdapterFactory) -> any SDKAdapterFactory = { $0 },
                wrapBackend: @escaping @Sendable (any BackendDriver) -> any BackendDriver = { $0 }) {
        self.adapter = adapter
        self.reports = reports
        self.configuration = configuration
        self.wrapAdapter = wrapAdapter
        self.wrapBackend = wrapBackend
    }
}
