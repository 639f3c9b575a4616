import AdapterProtocol
import Backends
import ConformanceCore
import Foundation
import Testing

/// The Graph client against a hostile Graph and login endpoint: its token and its secret go only to the origins it
/// was configured with, and its answers are read only up to their limits. A second listener on loopback (IPv4 and
/// IPv6) stands where a next-page link or a redirect points, and records whatever reaches it.
@Suite("Graph client: credentials and answer limits")
struct GraphCredentialOriginTests {
    static let token = "graph-token-of-the-administrator"
    static let secret = "client-secret-of-the-administrator"

    /// The hostile endpoint, the listeners credentials must not reach, and a client configured for the endpoint.
    struct Hostile {
        let graph: RecordingListener
        let thief: RecordingListener
        let thief6: RecordingListener
        let client: GraphAdminClient

        /// `script` answers the Graph requests (GET …/v1.0/groups and its pages); `{graph}`, `{graphPort}`, `{thief}`,
        /// `{thiefPort}` and `{thief6}` in a header or body stand for the listeners' addresses. The token endpoint
        /// answers with a token unless `tokenAnswer` says otherwise.
        static func start(tokenAnswer: RecordingListener.Answer? = nil,
                          script: @escaping @Sendable (RecordingListener.Request) -> RecordingListener.Answer) throws -> Hostile {
            let thief = try RecordingListener(answer: { _ in .init(body: #"{"value":[]}"#) })
            let thief6 = try RecordingListener(host: "::1", answer: { _ in .init(body: #"{"value":[]}"#) })
            let places = [("{thief}", thief.baseURL), ("{thiefPort}", "\(thief.port)"), ("{thief6}", thief6.baseURL)]
            let graph = try RecordingListener { request in
                let host = request.headers["host"] ?? ""
                let here = places + [("{graph}", "http://\(host)"), ("{graphPort}", String(host.split(separator: ":").last ?? ""))]
                func fill(_ text: String) -> String { here.reduce(text) { $0.replacingOccurrences(of: $1.0, with: $1.1) } }
                var answer = request.target.hasSuffix("/oauth2/v2.0/token")
                    ? tokenAnswer ?? .init(body: #"{"access_token":"\#(token)","expires_in":3600,"token_type":"Bearer"}"#)
                    : script(request)
                answer.body = fill(answer.body)
                answer.headers = answer.headers.mapValues(fill)
                return answer
            }
            let client = GraphAdminClient(
                graphURL: graph.baseURL + "/v1.0", tokenURL: graph.baseURL + "/tenant/oauth2/v2.0/token",
                credentials: GraphCredentials(tenantId: "tenant", clientId: "mamconf", clientSecret: secret),
                redactor: Redactor(), clock: RecordingClock(), jitter: { 0.999 })
            return Hostile(graph: graph, thief: thief, thief6: thief6, client: client)
        }

        /// Requests that reached a listener other than the configured endpoint.
        var stolen: [RecordingListener.Request] { thief.requests + thief6.requests }

        func stop() {
            graph.stop()
            thief.stop()
            thief6.stop()
        }
    }

    /// A first page whose next link is `link`.
    static func firstPage(linkingTo link: String) -> @Sendable (RecordingListener.Request) -> RecordingListener.Answer {
        { request in
            request.target.contains("page=2")
                ? .init(body: #"{"value":[{"id":"g2"}]}"#)
                : .init(body: #"{"value":[{"id":"g1"}],"@odata.nextLink":"\#(link)"}"#)
        }
    }

    @Test("a next-page link to another origin is refused before anything is sent there",
          arguments: [
              "{thief}/v1.0/groups?page=2",                           // another port on 127.0.0.1
              "{thief6}/v1.0/groups?page=2",                          // IPv6 loopback
              "http://localhost:{thiefPort}/v1.0/groups?page=2",      // another name for the same machine
              "https://127.0.0.1:{graphPort}/v1.0/groups?page=2",     // another scheme on the same port
              "http://127.0.0.1:{graphPort}@127.0.0.1:{thiefPort}/v1.0/groups?page=2",  // user info before the real host
              "ftp://127.0.0.1:{graphPort}/v1.0/groups?page=2",       // not HTTP at all
          ])
    func nextLinkElsewhereIsRefused(_ link: String) async throws {
        let hostile = try Hostile.start(script: Self.firstPage(linkingTo: link))
        defer { hostile.stop() }
        await #expect {
            _ = try await hostile.client.list("/groups", transcript: nil)
        } throws: { error in
            guard let fault = error as? BackendFault, case .malformedAnswer(let why) = fault.reason else { return false }
            return why.contains("@odata.nextLink") && why.contains("not Graph's origin") && !fault.description.contains(Self.token)
        }
        #expect(hostile.stolen.isEmpty, "\(link): \(hostile.stolen.map { "\($0.method) \($0.target) \($0.headers)" })")
    }

    @Test("a next-page link on Graph's own origin is followed, however its scheme is spelt")
    func nextLinkOnGraphIsFollowed() async throws {
        let hostile = try Hostile.start(script: Self.firstPage(linkingTo: "HTTP://127.0.0.1:{graphPort}/v1.0/groups?page=2"))
        defer { hostile.stop() }
        let groups = try await hostile.client.list("/groups", transcript: nil)
        #expect(groups.compactMap { $0["id"]?.stringValue } == ["g1", "g2"])
        let pages = hostile.graph.requests.filter { $0.method == "GET" }
        #expect(pages.count == 2 && pages.allSatisfy { $0.headers["authorization"] == "Bearer \(Self.token)" })
    }

    @Test("a Graph call answered with a redirect elsewhere fails clearly; the redirect is not followed")
    func graphRedirectIsNotFollowed() async throws {
        let hostile = try Hostile.start { _ in .init(status: 302, headers: ["Location": "{thief}/v1.0/groups"]) }
        defer { hostile.stop() }
        await #expect {
            _ = try await hostile.client.list("/groups", transcript: nil)
        } throws: { error in
            guard let fault = error as? BackendFault, case .malformedAnswer(let why) = fault.reason else { return false }
            return why.contains("redirect (HTTP 302)") && why.contains("another origin") && why.contains("not followed")
        }
        #expect(hostile.stolen.isEmpty)
    }

    @Test("a token endpoint answering with a redirect gets the secret once, at its own origin, and a clear refusal")
    func tokenRedirectIsNotFollowed() async throws {
        let hostile = try Hostile.start(tokenAnswer: .init(status: 307, headers: ["Location": "{thief}/tenant/oauth2/v2.0/token"])) { _ in .init() }
        defer { hostile.stop() }
        await #expect {
            _ = try await hostile.client.list("/groups", transcript: nil)
        } throws: { error in
            guard let fault = error as? BackendFault, case .credentials(let why) = fault.reason else { return false }
            return why.contains("redirect (HTTP 307)") && why.contains("not followed") && !why.contains(Self.secret)
        }
        #expect(hostile.stolen.isEmpty)
        #expect(hostile.graph.requests.count == 1, "sent once, to the configured login origin")
        #expect(hostile.graph.requests.first?.body.contains("client_secret=") == true)
    }

    @Test("an answer over its limits is refused without being parsed or asked again",
          arguments: [
              ("9 MiB", #"{"value":[""# + String(repeating: "x", count: 9 << 20) + #""]}"#, "larger than the 8388608-byte limit"),
              ("nested 100 deep", String(repeating: "[", count: 100) + String(repeating: "]", count: 100), "nests deeper than 64"),
              ("300,000 values", #"{"value":["# + Array(repeating: "0", count: 300_000).joined(separator: ",") + "]}", "more than 250000 values"),
          ])
    func oversizedAnswerIsRefused(_ name: String, body: String, reason: String) async throws {
        let hostile = try Hostile.start { _ in .init(body: body) }
        defer { hostile.stop() }
        await #expect {
            _ = try await hostile.client.list("/groups", transcript: nil)
        } throws: { error in
            guard let fault = error as? BackendFault, case .malformedAnswer(let why) = fault.reason else { return false }
            return why.contains(reason)
        }
        #expect(hostile.graph.requests.filter { $0.method == "GET" }.count == 1, "\(name): read once, never retried")
    }
}
