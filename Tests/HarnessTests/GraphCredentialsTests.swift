import Backends
import Foundation
import Testing

/// Where the Graph credentials come from, and what the user is told when they are incomplete.
@Suite("Graph credentials")
struct GraphCredentialsTests {
    private static let full = [
        GraphCredentials.tenantVariable: "t-env", GraphCredentials.clientVariable: "c-env", GraphCredentials.secretVariable: "s-env",
    ]

    private static func file(_ text: String, mode: Int = 0o600) throws -> String {
        let path = NSTemporaryDirectory() + "mamconf-credentials-\(UUID().uuidString.prefix(8)).json"
        FileManager.default.createFile(atPath: path, contents: Data(text.utf8), attributes: [.posixPermissions: mode])
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
}
