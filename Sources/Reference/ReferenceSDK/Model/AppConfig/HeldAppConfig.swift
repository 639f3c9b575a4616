/// The targeted app configuration (MAM channel) the last check-in delivered for the enrolled account.
///
/// Kept with the account it was delivered to, so it is never answered for another account (CFG-01), and
/// with its version, so the next check-in can tell whether it changed (CFG-04).
struct HeldAppConfig: Codable, Equatable, Sendable {
    var accountId: String
    /// One dictionary per configuration, in delivery order; the tenant default carries `__IsDefault`.
    var data: [[String: String]]
    var version: String?
}
