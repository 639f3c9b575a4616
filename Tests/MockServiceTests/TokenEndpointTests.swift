import CurlHTTP
import Foundation
import Testing

@testable import MockMAMService

@Suite("Token endpoint")
struct TokenEndpointTests {
    @Test("client credentials give an admin token; Graph refuses requests without one")
    func adminToken() async throws {
        try await MockBackendFixture.with { backend in
            let tenant = try await TenantFixture.create(backend)
            let policies = tenant.graph + "/deviceAppManagement/iosManagedAppProtections"

            let anonymous = try await backend.json("GET", policies)
            #expect(anonymous.status == 401)
            #expect(anonymous["error"]?["code"] == "InvalidAuthenticationToken")
            #expect(anonymous["error"]?["message"]?.stringValue != nil)
            #expect(anonymous.headers["www-authenticate"] != nil)
            #expect(try await backend.json("GET", policies, bearer: "made-up").status == 401)

            let admin = try await tenant.adminToken()
            let listed = try await backend.json("GET", policies, bearer: admin)
            #expect(listed.status == 200)
            #expect(listed["value"] == [])

            // A user token, even a valid one, does not open the Graph face.
            let user = try await tenant.userTokens("alice@contoso.example", "alice pass+1")
            #expect(try await backend.json("GET", policies, bearer: user.access).status == 401)
        }
    }

    @Test("a wrong client secret is Entra's 401 invalid_client (AADSTS7000215), an unknown client 400 unauthorized_client; unknown grant and wrong scope are 400s")
    func failures() async throws {
        try await MockBackendFixture.with { backend in
            let tenant = try await TenantFixture.create(backend)
            let clientId = tenant.info["admin"]?["clientId"]?.stringValue ?? ""
            let wrongSecret = try await backend.raw(
                .form(url: tenant.tokenURL, fields: [
                    ("grant_type", "client_credentials"), ("client_id", clientId), ("client_secret", "nope"),
                    ("scope", "https://graph.microsoft.com/.default"),
                ]))
            #expect(wrongSecret.status == 401)
            #expect(wrongSecret["error"] == "invalid_client")
            #expect(wrongSecret["error_description"]?.stringValue?.hasPrefix("AADSTS7000215:") == true)

            let unknownClient = try await backend.raw(
                .form(url: tenant.tokenURL, fields: [
                    ("grant_type", "client_credentials"), ("client_id", "00000000-0000-0000-0000-000000000001"),
                    ("client_secret", "nope"), ("scope", "https://graph.microsoft.com/.default"),
                ]))
            #expect(unknownClient.status == 400)
            #expect(unknownClient["error"] == "unauthorized_client")
            #expect(unknownClient["error_description"]?.stringValue?.hasPrefix("AADSTS700016:") == true)

            let unknownGrant = try await backend.raw(.form(url: tenant.tokenURL, fields: [("grant_type", "device_code")]))
            #expect(unknownGrant["error"] == "unsupported_grant_type")

            let badPassword = try await backend.raw(
                .form(url: tenant.tokenURL, fields: [
                    ("grant_type", "password"), ("client_id", tenant.appClientId),
                    ("username", "alice@contoso.example"), ("password", "wrong"),
                    ("scope", "https://msmamservice.api.application/.default"),
                ]))
            #expect(badPassword["error"] == "invalid_grant")

            let noResource = try await backend.raw(
                .form(url: tenant.tokenURL, fields: [
                    ("grant_type", "password"), ("client_id", tenant.appClientId),
                    ("username", "alice@contoso.example"), ("password", "alice pass+1"), ("scope", "offline_access"),
                ]))
            #expect(noResource["error"] == "invalid_scope")

            let json = try await backend.json("POST", tenant.tokenURL, ["grant_type": "password"])
            #expect(json.status == 400)
            #expect(json["error"] == "invalid_request")
        }
    }

