import AdapterProtocol
import ClientAssertion
import CurlHTTP
import Foundation
import Testing

@testable import MockMAMService

/// The token endpoint taking client assertions signed with the administrator's registered certificate, and refusing
/// every kind of bad one with Entra's error.
@Suite("Certificate client credentials")
struct CertificateCredentialsTests {
    static let registered = Result { try TestCertificate.make(commonName: "registered") }
    static let other = Result { try TestCertificate.make(commonName: "other") }

    private static func register(_ certificate: TestCertificate, _ tenant: TenantFixture, _ backend: MockBackendFixture) async throws -> Int {
        try await backend.raw(HTTPRequest(method: "PUT", url: backend.baseURL + "/_mock/tenants/\(tenant.id)/admin-certificate",
                                          body: Data(certificate.certificatePEM.utf8))).status
    }

    private static func tokenRequest(_ tenant: TenantFixture, assertion: String, clientId: String? = nil) -> HTTPRequest {
        .form(url: tenant.tokenURL, fields: [
            ("grant_type", "client_credentials"), ("client_id", clientId ?? tenant.info["admin"]?["clientId"]?.stringValue ?? ""),
            ("client_assertion_type", ClientAssertion.type), ("client_assertion", assertion),
            ("scope", "https://graph.microsoft.com/.default"),
        ])
    }

    private static func assertion(_ certificate: TestCertificate, _ tenant: TenantFixture, now: Date = Date(), audience: String? = nil) throws -> String {
        try ClientAssertion.make(
            clientId: tenant.info["admin"]?["clientId"]?.stringValue ?? "", tokenURL: audience ?? tenant.tokenURL,
            certificatePEM: certificate.certificatePEM, privateKeyPEM: certificate.privateKeyPEM, now: now)
    }

    @Test("an assertion signed with the registered certificate's key gets a Graph token that works")
    func goodAssertion() async throws {
        let certificate = try Self.registered.get()
        try await MockBackendFixture.with { backend in
            let tenant = try await TenantFixture.create(backend)
            #expect(try await Self.register(certificate, tenant, backend) == 204)
            let answer = try await backend.raw(Self.tokenRequest(tenant, assertion: try Self.assertion(certificate, tenant)))
            #expect(answer.status == 200, "\(answer.text)")
            let token = try #require(answer["access_token"]?.stringValue)
            #expect(try await backend.json("GET", tenant.graph + "/groups", nil, bearer: token).status == 200)
        }
    }

    @Test(
        "bad assertions are refused with 401 invalid_client and the reason",
        arguments: ["unregistered", "other certificate", "wrong signature", "expired", "not yet valid", "wrong audience", "replayed", "not a JWT"])
    func badAssertions(kind: String) async throws {
        let certificate = try Self.registered.get()
        let other = try Self.other.get()
        try await MockBackendFixture.with { backend in
            let tenant = try await TenantFixture.create(backend)
            if kind != "unregistered" { #expect(try await Self.register(certificate, tenant, backend) == 204) }
            var assertion = try Self.assertion(certificate, tenant)
            var expected = "AADSTS700027"
            switch kind {
            case "other certificate":
                assertion = try Self.assertion(other, tenant)
            case "wrong signature":
                // The registered certificate's thumbprint, but signed by another key.
                let forged = try Self.assertion(other, tenant).split(separator: ".")
                let parts = assertion.split(separator: ".")
                assertion = "\(parts[0]).\(parts[1]).\(forged[2])"
            case "expired":
                assertion = try Self.assertion(certificate, tenant, now: Date().addingTimeInterval(-3600))
                expected = "AADSTS700024"
            case "not yet valid":
                assertion = try Self.assertion(certificate, tenant, now: Date().addingTimeInterval(3600))
                expected = "AADSTS700024"
            case "wrong audience":
                assertion = try Self.assertion(certificate, tenant, audience: "https://login.microsoftonline.com/x/oauth2/v2.0/token")
                expected = "audience"
            case "replayed":
                #expect(try await backend.raw(Self.tokenRequest(tenant, assertion: assertion)).status == 200)
                expected = "already used"
            case "not a JWT":
                assertion = "not-a-jwt"
                expected = "not a JWT"
            default:
                break
            }
            let answer = try await backend.raw(Self.tokenRequest(tenant, assertion: assertion))
            #expect(answer.status == 401, "\(kind): \(answer.text)")
            #expect(answer["error"] == "invalid_client")
            #expect(answer["error_description"]?.stringValue?.contains(expected) == true, "\(kind): \(answer.text)")
            #expect(answer["access_token"] == nil)
        }
    }

    @Test("registering something that is not a certificate is refused, and an unknown tenant is 404")
    func registrationRefusals() async throws {
        let certificate = try Self.registered.get()
        try await MockBackendFixture.with { backend in
            let tenant = try await TenantFixture.create(backend)
            let garbage = try await backend.raw(HTTPRequest(method: "PUT", url: backend.baseURL + "/_mock/tenants/\(tenant.id)/admin-certificate",
                                                            body: Data(certificate.privateKeyPEM.utf8)))
            #expect(garbage.status == 400)
            #expect(garbage["reason"]?.stringValue?.contains("CERTIFICATE") == true, "\(garbage.text)")
            let unknown = try await backend.raw(HTTPRequest(method: "PUT", url: backend.baseURL + "/_mock/tenants/nope/admin-certificate",
                                                            body: Data(certificate.certificatePEM.utf8)))
            #expect(unknown.status == 404)
        }
    }
}
