import Backends
import ConformanceCore
import Logging
import MockMAMService

/// Which backend a run drives: a mock started inside this process for the run, a mock already running at a URL,
/// or a real tenant through Microsoft Graph, or a driver the caller made (a test double).
public enum BackendChoice: Sendable {
    /// The mock, started by ``RunAssembly/open(_:)`` and stopped by ``RunAssembly/close()``. Its `/_mock`
    /// controls are reached with the configuration's admin token, when it has one.
    case embeddedMock(configuration: MockServiceConfiguration = MockServiceConfiguration(), logger: Logger)
    /// A mock someone else started, at `url`.
    case runningMock(url: String, controlToken: String? = nil)
    /// A real tenant.
    case graph(GraphBackendSetup)
    /// A driver the caller built.
    case driver(any BackendDriver)
}
