/// What a policy object needs beyond the service's settings to answer the app: whose policy it is, the app's
/// `MaxFileProtectionLevel`, and the planted policy-query defects. Filled in by the SDK when it hands a policy
/// to the app; a policy read straight from the state has the neutral default.
struct MAMPolicyContext: Equatable, Sendable {
    /// The managed account the policy belongs to ("" when unknown).
    var accountId = ""
    /// `MaxFileProtectionLevel` (nil = not set).
    var maxFileProtectionLevel: IntuneMAMFileProtectionLevel?
    /// `saveToIgnoresAccount`: the location's account is not compared with the policy's account.
    var ignoresLocationAccount = false
    /// `openFromIgnoresPolicy`: every open location is allowed.
    var ignoresInboundSources = false
    /// `maxProtectionLevelIgnored`: the protection level is not capped.
    var ignoresProtectionCap = false
    /// `urlAllowedDespiteRestriction`: every URL is allowed.
    var ignoresOutboundDestinations = false
    /// `protectionCappedByNumber`: the cap compares the levels' numbers, not their strength.
    var capsByNumber = false
}
