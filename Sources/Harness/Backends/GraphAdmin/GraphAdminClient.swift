import AdapterProtocol
import ConformanceCore
import CurlHTTP
import Foundation

/// Calls Microsoft Graph (or the mock's Graph face) as a tenant's administrator, over libcurl.
///
/// Both backend drivers use it through ``GraphCalling``. What it adds to plain HTTP is what makes runs against a
/// real tenant trustworthy: the client-credentials token, cached and renewed before it expires and once more when
/// Graph answers 401; retries of throttled (429, 503 + `Retry-After`) and failed (5xx, no answer) calls within
/// ``GraphRetryPolicy``; creates that are never sent twice when the first may have reached the service (the
/// collection is searched for the object first); paging; and Graph's error body kept typed in the fault.
///
/// The token and the client's proof are the tenant administrator's: they go only where they were configured to go.
/// Every Graph call's URL (a next-page link included) must be on the origin of `graphURL`, and the proof goes only
/// to `tokenURL`; no redirect is followed (libcurl is never told to), and one is refused with where it pointed.
/// Answers are read up to ``GraphAnswerLimits`` (size, then JSON depth and values), so a hostile or broken endpoint
/// cannot exhaust the machine.
public struct GraphAdminClient: GraphCalling {
    let graphURL: String
    let tokenURL: String
    let credentials: GraphCredentials
    let redactor: Redactor
    let policy: GraphRetryPolicy
    /// The clock the deadline runs on and the backoff waits on: a seam, so tests wait in virtual time (waiting for a
    /// throttled service is what a real run must do, not a synchronisation shortcut).
    let clock: any HarnessClock
    /// A uniform draw in [0, 1) for the backoff's jitter.
    let jitter: @Sendable () -> Double
    /// Stripped from URLs in transcript lines, so they show Graph paths.
    let pathBase: String
    private let http: HTTPClient
    /// Creates go out on their own connections (each `Connection: close`), so no create is ever sent on a stale
    /// keep-alive connection that libcurl would silently send again on; nil sends them like every other call.
    private let createHTTP: HTTPClient?
    private let tokens = GraphTokenCache()
    /// Where the administrator's token may be sent (nil when `graphURL` is not an absolute http(s) URL: then nothing is).
    private let graphOrigin: HTTPOrigin?
    private let limits = GraphAnswerLimits()

