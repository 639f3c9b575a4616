import AdapterProtocol
import ConformanceCore
import Foundation
import Synchronization

/// An integration inside the test process: `initialize`, `sync` and `shutdown` are answered as a conformant
/// integration answers them, every other request by `script`, which may post events and ask questions
/// through the handler before it returns. Runner logic is tested against it in milliseconds, without a
/// process, a pipe or a backend.
struct ScriptedIntegration: SDKAdapterFactory {
    typealias Script = @Sendable (_ method: String, _ params: JSONValue, _ handler: any InboundHandler) throws(AdapterFault) -> JSONValue

    var description = "scripted integration"
    /// What `initialize` declares: every capability unless a test takes some away.
    var capabilities: Set<Capability> = Set(Capability.allCases)
    var sdkVersion = "21.7.1"
    /// The protocol version `initialize` answers with.
    var protocolVersion = ProtocolVersion.current
    /// Thrown by `start` instead of starting, for launch failures.
    var launchFault: AdapterFault?
    /// Every request, in order, over all sessions (`sync` included).
    let requests = RequestLog()
    let script: Script

    init(capabilities: Set<Capability> = Set(Capability.allCases), launchFault: AdapterFault? = nil, script: @escaping Script = { _, _, _ in [:] }) {
        self.capabilities = capabilities
        self.launchFault = launchFault
        self.script = script
    }

    func start(dataDirectory: String, handler: any InboundHandler) async throws(AdapterFault) -> any SDKAdapterSession {
        if let launchFault { throw launchFault }
        return Session(integration: self, handler: handler)
    }

    struct Session: SDKAdapterSession {
        let integration: ScriptedIntegration
        let handler: any InboundHandler

        func request(_ method: String, params: JSONValue, timeout: Duration) async throws(AdapterFault) -> JSONValue {
            integration.requests.append(method)
            switch RunnerMethod(rawValue: method) {
            case .initialize?:
                let answer = InitializeResult(
                    protocolVersion: integration.protocolVersion.rawValue,
                    implementation: NameAndVersion(name: "scripted", version: "1"),
                    sdk: NameAndVersion(name: "IntuneMAMSwift", version: integration.sdkVersion),
                    capabilities: integration.capabilities.map(\.rawValue).sorted())
                return JSONValue(encoding: answer)
            case .sync?, .shutdown?:
                return [:]
            default:
                return try integration.script(method, params, handler)
            }
        }

        func terminate(grace: Duration) async -> AdapterTermination {
            AdapterTermination(exitDescription: "exited with status 0", stderrTail: [])
        }
    }
}

/// Requests as an integration received them.
final class RequestLog: Sendable {
    private let methods = Mutex<[String]>([])
    func append(_ method: String) { methods.withLock { $0.append(method) } }
    var all: [String] { methods.withLock { $0 } }
}

extension InboundHandler {
    /// Posts one event of the protocol's vocabulary.
    func post(_ event: EventMethod, _ params: JSONValue) { notification(method: event.rawValue, params: params) }
}
