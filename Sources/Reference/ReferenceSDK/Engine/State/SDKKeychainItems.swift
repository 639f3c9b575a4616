import Foundation

/// What the SDK keeps in the iOS keychain: the enrollment, the policy and the PIN record, written with the state.
///
/// The keychain outlives the app: iOS does not delete an app's keychain items when the app is uninstalled, so a
/// reinstalled app finds the earlier installation's items (FM-10: iOS#186, iOS#479, iOS#693, And#251). A correct SDK
/// treats an empty container as a new installation and never enforces those items (RIN-01); they are what the
/// defects of a reinstall read.
struct SDKKeychainItems: Codable, Equatable {
    /// The installation the items belong to.
    var deviceTag: String
    var enrolledAccountId: String?
    var enrolledUPN: String?
    var policyJSON: String?
    var policyVersion: String?
    var pin: SDKState.PINRecord?

    init(_ state: SDKState) {
        deviceTag = state.deviceTag
        enrolledAccountId = state.enrolledAccountId
        enrolledUPN = state.enrolledUPN
        policyJSON = state.policyJSON
        policyVersion = state.policyVersion
        pin = state.pin
    }

    /// Takes the earlier installation's enrollment back into a fresh state: only a planted defect does.
    func restore(into state: inout SDKState) {
        state.deviceTag = deviceTag
        state.enrolledAccountId = enrolledAccountId
        state.enrolledUPN = enrolledUPN
        state.policyJSON = policyJSON
        state.policyVersion = policyVersion
        state.pin = pin
        if let enrolledAccountId, state.registered(enrolledAccountId) == nil {
            state.registeredAccounts.append(SDKState.RegisteredAccount(accountId: enrolledAccountId, upn: enrolledUPN))
        }
    }
}
