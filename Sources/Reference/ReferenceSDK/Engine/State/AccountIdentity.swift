/// Identity comparison rules: account IDs and UPNs compare case-insensitively everywhere (ENR-12, IDS-07).
enum AccountIdentity {
    static func same(_ lhs: String?, _ rhs: String?) -> Bool {
        guard let lhs, let rhs else { return false }
        return lhs.lowercased() == rhs.lowercased()
    }
}
