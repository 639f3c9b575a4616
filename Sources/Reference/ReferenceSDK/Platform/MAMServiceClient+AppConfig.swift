/// Decoding the targeted app configuration of a check-in answer (CFG).
extension MAMServiceClient {
    /// `appConfig`: a list of string dictionaries; nil when the answer has none (the held configuration
    /// then stays as it is). Non-string values are spelled out; items that are not objects are skipped.
    static func appConfigData(_ raw: Any?) -> [[String: String]]? {
        guard let list = raw as? [Any] else { return nil }
        return list.compactMap { ($0 as? [String: Any])?.compactMapValues(ManagedAppConfigReader.text) }
    }
}
