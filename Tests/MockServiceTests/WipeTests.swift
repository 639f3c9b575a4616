import CurlHTTP
import Foundation
import Testing

@testable import MockMAMService

@Suite("Selective wipe")
struct WipeTests {
    @Test("a wipe by device tag is delivered at check-in until the SDK unenrolls")
    func wipeDelivered() async throws {
        try await MockBackendFixture.with { backend in
            let tenant = try await TenantFixture.create(backend)
            let admin = try await tenant.adminToken()
            _ = try await tenant.createAssignedPolicy(admin: admin)
            let alice = try await tenant.userTokens("alice@contoso.example", "alice pass+1")
            #expect(try await tenant.enroll("alice", token: alice.access)["outcome"] == "enrolled")
            #expect(try await tenant.checkin("alice", token: alice.access)["commands"] == [])

            let wipe = try await backend.json(
                "POST", tenant.graph + "/users/\(tenant.objectId("alice"))/microsoft.graph.wipeManagedAppRegistrationsByDeviceTag",
                ["deviceTag": "device-1"], bearer: admin)
            #expect(wipe.status == 204)

            #expect(try await tenant.checkin("alice", token: alice.access)["commands"] == ["wipe"])
            #expect(try await tenant.checkin("alice", token: alice.access)["commands"] == ["wipe"], "re-sent until unenroll")

            let unenroll = try await backend.json(
                "POST", tenant.mam + "/unenroll",
                ["accountId": .string(tenant.objectId("alice")), "deviceTag": "device-1"], bearer: alice.access)
            #expect(unenroll.status == 200)
            #expect(unenroll.body == [:])
            #expect(try await tenant.checkin("alice", token: alice.access).status == 404)

            let registrations = try await backend.json(
                "GET", tenant.graph + "/deviceAppManagement/managedAppRegistrations", bearer: admin)
            #expect(registrations["value"] == [])

            // Enrolling again starts clean: the wipe is done.
            #expect(try await tenant.enroll("alice", token: alice.access)["outcome"] == "enrolled")
            #expect(try await tenant.checkin("alice", token: alice.access)["commands"] == [])
        }
    }

    @Test("a wipe for one device tag leaves another device alone")
    func otherDeviceUntouched() async throws {
        try await MockBackendFixture.with { backend in
            let tenant = try await TenantFixture.create(backend)
            let admin = try await tenant.adminToken()
            _ = try await tenant.createAssignedPolicy(admin: admin)
            let alice = try await tenant.userTokens("alice@contoso.example", "alice pass+1")
            _ = try await tenant.enroll("alice", token: alice.access, deviceTag: "phone")
            _ = try await tenant.enroll("alice", token: alice.access, deviceTag: "tablet")
            let wipe = try await backend.json(
                "POST", tenant.graph + "/users/\(tenant.objectId("alice"))/wipeManagedAppRegistrationsByDeviceTag",
                ["deviceTag": "phone"], bearer: admin)
            #expect(wipe.status == 204)
            #expect(try await tenant.checkin("alice", token: alice.access, deviceTag: "tablet")["commands"] == [])
            #expect(try await tenant.checkin("alice", token: alice.access, deviceTag: "phone")["commands"] == ["wipe"])
        }
    }
}
