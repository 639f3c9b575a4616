/// The engine stands in for the app-configuration extension (group B), still an extension of the engine, behind CheckInAppConfig; its existing method
/// has the step's signature. Re-pointed to that flow's own type once it is one.
extension SDKEngine: CheckInAppConfig {}
