import AdapterProtocol
import ClientAssertion
import CurlHTTP
import Foundation
import Logging
import MockMAMService
import SuiteLoader
import Testing

/// A "real" tenant for the Graph driver, played by the mock: one mock tenant holding the contoso users, a
/// tenant file naming them, and a credentials file with its administrator's secret. `mamconf run --backend
/// graph` aimed at it sees only Graph and the token endpoint, as against Microsoft's.
struct GraphTenantOnMock {
    let server: MockMAMServer
    let base: String
    let tenantId: String
    let graphURL: String
    let secret: String
    /// Each user's password, by the environment variable its `passwordEnv` names.
    let passwords: [String: String]
    let directory: String
    private let http = HTTPClient(label: "test.graph-tenant")

    /// - Parameter journalFile: where the mock appends every request (with Graph bodies), if anywhere.
    ///   - certificate: when given, the credentials file names it and its key instead of the client secret.
    static func start(journalFile: String? = nil, certificate: TestCertificate? = nil) async throws -> GraphTenantOnMock {
        let server = MockMAMServer(configuration: MockServiceConfiguration(journalFile: journalFile), logger: .quiet)
        let base = try await server.start().absoluteString.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        let (fixture, _, errors) = SuiteLoader(fixturesDirectory: Repository.fixtures, catalog: nil).fixtures(tenant: "contoso", policies: [])
        let contoso = try #require(fixture, "\(errors)")
        let users: [JSONValue] = contoso.users.map {
            ["alias": .string($0.alias), "upn": .string($0.upn), "objectId": .string($0.objectId), "licensed": .bool($0.licensed), "personal": .bool($0.personal),
             "password": .string($0.password)]
        }
        let http = HTTPClient(label: "test.graph-tenant.setup")
        let response = try await http.send(.json("POST", "\(base)/_mock/tenants",
                                                 body: JSONValue.object(["bundleId": .string(contoso.bundleId), "users": .array(users)]).serialized()))
        #expect(response.status == 201)
        let created = try JSONValue.parse(response.body)
        let tenantId = try #require(created["tenantId"]?.stringValue)
        let directory = NSTemporaryDirectory() + "mamconf-graph-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var accounts = ""
        for user in contoso.users {
            accounts += "  \(user.alias): {upn: \(user.upn), objectId: \(user.objectId), licensed: \(user.licensed), personal: \(user.personal), passwordEnv: PASSWORD_\(user.alias.uppercased())}\n"
        }
        let tenantFile = """
            # The contoso users, as real accounts of a tenant would be named.
            accounts:
            \(accounts)integration:
              clientId: \(created["appClientId"]?.stringValue ?? "")
              tokenURL: \(created["tokenURL"]?.stringValue ?? "")
              mamServiceURL: \(created["mamServiceURL"]?.stringValue ?? "")
              mamResource: \(created["mamResource"]?.stringValue ?? "")

            """
        try tenantFile.write(toFile: "\(directory)/tenant.yaml", atomically: true, encoding: .utf8)
        let secret = try #require(created["admin"]?["clientSecret"]?.stringValue)
        var credentials: JSONValue = ["tenantId": .string(tenantId), "clientId": created["admin"]?["clientId"] ?? .null, "clientSecret": .string(secret)]
        if let certificate {
            // The application proves itself with the certificate instead: registered with the tenant, files beside
            // the credentials file (paths relative to it).
            let registered = try await http.send(HTTPRequest(method: "PUT", url: "\(base)/_mock/tenants/\(tenantId)/admin-certificate",
                                                             body: Data(certificate.certificatePEM.utf8)))
            #expect(registered.status == 204)
            _ = FileManager.default.createFile(atPath: "\(directory)/app.pem", contents: Data(certificate.certificatePEM.utf8), attributes: [.posixPermissions: 0o644])
            _ = FileManager.default.createFile(atPath: "\(directory)/app.key", contents: Data(certificate.privateKeyPEM.utf8), attributes: [.posixPermissions: 0o600])
            credentials = ["tenantId": .string(tenantId), "clientId": created["admin"]?["clientId"] ?? .null,
                           "certificateFile": "app.pem", "privateKeyFile": "app.key"]
        }
        _ = FileManager.default.createFile(atPath: "\(directory)/credentials.json", contents: credentials.serialized(), attributes: [.posixPermissions: 0o600])
        return GraphTenantOnMock(
            server: server, base: base, tenantId: tenantId, graphURL: try #require(created["graphBaseURL"]?.stringValue), secret: secret,
            passwords: Dictionary(uniqueKeysWithValues: contoso.users.map { ("PASSWORD_\($0.alias.uppercased())", $0.password) }),
            directory: directory)
    }

    /// `mamconf run` arguments that aim the Graph driver at this tenant.
    var arguments: [String] {
        ["--backend", "graph", "--graph-url", graphURL, "--login-url", base, "--tenant-file", "\(directory)/tenant.yaml",
         "--credentials-file", "\(directory)/credentials.json", "--registration-wait", "2"]
    }

    /// The environment the tenant file's `passwordEnv` entries read.
    func environment() -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment.merge(passwords) { _, password in password }
        return environment
    }

    /// Display names of every object left in the tenant's Graph collections.
    func remainingObjects() async throws -> [String] {
        let token = try await adminToken()
        var names: [String] = []
        for collection in ["deviceAppManagement/iosManagedAppProtections", "deviceAppManagement/targetedManagedAppConfigurations",
                           "deviceAppManagement/mobileAppConfigurations", "deviceAppManagement/mobileApps", "groups"] {
            var next: String? = "\(graphURL)/\(collection)"
            while let page = next {
                let response = try await http.send(.json("GET", page, bearer: token))
                guard response.status == 200 else {
                    Issue.record("GET \(collection) answered \(response.status)")
                    break
                }
                let body = try JSONValue.parse(response.body)
                names += (body["value"]?.arrayValue ?? []).map { "\(collection): \($0["displayName"]?.stringValue ?? "?")" }
                next = body["@odata.nextLink"]?.stringValue
            }
        }
        return names
    }

    /// An administrator token, for tests that arrange the tenant by hand.
    func adminTokenForTests() async throws -> String { try await adminToken() }

    private func adminToken() async throws -> String {
        let credentials = try JSONValue.parse(Data(contentsOf: URL(fileURLWithPath: "\(directory)/credentials.json")))
        let response = try await http.send(.form(url: "\(base)/\(tenantId)/oauth2/v2.0/token", fields: [
            ("grant_type", "client_credentials"), ("client_id", credentials["clientId"]?.stringValue ?? ""),
            ("client_secret", secret), ("scope", "https://graph.microsoft.com/.default"),
        ]))
        return try #require(try JSONValue.parse(response.body)["access_token"]?.stringValue)
    }

    func stop() async {
        await server.stop()
        try? FileManager.default.removeItem(atPath: directory)
    }
}
