/// A check-in tells the app what its new policy changed through the policy queries (POL-03, POL-04).
extension PolicyQueries: CheckInPolicyChanges {}
