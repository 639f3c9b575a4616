import CurlHTTP
import Foundation

/// Reads the operating system's managed app configuration (the MDM channel) from the device stand-in.
///
/// On a device the SDK reads `com.apple.configuration.managed` from user defaults; the simulation reads
/// the same key/value pairs over HTTP from the runner's device channel. Blocking: use only on the SDK's
/// work queue. A separate type from ``MAMServiceClient`` because this is the OS, not a network service:
/// no token, no status callbacks.
struct ManagedAppConfigReader {
    let url: URL
    /// Clients of the device channel (see ``clients(timeouts:)``): one read after another shares a kept-alive connection.
    let clients: BlockingHTTPClientPool

    /// Clients for a runtime's reads, with its configured timeouts: the process's pool, whose connections to the same
    /// stand-in the runtime's other requests and the next runtime in the process reuse.
    static func clients(timeouts: (connect: Int, total: Int)) -> BlockingHTTPClientPool {
        BlockingHTTPClientPool.shared.limited(to: HTTPTimeouts(connect: .seconds(timeouts.connect), total: .seconds(timeouts.total)))
    }

    /// The values and version, or a one-line reason why none could be read.
    func read() -> Result<HeldDeviceConfig, ReadFailure> {
        let response: HTTPResponse
        do {
            response = try clients.send(.json("GET", url.absoluteString))
        } catch {
            return .failure(ReadFailure(reason: "unreachable: \(error.description)"))
        }
        guard response.status == 200 else {
            return .failure(ReadFailure(reason: "answered \(response.status)"))
        }
        guard let object = (try? JSONSerialization.jsonObject(with: response.body)) as? [String: Any] else {
            return .failure(ReadFailure(reason: "the answer is not a JSON object"))
        }
        let raw = object["values"] as? [String: Any] ?? [:]
        return .success(HeldDeviceConfig(values: raw.compactMapValues(Self.text), version: object["version"] as? String))
    }

    /// A value as the string the OS would hand over: strings as they are (Graph stores every app
    /// configuration value as a string), numbers spelled out; anything else is skipped.
    static func text(_ value: Any) -> String? {
        switch value {
        case let string as String: return string
        case let number as NSNumber: return number.stringValue
        default: return nil
        }
    }

    struct ReadFailure: Error {
        var reason: String
    }
}
