import CurlHTTP
import Foundation
import Testing

@testable import MockMAMService

@Suite("MAM service")
struct MAMServiceTests {
    @Test("targeting: targeted → enrolled, licensed untargeted → not-targeted, unlicensed → not-licensed")
    func targetingRule() async throws {
        try await MockBackendFixture.with { backend in
            let tenant = try await TenantFixture.create(backend)
            let admin = try await tenant.adminToken()
            let policyId = try await tenant.createAssignedPolicy(admin: admin)

            let alice = try await tenant.userTokens("alice@contoso.example", "alice pass+1")
            let enrolled = try await tenant.enroll("alice", token: alice.access)
            #expect(enrolled.status == 200)
            #expect(enrolled["outcome"] == "enrolled")

            let bob = try await tenant.userTokens("bob@contoso.example", "bob-pass")
            #expect(try await tenant.enroll("bob", token: bob.access)["outcome"] == "not-targeted")

            let carol = try await tenant.userTokens("carol@contoso.example", "carol-pass")
            #expect(try await tenant.enroll("carol", token: carol.access)["outcome"] == "not-licensed")

            // Only the successful enrollment left a registration.
            let registrations = try await backend.json(
                "GET", tenant.graph + "/deviceAppManagement/managedAppRegistrations", bearer: admin)
            let values = try #require(registrations["value"]?.arrayValue)
            #expect(values.count == 1)
            let registration = try #require(values.first)
            #expect(registration["userId"] == .string(tenant.objectId("alice")))
            #expect(registration["deviceTag"] == "device-1")
            #expect(registration["managementSdkVersion"] == "19.0.0")
            #expect(registration["appIdentifier"]?["bundleId"] == .string(TenantFixture.bundleId))
            #expect(registration["appliedPolicyIds"] == [.string(policyId)])
            #expect(registration["lastSyncDateTime"] == "2026-01-01T00:00:00Z")
        }
    }

    @Test("a policy assigned to another app does not target the user")
    func otherBundle() async throws {
        try await MockBackendFixture.with { backend in
            let tenant = try await TenantFixture.create(backend)
            let admin = try await tenant.adminToken()
            let policyId = try await tenant.createAssignedPolicy(admin: admin)
            let target = tenant.graph + "/deviceAppManagement/iosManagedAppProtections/\(policyId)/targetApps"
            let retarget = try await backend.json(
                "POST", target, ["apps": [["mobileAppIdentifier": ["bundleId": "com.contoso.other"]]]], bearer: admin)
            #expect(retarget.status == 204)
            let alice = try await tenant.userTokens("alice@contoso.example", "alice pass+1")
            #expect(try await tenant.enroll("alice", token: alice.access)["outcome"] == "not-targeted")
        }
    }

    @Test("check-in returns the policy and its version; the version holds until a PATCH raises it")
    func checkinVersions() async throws {
        try await MockBackendFixture.with { backend in
            let tenant = try await TenantFixture.create(backend)
            let admin = try await tenant.adminToken()
            let policyId = try await tenant.createAssignedPolicy(admin: admin)
            let alice = try await tenant.userTokens("alice@contoso.example", "alice pass+1")
            #expect(try await tenant.enroll("alice", token: alice.access)["outcome"] == "enrolled")

            let first = try await tenant.checkin("alice", token: alice.access)
            #expect(first.status == 200)
            #expect(first["policyVersion"] == .string("\(policyId):1"))
            #expect(first["commands"] == [])
            let policy = try #require(first["policy"])
            #expect(policy["id"] == .string(policyId))
            #expect(policy["version"] == "1")
            #expect(policy["pinRequired"] == true)
            #expect(policy["minimumPinLength"] == 4)
            #expect(policy["displayName"] == "harness-ios-app")

            let second = try await tenant.checkin("alice", token: alice.access, held: "\(policyId):1")
            #expect(second["policyVersion"] == .string("\(policyId):1"))

            let patch = try await backend.json(
                "PATCH", tenant.graph + "/deviceAppManagement/iosManagedAppProtections/\(policyId)",
                ["minimumPinLength": 6], bearer: admin)
            #expect(patch.status == 204)
            let third = try await tenant.checkin("alice", token: alice.access, held: "\(policyId):1")
            #expect(third["policyVersion"] == .string("\(policyId):2"))
            #expect(third["policy"]?["minimumPinLength"] == 6)
        }
    }

    @Test("leaving the assigned group removes the policy at the next check-in")
    func untargetedAtCheckin() async throws {
        try await MockBackendFixture.with { backend in
            let tenant = try await TenantFixture.create(backend)
            let admin = try await tenant.adminToken()
            _ = try await tenant.createAssignedPolicy(admin: admin)
            let alice = try await tenant.userTokens("alice@contoso.example", "alice pass+1")
            #expect(try await tenant.enroll("alice", token: alice.access)["outcome"] == "enrolled")
            let removed = try await backend.json(
                "DELETE", tenant.graph + "/groups/\(tenant.groupId("app-users"))/members/\(tenant.objectId("alice"))/$ref",
                bearer: admin)
            #expect(removed.status == 204)
            let checkin = try await tenant.checkin("alice", token: alice.access)
            #expect(checkin["outcome"] == "not-targeted")
            #expect(checkin["policy"] == .null)
            #expect(checkin["policyVersion"] == .null)
        }
    }

