import AdapterProtocol
/// A version string derived from delivered content: equal content, equal version; changed content, changed version.
///
/// The check-in's `appConfigVersion` and the device channel's `version` must change exactly when what they
/// describe changes (an edit, a new assignment, a group change, a device user change), however it came about.
/// Deriving the version from the content itself gets that right for every cause at once, where a counter would
/// need bumping at each of them. FNV-1a (64 bits) over the canonical JSONValue text (sorted keys) is plenty for a mock.
enum ContentVersion {
    static func of(_ content: JSONValue) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in content.serialized() {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
