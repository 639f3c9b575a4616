/// A directory user of a mock tenant, declared when the tenant is created.
///
/// `alias` is the name suites use for the user; `licensed` stands in for an Intune licence, which decides between
/// `not-licensed` and the other enrollment outcomes.
struct MockUser: Sendable, Codable {
    let alias: String
    let upn: String
    let objectId: String
    var licensed: Bool
    let password: String
}
