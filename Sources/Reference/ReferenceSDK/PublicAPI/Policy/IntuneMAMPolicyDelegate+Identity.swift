/// Default for the optional identity-switch request: an app that does not implement it cannot switch.
extension IntuneMAMPolicyDelegate {
    public func identitySwitchRequired(forAccountId accountId: String, reason: IntuneMAMIdentitySwitchReason,
                                       completionHandler: @escaping @Sendable (IntuneMAMSwitchIdentityResult) -> Void) {
        completionHandler(.failed)
    }
}
