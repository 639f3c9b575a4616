/// The engine stands in for the policy queries (group B), still an extension of the engine, behind CheckInPolicyChanges; its existing method
/// has the step's signature. Re-pointed to that flow's own type once it is one.
extension SDKEngine: CheckInPolicyChanges {}