    @Test("MAM calls need a user token for the MAM resource whose account matches the body")
    func mamAuthentication() async throws {
        try await MockBackendFixture.with { backend in
            let tenant = try await TenantFixture.create(backend)
            let admin = try await tenant.adminToken()
            _ = try await tenant.createAssignedPolicy(admin: admin)
            let bob = try await tenant.userTokens("bob@contoso.example", "bob-pass")

            let missing = try await tenant.enroll("alice", token: "")
            #expect(missing.status == 401)
            #expect(missing["error"] == "unauthorized")
            #expect(missing["reason"] == "missing-token")
            let mismatch = try await tenant.enroll("alice", token: bob.access)
            #expect(mismatch.status == 401)
            #expect(mismatch["reason"] == "account-mismatch")
            let adminToken = try await tenant.enroll("alice", token: admin)
            #expect(adminToken.status == 401)

            // A token for another resource does not open the MAM service.
            let graphScoped = try await backend.raw(
                .form(url: tenant.tokenURL, fields: [
                    ("grant_type", "password"), ("client_id", tenant.appClientId), ("username", "alice@contoso.example"),
                    ("password", "alice pass+1"), ("scope", "https://graph.microsoft.com/.default"),
                ]))
            let wrongAudience = try await tenant.enroll("alice", token: try #require(graphScoped["access_token"]?.stringValue))
            #expect(wrongAudience["reason"] == "wrong-audience")

            let alice = try await tenant.userTokens("alice@contoso.example", "alice pass+1")
            let notEnrolled = try await tenant.checkin("alice", token: alice.access)
            #expect(notEnrolled.status == 404)
            #expect(notEnrolled["error"] == "not-enrolled")
            let malformed = try await backend.json("POST", tenant.mam + "/enroll", ["accountId": .string(tenant.objectId("alice"))], bearer: alice.access)
            #expect(malformed.status == 400)
        }
    }

    @Test("tokens expire on the tenant clock after 3600 s; the refresh grant issues working tokens")
    func tokenExpiryAndRefresh() async throws {
        try await MockBackendFixture.with { backend in
            let tenant = try await TenantFixture.create(backend)
            let admin = try await tenant.adminToken()
            _ = try await tenant.createAssignedPolicy(admin: admin)
            let alice = try await tenant.userTokens("alice@contoso.example", "alice pass+1")
            #expect(try await tenant.enroll("alice", token: alice.access)["outcome"] == "enrolled")

            #expect(try await tenant.advanceClock(seconds: 3599) == "2026-01-01T00:59:59Z")
            #expect(try await tenant.checkin("alice", token: alice.access).status == 200, "still valid one second before expiry")
            #expect(try await tenant.advanceClock(seconds: 2) == "2026-01-01T01:00:01Z")

            let expired = try await tenant.checkin("alice", token: alice.access)
            #expect(expired.status == 401)
            #expect(expired["reason"] == "expired-token")
            let graphExpired = try await backend.json(
                "GET", tenant.graph + "/deviceAppManagement/managedAppRegistrations", bearer: admin)
            #expect(graphExpired.status == 401)

            let refreshed = try await backend.raw(
                .form(url: tenant.tokenURL, fields: [
                    ("grant_type", "refresh_token"), ("client_id", tenant.appClientId), ("refresh_token", alice.refresh),
                    ("scope", "\(tenant.mamResource)/.default offline_access"),
                ]))
            #expect(refreshed.status == 200)
            #expect(refreshed["account"]?["oid"] == .string(tenant.objectId("alice")))
            let fresh = try #require(refreshed["access_token"]?.stringValue)
            let checkin = try await tenant.checkin("alice", token: fresh)
            #expect(checkin.status == 200)

            let newAdmin = try await tenant.adminToken()
            let registrations = try await backend.json(
                "GET", tenant.graph + "/deviceAppManagement/managedAppRegistrations", bearer: newAdmin)
            let registration = try #require(registrations["value"]?.arrayValue?.first)
            #expect(registration["lastSyncDateTime"] == "2026-01-01T01:00:01Z", "last sync is on the tenant clock")
            #expect(registration["createdDateTime"] == "2026-01-01T00:00:00Z")

            let badRefresh = try await backend.raw(
                .form(url: tenant.tokenURL, fields: [
                    ("grant_type", "refresh_token"), ("client_id", tenant.appClientId), ("refresh_token", "nope"),
                    ("scope", "\(tenant.mamResource)/.default"),
                ]))
            #expect(badRefresh["error"] == "invalid_grant")
        }
    }
}
