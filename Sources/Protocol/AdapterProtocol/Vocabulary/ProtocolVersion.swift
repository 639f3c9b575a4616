/// Versions of the adapter protocol. The rules for changing it are in `docs/adapter-protocol.md`
/// (Versioning): additions are backward compatible; a change of meaning needs a new major version.
public enum ProtocolVersion: String, WireEnum, Comparable {
    /// The first protocol: three capabilities, no feature areas.
    case v0 = "0"
    /// Typed vocabulary, feature-area capabilities, SDK versions, `-32002` skips.
    case v1 = "1"

    /// What this build speaks (and sends in `initialize`).
    public static let current = ProtocolVersion.v1

    public static func < (lhs: ProtocolVersion, rhs: ProtocolVersion) -> Bool {
        (Int(lhs.rawValue) ?? 0) < (Int(rhs.rawValue) ?? 0)
    }
}
