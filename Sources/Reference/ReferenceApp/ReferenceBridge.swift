import AdapterKit
import AdapterProtocol
import Foundation
import IntuneBinding
import ReferenceSDK

/// The adapter-protocol entry point of `mamconf-reference`: the Intune binding (the part a vendor copies) over
/// the reference's test host (``ReferenceHost``: the simulated phone, the app and its lifecycle).
///
/// Thin glue: every request goes to the binding, which decodes it once and answers it in one exhaustive switch over
/// `RunnerCall` (AdapterKit's typed API); this type only chooses what the reference declares and how it is launched.
public final class ReferenceBridge: AdapterHandler {
    /// Reported as `implementation.version` in `initialize`.
    public static let implementationVersion = "0.1.0"
    /// Reported as `implementation.name`.
    public static let implementationName = "mamconf-reference"
    /// Reported as `sdk.name`.
    public static let sdkName = "ReferenceSDK (Intune App SDK 21.7.1 API)"

    private let binding: IntuneBinding<ReferenceHost>

    /// - Parameters:
    ///   - options: the command line (mutant, disabled capabilities, protocol version).
    ///   - environment: the process environment (for `MAMCONF_DATA_DIR`).
    ///   - idleTimeout: longest wait, in seconds, for the integration to become idle or a launch to finish.
    public init(options: ReferenceOptions, environment: [String: String] = ProcessInfo.processInfo.environment,
                idleTimeout: Double = 120) {
        let configuration = BindingConfiguration(
            protocolVersion: options.protocolVersion,
            implementation: NameAndVersion(name: Self.implementationName, version: Self.implementationVersion),
            sdkName: Self.sdkName, capabilities: options.capabilities,
            declaredCapabilities: options.declaredCapabilities, unsupportedReason: "disabled with --disable-capability")
        binding = IntuneBinding(host: ReferenceHost(options: options, environment: environment, idleTimeout: idleTimeout),
                                configuration: configuration, idleTimeout: idleTimeout)
    }

    /// Stops the app if it still runs (after `run()` returned on end of input).
    public func terminate() {
        binding.host.shutdown()
    }

    public func handle(_ name: String, params: JSONValue, server: AdapterServer) throws(RPCError) -> JSONValue {
        binding.host.server.withLock { $0 = server }
        return try binding.handle(name, params: params, server: server)
    }

    /// Whether the process is about to be replaced by its relaunch (the caller must not exit meanwhile).
    public var isRelaunching: Bool { binding.host.relaunching.withLock { $0 } }

    /// On a listening host's start: when the previous process ended for a restart, carries on its case (the
    /// runner reconnects, and the app's `restarted` event waits in the server's queue until it does).
    public func resumeAfterRelaunch(server: AdapterServer) {
        binding.host.server.withLock { $0 = server }
        guard let record = binding.host.takeRelaunchRecord() else { return }
        do {
            try binding.beginSession(record.initialize, channel: server)
            binding.host.launchAfterRelaunch(record)
        } catch {
            StandardStreams.write("mamconf-reference: cannot resume after the relaunch: \(error)\n", to: STDERR_FILENO)
        }
    }
}
