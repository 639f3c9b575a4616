import ReferenceSDK

/// The identity-switch request of the app's policy delegate (IDS-06).
extension AppPolicyDelegate {
    func identitySwitchRequired(forAccountId accountId: String, reason: IntuneMAMIdentitySwitchReason,
                                completionHandler: @escaping @Sendable (IntuneMAMSwitchIdentityResult) -> Void) {
        completionHandler(app.identitySwitchRequired(accountId, reason: reason))
    }
}
