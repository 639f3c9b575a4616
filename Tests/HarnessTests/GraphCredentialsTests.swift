import Backends
import Foundation
import ClientAssertion
import Testing

/// Where the Graph credentials come from, and what the user is told when they are incomplete.
@Suite("Graph credentials")
struct GraphCredentialsTests {
    private static let full = [
        GraphCredentials.tenantVariable: "t-env", GraphCredentials.clientVariable: "c-env", GraphCredentials.secretVariable: "s-env",
    ]

    private static func file(_ text: String, mode: Int = 0o600) throws -> String {
        let path = NSTemporaryDirectory() + "mamconf-credentials-\(UUID().uuidString.prefix(8)).json"
        #expect(FileManager.default.createFile(atPath: path, contents: Data(text.utf8), attributes: [.posixPermissions: mode]))
        return path
    }

    @Test("the environment alone is enough")
    func fromEnvironment() throws {
        let credentials = try GraphCredentials.load(environment: Self.full, file: nil)
        #expect(credentials.tenantId == "t-env" && credentials.clientId == "c-env" && credentials.secrets == ["s-env"])
        #expect(credentials.warnings.isEmpty)
    }

    @Test("a file's values win over the environment, which fills what the file leaves out")
    func fileThenEnvironment() throws {
        let path = try Self.file(#"{"tenantId": "t-file", "clientSecret": "s-file"}"#)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let credentials = try GraphCredentials.load(environment: Self.full, file: path)
        #expect(credentials.tenantId == "t-file" && credentials.clientId == "c-env" && credentials.secrets == ["s-file"])
    }

    @Test(
        "incomplete or unreadable credentials name exactly what to fix",
        arguments: [
            ([:], nil, "missing MAMCONF_GRAPH_TENANT_ID, MAMCONF_GRAPH_CLIENT_ID, MAMCONF_GRAPH_CLIENT_SECRET"),
            ([GraphCredentials.tenantVariable: "t", GraphCredentials.clientVariable: "c"], nil, "missing MAMCONF_GRAPH_CLIENT_SECRET"),
            ([GraphCredentials.secretVariable: ""] as [String: String], nil, "MAMCONF_GRAPH_CLIENT_SECRET"),
        ] as [([String: String], String?, String)])
    func missingPieces(environment: [String: String], file: String?, message: String) {
        #expect {
            _ = try GraphCredentials.load(environment: environment, file: file)
        } throws: { error in
            (error as? GraphCredentials.LoadError)?.description.contains(message) == true
        }
    }

    @Test("a file that is missing or not a JSON object is refused with its path")
    func badFiles() throws {
        let missing = "/nonexistent/credentials.json"
        #expect(throws: GraphCredentials.LoadError.unreadableFile(missing)) { try GraphCredentials.load(environment: [:], file: missing) }
        let path = try Self.file("tenantId: t")
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect {
            _ = try GraphCredentials.load(environment: Self.full, file: path)
        } throws: { error in
            guard case .invalidFile(let named, _)? = error as? GraphCredentials.LoadError else { return false }
            return named == path
        }
    }

    @Test("a credentials file other users can read loads, with a warning to chmod it")
    func readableFileWarned() throws {
        let path = try Self.file(#"{"tenantId": "t", "clientId": "c", "clientSecret": "s"}"#, mode: 0o644)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let credentials = try GraphCredentials.load(environment: [:], file: path)
        #expect(credentials.warnings.count == 1)
        #expect(credentials.warnings.first?.contains("chmod 600") == true)
    }

    @Test("a certificate and its key, from a credentials file with paths relative to it, sign a valid assertion")
    func certificateFromFile() throws {
        let certificate = try TestCertificate.make()
        let folder = NSTemporaryDirectory() + "mamconf-certificate-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try certificate.certificatePEM.write(toFile: "\(folder)/app.pem", atomically: true, encoding: .utf8)
        #expect(FileManager.default.createFile(atPath: "\(folder)/app.key", contents: Data(certificate.privateKeyPEM.utf8), attributes: [.posixPermissions: 0o600]))
        #expect(FileManager.default.createFile(atPath: "\(folder)/credentials.json", contents: Data(
            #"{"tenantId": "t", "clientId": "c", "certificateFile": "app.pem", "privateKeyFile": "app.key"}"#.utf8), attributes: [.posixPermissions: 0o600]))
        let credentials = try GraphCredentials.load(environment: [:], file: "\(folder)/credentials.json")
        guard case .certificate = credentials.proof else { Issue.record("not a certificate proof"); return }
        #expect(credentials.secrets == [certificate.privateKeyPEM])
        #expect(credentials.warnings.isEmpty)
    }

    @Test("a key that does not belong to the certificate, a secret next to a certificate, or a certificate without its key stop the run")
    func certificateMistakes() throws {
        let first = try TestCertificate.make(), second = try TestCertificate.make()
        let folder = NSTemporaryDirectory() + "mamconf-certificate-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try first.certificatePEM.write(toFile: "\(folder)/first.pem", atomically: true, encoding: .utf8)
        try second.privateKeyPEM.write(toFile: "\(folder)/second.key", atomically: true, encoding: .utf8)
        let base = [GraphCredentials.tenantVariable: "t", GraphCredentials.clientVariable: "c"]
        var mismatched = base
        mismatched[GraphCredentials.certificateVariable] = "\(folder)/first.pem"
        mismatched[GraphCredentials.privateKeyVariable] = "\(folder)/second.key"
        #expect {
            _ = try GraphCredentials.load(environment: mismatched, file: nil)
        } throws: { error in
            guard case .unusableCertificate(let why)? = error as? GraphCredentials.LoadError else { return false }
            return why.contains("does not belong to the certificate")
        }
        var both = mismatched
        both[GraphCredentials.secretVariable] = "s"
        #expect(throws: GraphCredentials.LoadError.conflicting) { try GraphCredentials.load(environment: both, file: nil) }
        var keyless = base
        keyless[GraphCredentials.certificateVariable] = "\(folder)/first.pem"
        #expect {
            _ = try GraphCredentials.load(environment: keyless, file: nil)
        } throws: { error in
            (error as? GraphCredentials.LoadError)?.description.contains(GraphCredentials.privateKeyVariable) == true
        }
    }
}
