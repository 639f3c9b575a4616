#if canImport(IntuneMAMSwift)
@preconcurrency import IntuneMAMSwift
#else
import ReferenceSDK
#endif

/// The seam between the binding and however the host reaches the SDK: the managers of the running app.
///
/// The real SDK is a set of process-wide singletons (`IntuneMAMEnrollmentManager.instance()`, …), which
/// ``SingletonSDKManagers`` returns; the reference restarts its app inside one process and builds a fresh
/// `IntuneMAMRuntime` per launch, which the reference app returns. Everything the binding calls on the SDK
/// goes through these three managers, spelled as a vendor spells it with the real SDK.
public protocol SDKManagers: Sendable {
    /// `IntuneMAMEnrollmentManager.instance()`.
    var enrollmentManager: IntuneMAMEnrollmentManager { get }
    /// `IntuneMAMPolicyManager.instance()`.
    var policyManager: IntuneMAMPolicyManager { get }
    /// `IntuneMAMAppConfigManager.instance()`.
    var appConfigManager: IntuneMAMAppConfigManager { get }
    /// `IntuneMAMComplianceManager.instance()`.
    var complianceManager: IntuneMAMComplianceManager { get }
}
