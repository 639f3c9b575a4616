import AdapterProtocol
import Foundation
import Testing

@testable import MockMAMService

/// CL-06: the policy's action for used-up PIN attempts (`appActionIfMaximumPinRetriesExceeded`, beta-only) is modelled
/// on the beta endpoint, with Graph's `managedAppRemediationAction` values, and refused by v1.0 like Graph does.
@Suite("PIN-attempts action (beta appActionIfMaximumPinRetriesExceeded)")
struct PinRetriesActionTests {
    @Test("beta takes the remediation actions and refuses other values; v1.0 refuses the property", arguments: [
        ("beta", JSONValue.string("wipe"), 204),
        ("beta", JSONValue.string("block"), 204),
        ("beta", JSONValue.string("blockWhenSettingIsSupported"), 204),
        ("beta", JSONValue.string("warn"), 204),
        ("beta", JSONValue.string("Wipe"), 400),
        ("beta", JSONValue.string("explode"), 400),
        ("beta", JSONValue.bool(true), 400),
        ("v1.0", JSONValue.string("wipe"), 400),
    ])
    func theActionIsModelledOnBetaOnly(version: String, value: JSONValue, status: Int) async throws {
        try await MockBackendFixture.with { backend in
            let tenant = try await TenantFixture.create(backend)
            let admin = try await tenant.adminToken()
            let policyId = try await tenant.createAssignedPolicy(admin: admin)
            let base = tenant.graph.replacingOccurrences(of: "/v1.0", with: "/\(version)")
            let patched = try await backend.json(
                "PATCH", base + "/deviceAppManagement/iosManagedAppProtections/\(policyId)",
                ["appActionIfMaximumPinRetriesExceeded": value], bearer: admin)
            #expect(patched.status == status, "\(patched.text)")
        }
    }
}
