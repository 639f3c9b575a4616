/// The step of the policy queries a check-in needs: telling the app what the new policy changed (POL-03, POL-04). A
/// protocol, so ``CheckInFlow`` names only this step of the flow it links to.
protocol CheckInPolicyChanges: Sendable {
    /// Posts the notifications a policy change calls for, comparing with the `held` policy (work queue).
    func postPolicyChanges(accountId: String, held: MAMServicePolicy?, code: IntuneMAMEnrollmentStatusCode)
}
