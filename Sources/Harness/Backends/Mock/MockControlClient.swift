import AdapterProtocol
import ConformanceCore
import CurlHTTP
import Foundation

/// The mock's `/_mock/` test controls over HTTP, with its admin token when the mock requires one.
struct MockControlClient: Sendable {
    let baseURL: String
    let http: HTTPClient
    private let controlToken: String?
    private let redactor: Redactor

    init(baseURL: String, controlToken: String?, redactor: Redactor, timeouts: HTTPTimeouts) {
        self.baseURL = baseURL
        self.controlToken = controlToken
        self.redactor = redactor
        if let controlToken { redactor.add(controlToken) }
        self.http = HTTPClient(label: "mamconf.backend", timeouts: timeouts)
    }

    private init(copying other: MockControlClient, http: HTTPClient) {
        baseURL = other.baseURL
        controlToken = other.controlToken
        redactor = other.redactor
        self.http = http
    }

    /// The same controls over another client (a tenant's own connection).
    func using(_ http: HTTPClient) -> MockControlClient {
        MockControlClient(copying: self, http: http)
    }

    func checkHealth() async throws(BackendFault) {
        let response = try await send(.json("GET", "\(baseURL)/_mock/health", bearer: controlToken), transcript: nil)
        guard response.status == 200 else {
            throw BackendFault(request: "GET \(baseURL)/_mock/health", reason: .status(response.status, ServiceError(
                code: "notAMock", message: "answered HTTP \(response.status): is this a mamconf mock backend?")))
        }
    }

    /// A control call; throws unless the answer has status `expect`.
    func json(_ method: String, _ path: String, body: JSONValue? = nil, expect status: Int, transcript: Transcript?) async throws(BackendFault) -> JSONValue {
        let url = baseURL + path
        let response = try await send(.json(method, url, body: body?.serialized(), bearer: controlToken), transcript: transcript)
        guard response.status == status else {
            throw BackendFault(request: "\(method) \(url)", reason: .status(response.status, ServiceError(
                code: "mockControl", message: redactor.redact(String(response.text.prefix(500))))))
        }
        if response.body.isEmpty { return .null }
        do { return try JSONValue.parse(response.body) } catch {
            throw BackendFault(request: "\(method) \(url)", reason: .malformedAnswer(redactor.redact(String(response.text.prefix(200)))))
        }
    }

    /// Sends one request and writes its line to the transcript.
    func send(_ request: HTTPRequest, transcript: Transcript?) async throws(BackendFault) -> HTTPResponse {
        let started = DispatchTime.now().uptimeNanoseconds
        let path = request.url.hasPrefix(baseURL) ? String(request.url.dropFirst(baseURL.count)) : request.url
        do {
            let response = try await http.send(request)
            let millis = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6
            transcript?.add("backend \(request.method) \(path) → \(response.status) (\(String(format: "%.1f", millis)) ms)")
            return response
        } catch {
            transcript?.add("backend \(request.method) \(path) → \(error)")
            throw BackendFault(request: "\(request.method) \(request.url)", reason: .transport(error.reason))
        }
    }
}
