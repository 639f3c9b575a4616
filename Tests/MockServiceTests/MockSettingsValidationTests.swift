import AdapterProtocol
import CurlHTTP
import Foundation
import Logging
import Testing

@testable import MockMAMService

/// Every number the mock runs on is checked before it serves: its settings, and every number of a state file, which
/// a person or another program may have edited. A value out of range stops the start with a clear error instead of
/// trapping (or wrapping) later.
@Suite(.serialized) struct MockSettingsValidationTests {
    @Test("a setting out of its range stops the start and names the setting",
          arguments: [
              ("port", MockServiceConfiguration(port: 70_000)), ("port", MockServiceConfiguration(port: -1)),
              ("idleTimeout", MockServiceConfiguration(idleTimeout: .zero)),
              ("idleTimeout", MockServiceConfiguration(idleTimeout: .seconds(86_401))),
              ("idleTimeout", MockServiceConfiguration(idleTimeout: .seconds(Int64.max))),
              ("headerTimeout", MockServiceConfiguration(headerTimeout: .seconds(-1))),
              ("maximumConnections", MockServiceConfiguration(maximumConnections: 0)),
              ("threads", MockServiceConfiguration(threads: 0)), ("threads", MockServiceConfiguration(threads: 65)),
              ("tokenLifetime", MockServiceConfiguration(tokenLifetime: .seconds(Int64.max))),
              ("tokenLifetime", MockServiceConfiguration(tokenLifetime: .milliseconds(999))),
              ("graphPageSize", MockServiceConfiguration(graphPageSize: -1)), ("graphPageSize", MockServiceConfiguration(graphPageSize: 0)),
              ("journalLimit", MockServiceConfiguration(journalLimit: 0)),
              ("stateSaveInterval", MockServiceConfiguration(stateSaveInterval: .zero)),
          ])
    func settingOutOfRange(_ name: String, _ configuration: MockServiceConfiguration) async throws {
        let server = MockMAMServer(configuration: configuration, logger: .quiet)
        await #expect {
            try await server.start()
        } throws: { error in
            guard case .invalidConfiguration(let problem)? = error as? MockMAMServer.LifecycleError else { return false }
            return problem.hasPrefix(name)
        }
        #expect(await server.baseURL == nil, "nothing was bound")
    }

    @Test("a timeout given in seconds becomes a Duration only inside a millisecond to a day; nan, inf and 1e308 are refused, never trapped on",
          arguments: [(Double.nan, nil), (.infinity, nil), (-.infinity, nil), (1e308, nil), (0, nil), (-1, nil), (0.0009, nil),
                      (86_400.5, nil), (0.001, Duration.milliseconds(1)), (30, .seconds(30)), (2.5, .milliseconds(2500)),
                      (86_400, .seconds(86_400))] as [(Double, Duration?)])
    func timeoutFromSeconds(_ seconds: Double, _ expected: Duration?) {
        #expect(MockServiceConfiguration.timeout(seconds: seconds) == expected)
    }

    /// A state file written by a mock holding one tenant with a policy, an armed fault, a fault schedule and journal
    /// entries, with its parsed contents.
    static func savedState(in directory: String) async throws -> (path: String, contents: Any) {
        let path = "\(directory)/state.json"
        try await MockBackendFixture.with(configuration: MockServiceConfiguration(stateFile: path)) { backend in
            let tenant = try await TenantFixture.create(backend)
            _ = try await tenant.createAssignedPolicy(admin: try await tenant.adminToken())
            let fault = try await backend.json("POST", "/_mock/tenants/\(tenant.id)/faults",
                                               ["route": "mam.enroll", "status": 503, "retryAfter": 2, "delayMs": 5, "times": 3])
            try #require(fault.status == 201, "\(fault.text)")
            let schedule = try await backend.json("POST", "/_mock/tenants/\(tenant.id)/fault-schedule",
                                                  ["routes": ["mam.checkin"], "rate": 0.5, "faults": [["status": 500]], "seed": "7", "limit": 2])
            try #require(schedule.status == 201, "\(schedule.text)")
        }
        return (path, try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))))
    }

    /// `root` with the value at `keys` (object members by name, list items by index) replaced; nil when there is none.
    static func replacing(_ keys: ArraySlice<String>, in root: Any, with value: Any) -> Any? {
        guard let key = keys.first else { return value }
        if var object = root as? [String: Any], let member = object[key] {
            object[key] = replacing(keys.dropFirst(), in: member, with: value)
            return object[key] == nil ? nil : object
        }
        if var list = root as? [Any], let index = Int(key), list.indices.contains(index) {
            guard let item = replacing(keys.dropFirst(), in: list[index], with: value) else { return nil }
            list[index] = item
            return list
        }
        return nil
    }

    /// A value written into the saved state.
    enum Edit: Sendable {
        case int(Int), double(Double), string(String), emptyList

        var value: Any {
            switch self {
            case .int(let value): return value
            case .double(let value): return value
            case .string(let value): return value
            case .emptyList: return [Any]()
            }
        }
    }

    @Test("a state file number out of range stops the start with the tenant, the field and what to do; the file is kept",
          arguments: [
              ("graphPageSize", "graphPageSize", Edit.int(-1)), ("graphPageSize", "graphPageSize", .int(0)),
              ("tokenLifetime", "tokenLifetime", .int(Int.max)), ("tokenLifetime", "tokenLifetime", .int(-5)),
              ("telemetryEventCount", "telemetryEventCount", .int(-1)), ("now", "now", .double(1e300)),
              ("version of policy", "policies.0.version", .int(Int.max)), ("version of policy", "policies.0.version", .int(0)),
              ("remaining", "faults.0.remaining", .int(0)), ("delayMs", "faults.0.delayMs", .int(1_000_000_000)),
              ("status must be", "faults.0.answer.status._0", .int(99_999)),
              ("retryAfter", "faults.0.answer.status.retryAfter", .int(-1)),
              ("unknown route", "faults.0.route", .string("nothing.here")),
              ("rate", "faultSchedules.0.rate", .int(2)), ("faults must not be empty", "faultSchedules.0.answers", .emptyList),
              ("limit", "faultSchedules.0.limit", .int(0)), ("injected", "faultSchedules.0.injected", .int(-3)),
              ("journal seq", "journal.0.seq", .int(Int.max)), ("status of journal entry", "journal.0.status", .int(5000)),
          ])
    func stateFileNumberOutOfRange(_ reason: String, _ keyPath: String, _ edit: Edit) async throws {
        let directory = NSTemporaryDirectory() + "mamconf-state-check-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let (path, saved) = try await Self.savedState(in: directory)
        let keys = ["tenants", "0"] + keyPath.split(separator: ".").map(String.init)
        let contents = try #require(Self.replacing(keys[...], in: saved, with: edit.value), "\(keyPath) is not in the saved state")
        let edited = try JSONSerialization.data(withJSONObject: contents)
        try edited.write(to: URL(fileURLWithPath: path))

        let server = MockMAMServer(configuration: MockServiceConfiguration(stateFile: path), logger: .quiet)
        await #expect {
            try await server.start()
        } throws: { error in
            guard case .unusableStateFile(let problem)? = error as? MockMAMServer.LifecycleError else { return false }
            return problem.contains(path) && problem.contains("tenant ") && problem.contains(reason) && problem.contains("delete it")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == edited, "the file is left as it was")
    }

    @Test("the clock control keeps a tenant's clock where its state can be saved and loaded again (years 0001-9999)",
          arguments: [["advanceSeconds": 1e300], ["advanceSeconds": 1e12], ["set": "9999-12-31T23:59:59Z"]] as [JSONValue])
    func clockStaysSavable(_ move: JSONValue) async throws {
        let directory = NSTemporaryDirectory() + "mamconf-clock-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let configuration = MockServiceConfiguration(stateFile: "\(directory)/state.json")
        var tenantId = ""
        try await MockBackendFixture.with(configuration: configuration) { backend in
            tenantId = try await TenantFixture.create(backend).id
            let first = try await backend.json("POST", "/_mock/tenants/\(tenantId)/clock", move)
            let second = try await backend.json("POST", "/_mock/tenants/\(tenantId)/clock", ["advanceSeconds": 1e12])
            #expect([first.status, second.status].contains(400), "\(move): one of the moves leaves the years 0001-9999")
            #expect(!([first, second].contains { $0.status == 200 && $0["now"]?.stringValue?.hasPrefix("+") == true }))
        }
        try await MockBackendFixture.with(configuration: configuration) { backend in
            let journal = try await backend.json("GET", "/_mock/tenants/\(tenantId)/journal")
            #expect(journal.status == 200, "the saved state loads again")
        }
    }
}