    public init(graphURL: String, tokenURL: String, credentials: GraphCredentials, redactor: Redactor,
                policy: GraphRetryPolicy = GraphRetryPolicy(), clock: any HarnessClock = SystemHarnessClock(),
                jitter: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }, pathBase: String? = nil, timeouts: HTTPTimeouts = HTTPTimeouts(connect: .seconds(10), total: .seconds(60)),
                sharing client: HTTPClient? = nil) {
        self.graphURL = graphURL
        self.tokenURL = tokenURL
        self.credentials = credentials
        self.redactor = redactor
        self.policy = policy
        self.clock = clock
        self.jitter = jitter
        self.pathBase = pathBase ?? graphURL
        // A shared client (the mock driver's, talking to a loopback mock) keeps every call on its one connection.
        http = client ?? HTTPClient(label: "mamconf.graph", timeouts: timeouts, maximumResponseBytes: limits.maximumBytes)
        createHTTP = client == nil
            ? HTTPClient(label: "mamconf.graph.create", timeouts: timeouts, maximumResponseBytes: limits.maximumBytes) : nil
        graphOrigin = HTTPOrigin(url: graphURL)
        redactor.add(credentials.secrets)
    }

    /// The client for a tenant of the public cloud or a look-alike: the token endpoint is
    /// `{loginURL}/{tenant}/oauth2/v2.0/token`.
    public init(graphURL: String, loginURL: String, credentials: GraphCredentials, redactor: Redactor,
                policy: GraphRetryPolicy = GraphRetryPolicy(), clock: any HarnessClock = SystemHarnessClock(),
                jitter: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }) {
        self.init(graphURL: graphURL, tokenURL: "\(loginURL)/\(credentials.tenantId)/oauth2/v2.0/token",
                  credentials: credentials, redactor: redactor, policy: policy, clock: clock, jitter: jitter)
    }

    // MARK: GraphCalling

    /// The v1.0 base with its version segment replaced (`…/v1.0` → `…/beta`).
    public func betaURL(_ path: String) -> String {
        let base = graphURL.hasSuffix("/v1.0") ? String(graphURL.dropLast("/v1.0".count)) + "/beta" : graphURL + "/beta"
        return base + path
    }

    public func call(_ method: String, _ path: String, body: JSONValue?, expect: Int, transcript: Transcript?) async throws(BackendFault) -> JSONValue {
        let url = path.hasPrefix("http") ? path : graphURL + path
        try checkOnGraph(url, request: "\(method) \(url)", because: "the call's URL")
        let isCreate = method == "POST" && expect == 201 && body?["displayName"]?.stringValue != nil
        var budget = RetryBudget(started: clock.now())
        var refreshed = false
        var uncertain = false
        while true {
            if isCreate && uncertain, let existing = try await findCreated(url, body: body, budget: &budget, transcript: transcript) {
                transcript?.add("backend POST \(shown(url)): the first attempt had created \(existing["id"]?.stringValue ?? "it"); not sent again")
                return existing
            }
            let bearer = try await token(transcript: transcript)
            var request = HTTPRequest.json(method, url, body: body?.serialized(), bearer: bearer)
            let createClient = isCreate ? createHTTP : nil
            if createClient != nil { request.headers.append(("Connection", "close")) }
            let response: HTTPResponse
            do {
                response = try await exchange(request, client: createClient ?? http, budget: &budget,
                                              resendsAfterNoAnswer: !isCreate, transcript: transcript)
            } catch let fault where isCreate && fault.isUncertain {
                // The create may have reached the service: look before sending it again.
                uncertain = true
                try await pause(after: fault.message, budget: &budget, request: "\(method) \(url)")
                continue
            }
            if response.status == expect { return try parse(response, request: "\(method) \(url)") }
            if let refusal = redirectRefusal(response, origin: graphOrigin) {
                throw BackendFault(request: redactor.redact("\(method) \(url)"), reason: .malformedAnswer(refusal))
            }
            if response.status == 401 && !refreshed {
                refreshed = true
                await tokens.invalidate()
                continue
            }
            // A repeated call after an answer that was lost: what it already did is not an error.
            if budget.attempts > 1 || uncertain {
                if method == "DELETE" && response.status == 404 { return .null }
                if response.status == 400, serviceError(response)?.message.contains("already exist") == true { return .null }
            }
            throw BackendFault(request: "\(method) \(url)", reason: .status(response.status, serviceError(response)))
        }
    }

    public func list(_ path: String, transcript: Transcript?) async throws(BackendFault) -> [JSONValue] {
        var items: [JSONValue] = []
        var next: String? = path
        var pages = 0
        while let page = next {
            pages += 1
            guard pages <= policy.maximumPages else {
                throw BackendFault(request: "GET \(path)", message: "more than \(policy.maximumPages) pages of @odata.nextLink: the listing does not end")
            }
            let answer = try await call("GET", page, body: nil, expect: 200, transcript: transcript)
            items += answer["value"]?.arrayValue ?? []
            next = try nextLink(of: answer, request: "GET \(page)")
        }
        return items
    }

    // MARK: Where credentials go

    /// Whether `url` can be a Graph or login endpoint: an absolute http(s) URL, whose origin credentials may go to.
    public static func isEndpointURL(_ url: String) -> Bool {
        HTTPOrigin(url: url) != nil
    }

    /// Throws unless `url` is on Graph's origin: the administrator's token is never sent anywhere else.
    private func checkOnGraph(_ url: String, request: String, because what: String) throws(BackendFault) {
        guard let graphOrigin else {
            throw BackendFault(request: request, reason: .invalid("the Graph URL \(graphURL) is not an absolute http(s) URL"))
        }
        guard let origin = HTTPOrigin(url: url), origin == graphOrigin else {
            let target = HTTPOrigin(url: url).map { "\($0)" } ?? "an unusable URL"
            throw BackendFault(request: redactor.redact(request), reason: .malformedAnswer(
                "\(what) is on \(target), not Graph's origin \(graphOrigin): refused, the administrator's token goes only to Graph"))
        }
    }

    /// The answer's `@odata.nextLink`, once it is known to stay on Graph's origin.
    private func nextLink(of answer: JSONValue, request: String) throws(BackendFault) -> String? {
        guard let link = answer["@odata.nextLink"] else { return nil }
        guard let text = link.stringValue else {
            throw BackendFault(request: request, reason: .malformedAnswer("@odata.nextLink is not a string"))
        }
        try checkOnGraph(text, request: request, because: "@odata.nextLink \(redactor.redact(text))")
        return text
    }

    /// Why a redirect is refused (libcurl does not follow them): where it pointed, and whether that is another
    /// origin than `origin`; nil when `response` is no redirect.
    private func redirectRefusal(_ response: HTTPResponse, origin: HTTPOrigin?) -> String? {
        guard (300...399).contains(response.status), let location = response.header("location") else { return nil }
        // A relative Location stays on the origin; an absolute one may not.
        let elsewhere = HTTPOrigin(url: location).map { $0 != origin } ?? false
        return "a redirect (HTTP \(response.status)) to \(redactor.redact(location))"
            + (elsewhere ? ", another origin than \(origin.map { "\($0)" } ?? "the configured one")" : "")
            + ": not followed, credentials go only to the configured endpoints"
    }

    // MARK: Sending

    /// Sends `request` until it gets an answer not worth retrying: 429, 503 and other 5xx are sent again after
    /// `Retry-After` or a backoff; no answer at all is sent again only when `resendsAfterNoAnswer`.
    private func exchange(_ request: HTTPRequest, client: HTTPClient, budget: inout RetryBudget, resendsAfterNoAnswer: Bool,
                          transcript: Transcript?) async throws(BackendFault) -> HTTPResponse {
        let name = "\(request.method) \(request.url)"
        while true {
            budget.attempts += 1
            let response: HTTPResponse
            do {
                response = try await send(request, client: client, transcript: transcript)
            } catch {
                budget.last = error.message
                // Only a call that got no answer is sent again; an answer too large to read would be as large again.
                guard resendsAfterNoAnswer, error.isUncertain else { throw error }
                try await pause(after: error.message, budget: &budget, request: name)
                continue
            }
            guard response.status == 429 || (500...599).contains(response.status) else { return response }
            budget.last = "HTTP \(response.status)" + (serviceError(response).map { " \($0)" } ?? "")
            let told = (response.status == 429 || response.status == 503) ? RetryAfter.wait(response.header("retry-after")) : nil
            try await pause(after: budget.last, budget: &budget, request: name, told: told)
        }
    }

    /// Waits before the next attempt, or throws when the attempts or the deadline are used up.
    private func pause(after last: String, budget: inout RetryBudget, request: String, told: Duration? = nil) async throws(BackendFault) {
        budget.last = last
        let elapsed = clock.elapsed(since: budget.started)
        let wait = told ?? policy.backoff(afterAttempt: budget.attempts, unit: jitter())
        guard budget.attempts < policy.maximumAttempts, elapsed + wait <= policy.deadline else {
            throw BackendFault(request: request, reason: .deadline(after: elapsed, attempts: budget.attempts, last: last))
        }
        do { try await clock.sleep(for: wait) } catch {
            throw BackendFault(request: request, reason: .transport("cancelled while waiting to try again (\(last))"))
        }
    }

    private func send(_ request: HTTPRequest, client: HTTPClient, transcript: Transcript?) async throws(BackendFault) -> HTTPResponse {
        let started = clock.now()
        do {
            let response = try await client.send(request)
            let millis = clock.elapsed(since: started).inSeconds * 1000
            transcript?.add("backend \(request.method) \(shown(request.url)) → \(response.status) (\(String(format: "%.1f", millis)) ms)")
            return response
        } catch {
            transcript?.add("backend \(request.method) \(shown(request.url)) → \(error)")
            if case .responseTooLarge = error {
                throw BackendFault(request: "\(request.method) \(request.url)", reason: .malformedAnswer(error.reason))
            }
            throw BackendFault(request: "\(request.method) \(request.url)", reason: .transport(error.reason))
        }
    }

    /// After a create whose outcome is unknown: the object it would have made, found by its display name (unique:
    /// every object a run creates carries the run's tag), or nil when it is not there.
    private func findCreated(_ url: String, body: JSONValue?, budget: inout RetryBudget, transcript: Transcript?) async throws(BackendFault) -> JSONValue? {
        guard let name = body?["displayName"]?.stringValue else { return nil }
        var next: String? = url
        var pages = 0
        while let page = next, pages < policy.maximumPages {
            pages += 1
            let bearer = try await token(transcript: transcript)
            let response = try await exchange(.json("GET", page, bearer: bearer), client: http, budget: &budget,
                                              resendsAfterNoAnswer: true, transcript: transcript)
            guard response.status == 200 else {
                throw BackendFault(request: "GET \(page)", reason: .status(response.status, serviceError(response)))
            }
            let answer = try parse(response, request: "GET \(page)")
            if let found = answer["value"]?.arrayValue?.first(where: { $0["displayName"]?.stringValue == name }) { return found }
            next = try nextLink(of: answer, request: "GET \(page)")
        }
        return nil
    }

    // MARK: Token

    private func token(transcript: Transcript?) async throws(BackendFault) -> String {
        if let cached = await tokens.current(at: clock.now()) { return cached }
        let proof: [(String, String)]
        do { proof = try credentials.proofFields(tokenURL: tokenURL) } catch {
            throw BackendFault(request: "POST \(tokenURL)", reason: .credentials(error.description))
        }
        for (name, value) in proof where name == "client_assertion" { redactor.add(value) }
        let request = HTTPRequest.form(url: tokenURL, fields: [("grant_type", "client_credentials"), ("client_id", credentials.clientId)]
            + proof + [("scope", "https://graph.microsoft.com/.default")])
        var budget = RetryBudget(started: clock.now())
        let response = try await exchange(request, client: http, budget: &budget, resendsAfterNoAnswer: true, transcript: transcript)
        if let refusal = redirectRefusal(response, origin: HTTPOrigin(url: tokenURL)) {
            throw BackendFault(request: "POST \(tokenURL)", reason: .credentials("the token endpoint answered with \(refusal)"))
        }
        guard response.status == 200, let body = try? limits.parse(response.body), let issued = body["access_token"]?.stringValue else {
            let answer = try? limits.parse(response.body)
            let why = answer?["error_description"]?.stringValue ?? answer?["error"]?.stringValue ?? "HTTP \(response.status)"
            throw BackendFault(request: "POST \(tokenURL)", reason: .credentials(
                "the token endpoint refused the client credentials (HTTP \(response.status)): \(redactor.redact(why))"))
        }
        redactor.add(issued)
        await tokens.store(issued, expiresIn: .seconds(body["expires_in"]?.doubleValue ?? 3599), at: clock.now())
        return issued
    }

    // MARK: Answers

    private func parse(_ response: HTTPResponse, request: String) throws(BackendFault) -> JSONValue {
        if response.body.isEmpty { return .null }
        do { return try limits.parse(response.body) } catch let error as GraphAnswerLimits.Exceeded {
            throw BackendFault(request: request, reason: .malformedAnswer(error.description))
        } catch {
            throw BackendFault(request: request, reason: .malformedAnswer(redactor.redact(String(response.text.prefix(200)))))
        }
    }

    private func serviceError(_ response: HTTPResponse) -> ServiceError? {
        guard let body = try? limits.parse(response.body), let error = body["error"], let code = error["code"]?.stringValue else {
            return response.body.isEmpty ? nil : ServiceError(code: "unknown", message: redactor.redact(String(response.text.prefix(300))))
        }
        return ServiceError(code: code, message: redactor.redact(error["message"]?.stringValue ?? ""),
                            requestId: error["innerError"]?["request-id"]?.stringValue, date: error["innerError"]?["date"]?.stringValue)
    }

    private func shown(_ url: String) -> String {
        url.hasPrefix(pathBase) ? String(url.dropFirst(pathBase.count)) : url
    }
}

/// The attempts and time one call has used.
struct RetryBudget {
    let started: ContinuousClock.Instant
    var attempts = 0
    var last = ""
}

extension BackendFault {
    /// No answer came: the request may or may not have reached the service.
    var isUncertain: Bool {
        if case .transport = reason { return true }
        return false
    }
}
