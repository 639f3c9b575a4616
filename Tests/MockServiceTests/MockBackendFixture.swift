import AdapterProtocol
import CurlHTTP
import Foundation
import Logging
import Testing

@testable import MockMAMService

/// A running mock backend and an HTTP client pointed at it; every test gets its own on an ephemeral port.
///
/// All interaction goes over HTTP (CurlHTTP), as the harness's does; `@testable` is used only for the JSONValue tree.
struct MockBackendFixture {
    let server: MockMAMServer
    let baseURL: String
    let client: HTTPClient

    /// Starts a server, runs `body`, and stops the server even when `body` throws.
    static func with<T>(configuration: MockServiceConfiguration = MockServiceConfiguration(),
                        _ body: (MockBackendFixture) async throws -> T) async throws -> T {
        var logger = Logger(label: "mock-backend-tests")
        logger.logLevel = .warning
        let server = MockMAMServer(configuration: configuration, logger: logger)
        let url = try await server.start()
        let fixture = MockBackendFixture(
            server: server, baseURL: url.absoluteString,
            client: HTTPClient(label: "mock-backend-tests", timeouts: HTTPTimeouts(connect: .seconds(5), total: .seconds(20))))
        do {
            let result = try await body(fixture)
            await server.stop()
            return result
        } catch {
            await server.stop()
            throw error
        }
    }

    /// A JSONValue request to an absolute URL or a path under the base URL; the reply body parsed when present.
    @discardableResult
    func json(_ method: String, _ target: String, _ body: JSONValue? = nil, bearer: String? = nil) async throws -> Answer {
        let url = target.hasPrefix("http") ? target : baseURL + target
        let response = try await client.send(.json(method, url, body: body.map { $0.serialized() }, bearer: bearer))
        return Answer(response)
    }

    /// A raw request (exact body and headers), for what `.json` and `.form` would not send.
    func raw(_ request: HTTPRequest) async throws -> Answer {
        Answer(try await client.send(request))
    }

    /// An answer: status, headers and the body as JSONValue (nil when empty or not JSONValue).
    struct Answer {
        let status: Int
        let headers: [String: String]
        let body: JSONValue?
        let text: String

        init(_ response: HTTPResponse) {
            status = response.status
            headers = response.headers
            text = response.text
            body = try? JSONValue.parse(Array(response.body))
        }

        subscript(key: String) -> JSONValue? { body?[key] }
    }
}
