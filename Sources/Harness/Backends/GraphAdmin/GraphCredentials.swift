import AdapterProtocol
import ConformanceCore
import Foundation

/// The application identity mamconf administers a tenant with: tenant id, client id and client secret.
///
/// Read from the environment or a JSON file, never from the command line, where every user of the machine could
/// see the secret in the process list.
public struct GraphCredentials: Sendable {
    public var tenantId: String
    public var clientId: String
    var clientSecret: String
    /// Things the user should fix that do not stop the run (a credentials file others can read).
    public private(set) var warnings: [String] = []

    public static let tenantVariable = "MAMCONF_GRAPH_TENANT_ID"
    public static let clientVariable = "MAMCONF_GRAPH_CLIENT_ID"
    public static let secretVariable = "MAMCONF_GRAPH_CLIENT_SECRET"

    public init(tenantId: String, clientId: String, clientSecret: String) {
        self.tenantId = tenantId
        self.clientId = clientId
        self.clientSecret = clientSecret
    }

    /// Values to keep out of every log, console line and report.
    public var secrets: [String] { [clientSecret] }

    /// Why credentials could not be had; each message says what to set or fix.
    public enum LoadError: Error, Sendable, Equatable, CustomStringConvertible {
        case unreadableFile(String)
        case invalidFile(String, reason: String)
        case missing([String], file: String?)

        public var description: String {
            switch self {
            case .unreadableFile(let path):
                return "cannot read the credentials file \(path)"
            case .invalidFile(let path, let reason):
                return "the credentials file \(path) is not a JSON object with tenantId, clientId and clientSecret: \(reason)"
            case .missing(let names, let file?):
                return "missing \(names.joined(separator: ", ")) (set them in \(file) or as environment variables)"
            case .missing(let names, nil):
                return "missing \(names.joined(separator: ", ")): set the environment variables, or pass --credentials-file F (JSON: tenantId, clientId, clientSecret)"
            }
        }
    }

    /// Reads the file's values, then lets the environment fill what the file leaves out.
    public static func load(environment: [String: String], file: String?) throws(LoadError) -> GraphCredentials {
        var tenant = environment[tenantVariable], client = environment[clientVariable], secret = environment[secretVariable]
        var warnings: [String] = []
        if let file {
            guard let data = FileManager.default.contents(atPath: file) else { throw .unreadableFile(file) }
            let json: JSONValue
            do { json = try JSONValue.parse(data) } catch { throw .invalidFile(file, reason: "\(error)") }
            guard json.objectValue != nil else { throw .invalidFile(file, reason: "not an object") }
            tenant = json["tenantId"]?.stringValue ?? tenant
            client = json["clientId"]?.stringValue ?? client
            secret = json["clientSecret"]?.stringValue ?? secret
            if let attributes = try? FileManager.default.attributesOfItem(atPath: file),
               let mode = (attributes[.posixPermissions] as? NSNumber)?.intValue, mode & 0o077 != 0 {
                warnings.append("the credentials file \(file) can be read by other users (mode \(String(mode & 0o777, radix: 8))); chmod 600 it")
            }
        }
        let missing = [(tenantVariable, tenant), (clientVariable, client), (secretVariable, secret)]
            .filter { $0.1?.isEmpty ?? true }.map(\.0)
        guard missing.isEmpty, let tenant, let client, let secret else { throw .missing(missing, file: file) }
        var credentials = GraphCredentials(tenantId: tenant, clientId: client, clientSecret: secret)
        credentials.warnings = warnings
        return credentials
    }
}
