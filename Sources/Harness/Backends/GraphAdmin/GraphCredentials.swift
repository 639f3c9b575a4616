import AdapterProtocol
import ClientAssertion
import ConformanceCore
import Foundation

/// The application identity mamconf administers a tenant with: tenant id, client id, and a client secret or a
/// certificate with its private key.
///
/// Read from the environment or a JSON file, never from the command line, where every user of the machine could
/// see a secret in the process list. A certificate is the safer choice for a real tenant: the key never leaves the
/// machine; each token request carries a short-lived signed assertion instead.
public struct GraphCredentials: Sendable {
    /// How the application proves itself at the token endpoint.
    public enum Proof: Sendable {
        case secret(String)
        case certificate(certificatePEM: String, privateKeyPEM: String)
    }

    public var tenantId: String
    public var clientId: String
    public var proof: Proof
    /// Things the user should fix that do not stop the run (a credentials or key file others can read).
    public private(set) var warnings: [String] = []

    public static let tenantVariable = "MAMCONF_GRAPH_TENANT_ID"
    public static let clientVariable = "MAMCONF_GRAPH_CLIENT_ID"
    public static let secretVariable = "MAMCONF_GRAPH_CLIENT_SECRET"
    public static let certificateVariable = "MAMCONF_GRAPH_CERTIFICATE_FILE"
    public static let privateKeyVariable = "MAMCONF_GRAPH_PRIVATE_KEY_FILE"

    public init(tenantId: String, clientId: String, clientSecret: String) {
        self.init(tenantId: tenantId, clientId: clientId, proof: .secret(clientSecret))
    }

    public init(tenantId: String, clientId: String, proof: Proof) {
        self.tenantId = tenantId
        self.clientId = clientId
        self.proof = proof
    }

    /// Values to keep out of every log, console line and report.
    public var secrets: [String] {
        switch proof {
        case .secret(let secret): return [secret]
        case .certificate(_, let key): return [key]
        }
    }

    /// The form fields that prove the client to the token endpoint at `tokenURL`: the secret, or a fresh
    /// assertion (a new `jti` each time, valid ten minutes).
    func proofFields(tokenURL: String, now: Date = Date()) throws(ClientAssertion.Problem) -> [(String, String)] {
        switch proof {
        case .secret(let secret):
            return [("client_secret", secret)]
        case .certificate(let certificate, let key):
            let assertion = try ClientAssertion.make(
                clientId: clientId, tokenURL: tokenURL, certificatePEM: certificate, privateKeyPEM: key, now: now)
            return [("client_assertion_type", ClientAssertion.type), ("client_assertion", assertion)]
        }
    }

    /// Why credentials could not be had; each message says what to set or fix.
    public enum LoadError: Error, Sendable, Equatable, CustomStringConvertible {
        case unreadableFile(String)
        case invalidFile(String, reason: String)
        case missing([String], file: String?)
        case conflicting
        case unusableCertificate(String)

        public var description: String {
            switch self {
            case .unreadableFile(let path):
                return "cannot read \(path)"
            case .invalidFile(let path, let reason):
                return "the credentials file \(path) is not a JSON object with tenantId, clientId and clientSecret (or certificateFile and privateKeyFile): \(reason)"
            case .missing(let names, let file?):
                return "missing \(names.joined(separator: ", ")) (set them in \(file) or as environment variables)"
            case .missing(let names, nil):
                return "missing \(names.joined(separator: ", ")): set the environment variables, or pass --credentials-file F (JSON: tenantId, clientId, and clientSecret or certificateFile + privateKeyFile)"
            case .conflicting:
                return "both a client secret and a certificate are given: keep one (\(GraphCredentials.secretVariable), or \(GraphCredentials.certificateVariable) with \(GraphCredentials.privateKeyVariable))"
            case .unusableCertificate(let why):
                return why
            }
        }
    }

    /// Reads the file's values, then lets the environment fill what the file leaves out. Certificate and key paths
    /// in the file are relative to the file.
    public static func load(environment: [String: String], file: String?) throws(LoadError) -> GraphCredentials {
        var tenant = environment[tenantVariable], client = environment[clientVariable], secret = environment[secretVariable]
        var certificateFile = environment[certificateVariable], keyFile = environment[privateKeyVariable]
        var warnings: [String] = []
        if let file {
            guard let data = FileManager.default.contents(atPath: file) else { throw .unreadableFile(file) }
            let json: JSONValue
            do { json = try JSONValue.parse(data) } catch { throw .invalidFile(file, reason: "\(error)") }
            guard json.objectValue != nil else { throw .invalidFile(file, reason: "not an object") }
            let folder = (file as NSString).deletingLastPathComponent
            func path(_ value: String?) -> String? {
                guard let value, !value.isEmpty else { return nil }
                return value.hasPrefix("/") || folder.isEmpty ? value : "\(folder)/\(value)"
            }
            tenant = json["tenantId"]?.stringValue ?? tenant
            client = json["clientId"]?.stringValue ?? client
            secret = json["clientSecret"]?.stringValue ?? secret
            certificateFile = path(json["certificateFile"]?.stringValue) ?? certificateFile
            keyFile = path(json["privateKeyFile"]?.stringValue) ?? keyFile
            warnings += readableByOthers(file)
        }
        let usesCertificate = certificateFile?.isEmpty == false || keyFile?.isEmpty == false
        if usesCertificate && secret?.isEmpty == false { throw .conflicting }
        var needed = [(tenantVariable, tenant), (clientVariable, client)]
        needed += usesCertificate ? [(certificateVariable, certificateFile), (privateKeyVariable, keyFile)] : [(secretVariable, secret)]
        let missing = needed.filter { $0.1?.isEmpty ?? true }.map(\.0)
        guard missing.isEmpty, let tenant, let client else { throw .missing(missing, file: file) }
        var credentials: GraphCredentials
        if usesCertificate, let certificateFile, let keyFile {
            guard let certificate = FileManager.default.contents(atPath: certificateFile) else { throw .unreadableFile(certificateFile) }
            guard let key = FileManager.default.contents(atPath: keyFile) else { throw .unreadableFile(keyFile) }
            warnings += readableByOthers(keyFile)
            credentials = GraphCredentials(
                tenantId: tenant, clientId: client,
                proof: .certificate(certificatePEM: String(decoding: certificate, as: UTF8.self), privateKeyPEM: String(decoding: key, as: UTF8.self)))
            // Sign once now, so a wrong key or certificate stops the run before anything is arranged.
            do { _ = try credentials.proofFields(tokenURL: "https://login.microsoftonline.com/\(tenant)/oauth2/v2.0/token") } catch {
                throw .unusableCertificate("\(certificateFile) and \(keyFile): \(error.description)")
            }
        } else if let secret {
            credentials = GraphCredentials(tenantId: tenant, clientId: client, clientSecret: secret)
        } else {
            throw .missing([secretVariable], file: file)
        }
        credentials.warnings = warnings
        return credentials
    }

    private static func readableByOthers(_ path: String) -> [String] {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
              let mode = (attributes[.posixPermissions] as? NSNumber)?.intValue, mode & 0o077 != 0 else { return [] }
        return ["\(path) can be read by other users (mode \(String(mode & 0o777, radix: 8))); chmod 600 it"]
    }
}
