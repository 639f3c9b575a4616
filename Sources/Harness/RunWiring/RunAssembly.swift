import Backends
import ConformanceCore
import MockMAMService
import Synchronization

/// The one place a run is wired: from a ``BackendChoice`` it starts what the backend needs, and from each
/// ``RunSetup`` it builds the adapter factory, the backend driver, the reporters and the ``Runner``. `run`,
/// `mutants` and the tests that assemble a real run all come through here, so a run is put together one way.
///
/// It owns the embedded mock it started: ``close()`` stops it (a caller that forgets leaks a listening server, so
/// each caller closes on every path). The driver is built per run, with the run's redactor, so runs that share
/// the backend (the matrix's) never share what they redact.
public final class RunAssembly: Sendable {
    /// The backend's base URL when it is a mock (embedded or running), else nil.
    public let backendURL: String?
    private let choice: BackendChoice
    private let embedded: Mutex<MockMAMServer?>

    private init(choice: BackendChoice, backendURL: String?, embedded: MockMAMServer?) {
        self.choice = choice
        self.backendURL = backendURL
        self.embedded = Mutex(embedded)
    }

    /// Starts the backend: the embedded mock, which must listen before the first case; the other choices only
    /// need their address. Failing to start is the fault a not-judged report names.
    public static func open(_ choice: BackendChoice) async throws(BackendFault) -> RunAssembly {
        switch choice {
        case .embeddedMock(let configuration, let logger):
            let server = MockMAMServer(configuration: configuration, logger: logger)
            do {
                let url = try await server.start().absoluteString
                return RunAssembly(choice: choice, backendURL: url, embedded: server)
            } catch {
                throw BackendFault(request: "start the embedded mock backend", reason: .transport("\(error)"))
            }
        case .runningMock(let url, _):
            return RunAssembly(choice: choice, backendURL: url, embedded: nil)
        case .graph, .driver:
            return RunAssembly(choice: choice, backendURL: nil, embedded: nil)
        }
    }

    /// The runner for one run on this backend.
    public func assemble(_ setup: RunSetup) -> AssembledRun {
        let redactor = setup.configuration.redactor
        let driver = driver(redactor: redactor)
        let runner = Runner(
            adapter: setup.wrapAdapter(setup.adapter.makeFactory()), backend: setup.wrapBackend(driver),
            reporters: setup.reports.reporters(redactor: redactor), configuration: setup.configuration)
        return AssembledRun(runner: runner, backend: driver)
    }

    /// Opens the backend, runs one plan on it and closes it again.
    public static func run(_ plan: consuming RunPlan, backend: BackendChoice, setup: RunSetup) async throws(BackendFault) -> RunResult {
        let assembly = try await open(backend)
        let result = await assembly.assemble(setup).run(consume plan)
        await assembly.close()
        return result
    }

    /// Stops the embedded mock, if this assembly started one; later calls do nothing.
    public func close() async {
        let server = embedded.withLock { server in
            defer { server = nil }
            return server
        }
        await server?.stop()
    }

    private func driver(redactor: Redactor) -> any BackendDriver {
        switch choice {
        case .embeddedMock(let configuration, _):
            return MockGraphBackend(baseURL: backendURL ?? "", redactor: redactor, controlToken: configuration.adminToken)
        case .runningMock(let url, let controlToken):
            return MockGraphBackend(baseURL: url, redactor: redactor, controlToken: controlToken)
        case .graph(let setup):
            return setup.driver(redactor: redactor)
        case .driver(let driver):
            return driver
        }
    }
}
