import CurlHTTP
import Foundation
import Testing

/// A response body is read up to the client's limit and no further: a server that declares or sends more (or never
/// stops) costs the client at most the limit, and the transfer ends with a typed error naming it.
@Suite("HTTP response size limit")
struct HTTPResponseLimitTests {
    static let limit = 256 << 10

    @Test("a body over the limit aborts its transfer with responseTooLarge, not at the time limit",
          arguments: [("declared 64 MiB", 64 << 20), ("chunked, endless", nil)] as [(String, Int?)])
    func overTheLimitIsAborted(_ name: String, declaredLength: Int?) async throws {
        let server = try TestHTTPServer.start(.flood(declaredLength: declaredLength))
        defer { #expect(server.stop()) }
        let client = HTTPClient(label: "test.http.limit", timeouts: HTTPTimeouts(connect: .seconds(5), total: .seconds(20)),
                                maximumResponseBytes: Self.limit)
        do {
            let response = try await client.send(HTTPRequest(url: server.baseURL + "/flood"))
            Issue.record("\(name): a \(response.body.count)-byte body was read whole")
        } catch {
            guard case let .responseTooLarge(limit, method, url) = error else {
                Issue.record("\(name): expected responseTooLarge, got \(error)")
                return
            }
            #expect(limit == Self.limit)
            #expect(method == "GET" && url == server.baseURL + "/flood")
            #expect(error.description.contains("\(Self.limit)-byte limit"), "\(error)")
        }
        // The error itself shows where the transfer ended: a time limit would have ended it with a timeout (speed is
        // measured in benchmarks, never asserted here).
        // The client closed the connection it gave up on, which ends the server's sending.
        #expect(server.waitUntilAllConnectionsClosed())
    }

    @Test("a body of exactly the limit is read whole, and the same client goes on working after an abort")
    func atTheLimitIsRead() throws {
        let echo = try TestHTTPServer.start()
        defer { #expect(echo.stop()) }
        let client = BlockingHTTPClient(maximumResponseBytes: Self.limit)
        let body = Data(repeating: 0x61, count: Self.limit)
        #expect(try client.send(HTTPRequest(method: "POST", url: echo.baseURL + "/exact", body: body)).body == body)
        #expect(throws: HTTPClientError.self) {
            try client.send(HTTPRequest(method: "POST", url: echo.baseURL + "/over", body: body + Data([0x62])))
        }
        #expect(try client.send(HTTPRequest(url: echo.baseURL + "/after")).status == 200)
    }

    @Test("clients read at most 32 MiB unless told otherwise")
    func defaultLimit() {
        #expect(HTTPResponse.defaultMaximumBodyBytes == 32 << 20)
        #expect(BlockingHTTPClient().maximumResponseBytes == HTTPResponse.defaultMaximumBodyBytes)
    }
}
