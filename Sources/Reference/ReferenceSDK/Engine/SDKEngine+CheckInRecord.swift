/// The engine stands in for the offline check (group C), still an extension of the engine, behind CheckInRecord; its existing method
/// has the step's signature. Re-pointed to that flow's own type once it is one.
extension SDKEngine: CheckInRecord {}
