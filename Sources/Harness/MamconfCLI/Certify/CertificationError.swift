/// Why a bundle cannot be written or read at all (exit 2). Differences found by `--verify` are not errors: they
/// are its findings (exit 1).
enum CertificationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A file or folder could not be read.
    case unreadable(path: String, reason: String)
    /// The manifest is not a manifest this harness reads.
    case malformedManifest(path: String, reason: String)
    /// `--out` holds files: certify writes only into a new or empty folder, so it never replaces what it did not write.
    case outputNotEmpty(path: String)
    /// A file of the bundle could not be written.
    case unwritable(path: String, reason: String)
    /// A signing or public key that is unreadable or not a P-256 key in PEM. The key's text is never shown.
    case badKey(path: String, reason: String)

    var description: String {
        switch self {
        case .unreadable(let path, let reason): return "\(path): cannot be read: \(reason)"
        case .malformedManifest(let path, let reason): return "\(path): not a certification manifest: \(reason)"
        case .outputNotEmpty(let path): return "\(path) is not empty; certify writes only into a new or empty folder"
        case .unwritable(let path, let reason): return "\(path): cannot be written: \(reason)"
        case .badKey(let path, let reason): return "\(path): \(reason)"
        }
    }
}
