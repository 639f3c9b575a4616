/// The identity-and-data steps the lifecycle extensions (check-in, unenroll) and the launch-gate extensions (launch,
/// identity switch, hand-off) still call on the engine, forwarded to the flows that own them now. They go at merge,
/// when those extensions are flows given ``AccountMatching``, ``IdentityQueries``, ``PolicyQueries`` and
/// ``AppConfigFlow`` themselves.
extension SDKEngine {
    var isMultiIdentityApp: Bool { identityQueries.isMultiIdentityApp }

    var processIdentity: String? { identityQueries.processIdentity }

    var uiIdentity: String? { identityQueries.uiIdentity }

    func sameAccount(_ lhs: String?, _ rhs: String?) -> Bool { accounts.sameAccount(lhs, rhs) }

    func managedAccount(matching accountId: String?) -> String? { accounts.managedAccount(matching: accountId) }

    func isOtherAccountOfOrganisation(_ accountId: String) -> Bool { accounts.isOtherAccountOfOrganisation(accountId) }

    func postPolicyChanges(accountId: String, held: MAMServicePolicy?, code: IntuneMAMEnrollmentStatusCode) {
        policies.postPolicyChanges(accountId: accountId, held: held, code: code)
    }

    func receiveAppConfig(_ answer: MAMServiceClient.CheckInAnswer, accountId: String) {
        appConfig.receive(answer, accountId: accountId)
    }

    func dropAppConfig(of accountId: String) { appConfig.drop(of: accountId) }
}
