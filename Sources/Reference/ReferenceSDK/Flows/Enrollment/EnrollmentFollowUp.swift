/// What follows a successful enrollment, owned by another flow: the first check-in (ENR-05), which applies the first
/// policy and asks for the restart it needs (RST-01, RST-03). A protocol, so ``EnrollmentFlow`` names only this step
/// of the flow it links to.
protocol EnrollmentFollowUp: Sendable {
    /// The check-in right after `origin`'s enrollment, with the token that enrolled (work queue).
    func checkIn(afterEnrollment origin: EnrollmentOrigin, token: AccessToken)
}
