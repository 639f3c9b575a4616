import AdapterProtocol
import CurlHTTP
import Foundation
import Testing

@testable import MockMAMService

/// Fault-injection and telemetry helpers for ``TenantFixture``.
extension TenantFixture {
    /// `POST /_mock/tenants/{t}/faults`; the raw answer, so refusals can be checked too.
    @discardableResult
    func injectFault(_ body: JSONValue) async throws -> MockBackendFixture.Answer {
        try await backend.json("POST", "/_mock/tenants/\(id)/faults", body)
    }

    /// Arms a fault that must be accepted and returns its id.
    @discardableResult
    func armFault(route: String, status: Int, times: Int? = nil) async throws -> String {
        var body: [String: JSONValue] = ["route": .string(route), "status": .number(Double(status))]
        if let times { body["times"] = .number(Double(times)) }
        let answer = try await injectFault(.object(body))
        try #require(answer.status == 201, "arm fault: \(answer.text)")
        return try #require(answer["faultId"]?.stringValue)
    }

    /// `POST /_mock/tenants/{t}/faults/release` for one route; the raw answer.
    func release(_ route: String) async throws -> MockBackendFixture.Answer {
        try await backend.json("POST", "/_mock/tenants/\(id)/faults/release", ["route": .string(route)])
    }

    /// The same tenant through a client of its own: one ``HTTPClient`` serves its requests one at a time, so a
    /// request the mock holds must not share the client that sends the release.
    func onOwnClient() -> TenantFixture {
        let client = HTTPClient(label: "mock-backend-tests.held", timeouts: HTTPTimeouts(connect: .seconds(5), total: .seconds(20)))
        return TenantFixture(backend: MockBackendFixture(server: backend.server, baseURL: backend.baseURL, client: client), info: info)
    }

    /// `GET /_mock/tenants/{t}/faults`: the active faults.
    func faults() async throws -> [JSONValue] {
        let answer = try await backend.json("GET", "/_mock/tenants/\(id)/faults")
        try #require(answer.status == 200, "faults: \(answer.text)")
        return try #require(answer["faults"]?.arrayValue)
    }

    /// `DELETE /_mock/tenants/{t}/faults`: the status.
    func clearFaults() async throws -> Int {
        try await backend.json("DELETE", "/_mock/tenants/\(id)/faults").status
    }

    /// `POST {mam}/telemetry` with events of the given names.
    func telemetry(_ alias: String, token: String?, events: [String], deviceTag: String = "device-1") async throws
        -> MockBackendFixture.Answer
    {
        try await backend.json(
            "POST", mam + "/telemetry",
            [
                "accountId": .string(objectId(alias)), "deviceTag": .string(deviceTag),
                "events": .array(events.map { ["name": .string($0), "durationMs": 12] }),
            ], bearer: token)
    }

    /// The journal entries of one route.
    func journal(route: String) async throws -> [JSONValue] {
        try await journal().filter { $0["route"] == .string(route) }
    }
}
