import ConformanceCore
import Foundation

/// `manifest.json` of a certification bundle: what was run, against what, with what result, and the SHA-256 of
/// every suite, fixture and report file. Encoded with sorted keys and fixed formatting, so one bundle always gives
/// the same bytes (the detached signature is over those bytes). It holds no secret: the backend is named by kind
/// only, never by tenant, address or credential.
struct CertificationManifest: Codable, Sendable, Equatable {
    /// This layout's version; a reader refuses another.
    static let currentFormat = 1
    static let fileName = "manifest.json"
    static let signatureFileName = "manifest.json.sig"
    /// The largest manifest `--verify` reads: a few thousand digests fit in well under this.
    static let sizeLimit = 4 << 20

    var format: Int
    var harnessVersion: String
    /// ISO 8601, UTC.
    var started: String
    var finished: String
    /// `mock` or `graph`.
    var backend: String
    /// What the integration said of itself in `initialize`; nil when it never answered.
    var integration: Integration?
    /// For each capability the integration lacks, the cases (`suite/case`) it skipped for it.
    var missingCapabilities: [String: [String]]
    /// Every skipped case (`suite/case`) and why, as a ``SkipKind`` raw value.
    var skippedCases: [String: String]
    var counts: CertificationCounts
    var verdict: CertificationVerdict
    /// The declared capabilities the verdict holds for (with `conformant-for-profile`), else nil.
    var profile: [String]?
    /// SHA-256 of every file under the suites folder, by path relative to it.
    var suites: [String: String]
    /// SHA-256 of every file under the fixtures folder, by path relative to it.
    var fixtures: [String: String]
    /// SHA-256 of every report in the bundle, by file name.
    var reports: [String: String]

    struct Integration: Codable, Sendable, Equatable {
        var name: String
        var version: String
        var sdkName: String
        var sdkVersion: String
        var protocolVersion: String
        /// Sorted.
        var capabilities: [String]

        init(_ info: IntegrationInfo) {
            name = info.name
            version = info.version
            sdkName = info.sdkName
            sdkVersion = info.sdkVersion
            protocolVersion = info.protocolVersion
            capabilities = info.capabilities.sorted()
        }
    }

    /// The skip kinds of the skipped cases; an unknown name is kept out, which makes the verdict not conformant.
    var skipKinds: [SkipKind] { skippedCases.values.compactMap(SkipKind.init(rawValue:)) }

    /// The manifest's bytes: sorted keys, two-space indentation, a final newline.
    func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        // Encoding plain strings, numbers and dictionaries cannot fail.
        guard var data = try? encoder.encode(self) else { preconditionFailure("manifest not encodable") }
        data.append(0x0A)
        return data
    }

    /// Reads a manifest of this format from `path`, bounded in size.
    static func read(_ path: String) throws(CertificationError) -> CertificationManifest {
        let data = try CertificationBundle.readBounded(path, limit: sizeLimit)
        let manifest: CertificationManifest
        do { manifest = try JSONDecoder().decode(CertificationManifest.self, from: data) } catch {
            throw .malformedManifest(path: path, reason: Self.reason(error))
        }
        guard manifest.format == currentFormat else {
            throw .malformedManifest(path: path, reason: "format \(manifest.format), this harness reads format \(currentFormat)")
        }
        return manifest
    }

    private static func reason(_ error: any Error) -> String {
        switch error as? DecodingError {
        case .keyNotFound(let key, _)?: return "missing \(key.stringValue)"
        case .typeMismatch(_, let context)?, .valueNotFound(_, let context)?:
            return "\(context.codingPath.map(\.stringValue).joined(separator: ".")): \(context.debugDescription)"
        case .dataCorrupted(let context)?:
            return context.codingPath.isEmpty ? "not JSON" : "\(context.codingPath.map(\.stringValue).joined(separator: ".")): \(context.debugDescription)"
        default: return "\(error)"
        }
    }
}