    @Test("the password grant returns tokens and the account; '+' and %XX decode in form bodies")
    func passwordGrantDecoding() async throws {
        try await MockBackendFixture.with { backend in
            let tenant = try await TenantFixture.create(backend)
            // The password is "alice pass+1": a space as '+', a plus as %2B, the UPN's '@' as %40.
            let body = "grant_type=password&client_id=\(tenant.appClientId)&username=alice%40contoso.example"
                + "&password=alice+pass%2B1&scope=https%3A%2F%2Fmsmamservice.api.application%2F.default+offline_access"
            let answer = try await backend.raw(
                HTTPRequest(
                    method: "POST", url: tenant.tokenURL,
                    headers: [("Content-Type", "application/x-www-form-urlencoded")], body: Data(body.utf8)))
            #expect(answer.status == 200, "\(answer.text)")
            #expect(answer["token_type"] == "Bearer")
            #expect(answer["expires_in"] == 3600)
            #expect(answer["access_token"]?.stringValue?.isEmpty == false)
            #expect(answer["refresh_token"]?.stringValue?.isEmpty == false)
            #expect(answer["account"]?["oid"] == .string(tenant.objectId("alice")))
            #expect(answer["account"]?["upn"] == "alice@contoso.example")
            #expect(answer["account"]?["tid"] == .string(tenant.id))

            let broken = try await backend.raw(
                HTTPRequest(
                    method: "POST", url: tenant.tokenURL,
                    headers: [("Content-Type", "application/x-www-form-urlencoded")], body: Data("grant_type=pass%2".utf8)))
            #expect(broken.status == 400)
            #expect(broken["error"] == "invalid_request")
        }
    }

    @Test("UPNs match case-insensitively at sign-in")
    func caseInsensitiveUPN() async throws {
        try await MockBackendFixture.with { backend in
            let tenant = try await TenantFixture.create(backend)
            _ = try await tenant.userTokens("ALICE@Contoso.Example", "alice pass+1")
        }
    }
}

/// ENR-15: the app's two registrations and the tenant's two authorities, as the journal shows them.
@Suite("Token endpoint: registrations and authorities")
struct TokenAuthorityTests {
    private static func userGrant(_ tenant: TenantFixture, at url: String, client: String) -> HTTPRequest {
        .form(url: url, fields: [
            ("grant_type", "password"), ("client_id", client), ("username", "alice@contoso.example"),
            ("password", "alice pass+1"), ("scope", "\(tenant.mamResource)/.default offline_access"),
        ])
    }

    @Test("the common authority signs users in too, the journal names client id and authority, and a refresh token stays with its client")
    func commonAuthorityAndAlternateRegistration() async throws {
        try await MockBackendFixture.with { backend in
            let tenant = try await TenantFixture.create(backend)
            let alternate = try #require(tenant.info["alternateAppClientId"]?.stringValue)
            let common = try #require(tenant.info["commonAuthority"]?.stringValue) + "/oauth2/v2.0/token"
            #expect(try #require(tenant.info["authority"]?.stringValue) + "/oauth2/v2.0/token" == tenant.tokenURL)
            #expect(alternate != tenant.appClientId)

            let atCommon = try await backend.raw(Self.userGrant(tenant, at: common, client: alternate))
            #expect(atCommon.status == 200, "\(atCommon.text)")
            let atTenant = try await backend.raw(Self.userGrant(tenant, at: tenant.tokenURL, client: tenant.appClientId))
            #expect(atTenant.status == 200, "\(atTenant.text)")
            let stranger = try await backend.raw(Self.userGrant(tenant, at: common, client: "someone-else"))
            #expect(stranger.status == 400)
            #expect(stranger["error"] == "invalid_client")

            // A refresh token issued to the alternate registration is refused to the app's own.
            let refresh = try #require(atCommon["refresh_token"]?.stringValue)
            let stolen = try await backend.raw(.form(url: tenant.tokenURL, fields: [
                ("grant_type", "refresh_token"), ("client_id", tenant.appClientId), ("refresh_token", refresh),
                ("scope", "\(tenant.mamResource)/.default"),
            ]))
            #expect(stolen.status == 400)
            #expect(stolen["error"] == "invalid_grant")

            let journal = try await backend.json("GET", "/_mock/tenants/\(tenant.id)/journal")
            let grants = (journal["entries"]?.arrayValue ?? []).filter { $0["route"] == "token.password" && $0["status"] == 200 }
            #expect(grants.map { $0["clientId"] } == [.string(alternate), .string(tenant.appClientId)])
            #expect(grants.map { $0["authority"] } == ["common", .string(tenant.id)])
        }
    }

    @Test("the client-credentials grant needs the tenant's own authority, not common")
    func adminTokenNotAtCommon() async throws {
        try await MockBackendFixture.with { backend in
            let tenant = try await TenantFixture.create(backend)
            let common = try #require(tenant.info["commonAuthority"]?.stringValue) + "/oauth2/v2.0/token"
            let answer = try await backend.raw(.form(url: common, fields: [
                ("grant_type", "client_credentials"), ("client_id", tenant.info["admin"]?["clientId"]?.stringValue ?? ""),
                ("client_secret", tenant.info["admin"]?["clientSecret"]?.stringValue ?? ""),
                ("scope", "https://graph.microsoft.com/.default"),
            ]))
            #expect(answer.status == 400)
            #expect(answer["error"] == "invalid_request")
            #expect(try await tenant.adminToken().isEmpty == false)
        }
    }
}
