import IntuneBinding
import ReferenceSDK

/// The reference's side of the binding's seam: each launch's runtime holds that launch's managers (the real
/// SDK's singletons live as long as the process; the simulation restarts the app inside one).
extension IntuneMAMRuntime: SDKManagers {}
