import AdapterProtocol
import ConformanceCore
import CurlHTTP
import Foundation

/// Graph calls against a mock tenant with its administrator's client secret.
struct MockAdminGraph: GraphCalling {
    let graphURL: String
    let tokenURL: String
    let clientId: String
    let secret: String
    let http: HTTPClient
    let redactor: Redactor
    /// Stripped from URLs in transcript lines.
    let pathBase: String
    private let token = TokenBox()

    init(graphURL: String, tokenURL: String, clientId: String, secret: String, http: HTTPClient, redactor: Redactor, pathBase: String) {
        self.graphURL = graphURL
        self.tokenURL = tokenURL
        self.clientId = clientId
        self.secret = secret
        self.http = http
        self.redactor = redactor
        self.pathBase = pathBase
    }

    func call(_ method: String, _ path: String, body: JSONValue?, expect status: Int, transcript: Transcript?) async throws(BackendFault) -> JSONValue {
        let url = path.hasPrefix("http") ? path : graphURL + path
        var bearer = try await currentToken(transcript: transcript)
        var response = try await send(.json(method, url, body: body?.serialized(), bearer: bearer), transcript: transcript)
        // Tokens expire on the mock's clock, which cases move by hours: one retry with a fresh token.
        if response.status == 401 {
            await token.clear()
            bearer = try await currentToken(transcript: transcript)
            response = try await send(.json(method, url, body: body?.serialized(), bearer: bearer), transcript: transcript)
        }
        guard response.status == status else {
            throw BackendFault(request: "\(method) \(url)", reason: .status(response.status, serviceError(response)))
        }
        if response.body.isEmpty { return .null }
        do { return try JSONValue.parse(response.body) } catch {
            throw BackendFault(request: "\(method) \(url)", reason: .malformedAnswer(redactor.redact(String(response.text.prefix(200)))))
        }
    }

    func list(_ path: String, transcript: Transcript?) async throws(BackendFault) -> [JSONValue] {
        var items: [JSONValue] = []
        var next: String? = path
        while let page = next {
            let answer = try await call("GET", page, body: nil, expect: 200, transcript: transcript)
            items += answer["value"]?.arrayValue ?? []
            next = answer["@odata.nextLink"]?.stringValue
        }
        return items
    }

    private func currentToken(transcript: Transcript?) async throws(BackendFault) -> String {
        if let cached = await token.value { return cached }
        let request = HTTPRequest.form(url: tokenURL, fields: [
            ("grant_type", "client_credentials"), ("client_id", clientId), ("client_secret", secret),
            ("scope", "https://graph.microsoft.com/.default"),
        ])
        let response = try await send(request, transcript: transcript)
        guard response.status == 200, let body = try? JSONValue.parse(response.body), let issued = body["access_token"]?.stringValue else {
            throw BackendFault(request: "POST \(tokenURL)", reason: .credentials("admin token refused: HTTP \(response.status) \(redactor.redact(response.text))"))
        }
        redactor.add(issued)
        await token.set(issued)
        return issued
    }

    private func serviceError(_ response: HTTPResponse) -> ServiceError? {
        guard let body = try? JSONValue.parse(response.body), let error = body["error"], let code = error["code"]?.stringValue else {
            return response.body.isEmpty ? nil : ServiceError(code: "unknown", message: redactor.redact(String(response.text.prefix(300))))
        }
        return ServiceError(code: code, message: redactor.redact(error["message"]?.stringValue ?? ""),
                            requestId: error["innerError"]?["request-id"]?.stringValue, date: error["innerError"]?["date"]?.stringValue)
    }

    private func send(_ request: HTTPRequest, transcript: Transcript?) async throws(BackendFault) -> HTTPResponse {
        let started = DispatchTime.now().uptimeNanoseconds
        let path = request.url.hasPrefix(pathBase) ? String(request.url.dropFirst(pathBase.count)) : request.url
        do {
            let response = try await http.send(request)
            let millis = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6
            transcript?.add("backend \(request.method) \(path) → \(response.status) (\(String(format: "%.1f", millis)) ms)")
            return response
        } catch {
            transcript?.add("backend \(request.method) \(path) → \(error)")
            throw BackendFault(request: "\(request.method) \(request.url)", reason: .transport(error.description))
        }
    }
}

/// The tenant's current admin token.
private actor TokenBox {
    var value: String?
    func set(_ token: String) { value = token }
    func clear() { value = nil }
}
