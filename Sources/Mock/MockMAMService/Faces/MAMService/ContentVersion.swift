import AdapterProtocol
/// A version string derived from delivered content: equal content, equal version; changed content, changed version.
///
/// The check-in's `appConfigVersion` and the device channel's `version` must change exactly when what they
/// describe changes (an edit, a new assignment, a group change, a device user change), however it came about.
/// Deriving the version from the content itself gets that right for every cause at once, where a counter would
/// need bumping at each of them. FNV-1a (64 bits) over the canonical JSONValue text (sorted keys) is plenty for a mock.
enum ContentVersion {
    static func of(_ content: JSONValue) -> String {
        var fnv = FNV1a()
        fnv.combine(content.serialized())
        return fnv.hex
    }
}
