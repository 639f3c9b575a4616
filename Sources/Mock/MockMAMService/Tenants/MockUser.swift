/// A directory user of a mock tenant, declared when the tenant is created.
///
/// `alias` is the name suites use for the user; `licensed` stands in for an Intune licence, which decides between
/// `not-licensed` and the other enrollment outcomes.
struct MockUser: Sendable, Codable {
    let alias: String
    /// Changes when an administrator renames the user (`PATCH /_mock/tenants/{t}/users/{id}`); the object ID stays.
    var upn: String
    let objectId: String
    var licensed: Bool
    let password: String
    /// A personal (consumer) account signing in beside the tenant's work accounts: its tokens carry the
    /// consumer tenant's id (`tid`), which is how an app tells it from a work account (ENR-14). Optional so
    /// state files written before it existed still load.
    var personal: Bool?
    /// Under app-protection Conditional Access ("require app protection policy"): the token endpoint refuses tokens
    /// for the app's own resources with `protection_policy_required` (AADSTS53005) until the app is under policy for
    /// this user; the MAM service's resource stays open, so the SDK can enroll (issue 27, FM-01). Optional so state
    /// files written before it existed still load.
    var protectionPolicyRequired: Bool?

    /// The tenant id its tokens name.
    func tokenTenantId(in tenant: Tenant) -> String { personal == true ? Self.consumerTenantId : tenant.id }

    /// The tenant id of Microsoft's consumer accounts, which tokens of personal accounts name.
    static let consumerTenantId = "9188040d-6c67-4c5b-b112-36a304b66dad"
}
