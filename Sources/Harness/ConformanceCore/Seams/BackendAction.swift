import AdapterProtocol

/// Something done to the backend during a case.
public enum BackendAction: Sendable, Hashable {
    /// An administrator's selective wipe of the account's app registration (by its device tag).
    case selectiveWipe(accountId: String)
    /// Moves the service's clock (needs `clock`).
    case advanceClock(by: Duration)
    /// The service starts misbehaving on a route (needs `faults`).
    case injectFault(FaultInjection)
    /// The service misbehaves at random on some routes, from a seeded schedule (needs `faults`).
    case faultSchedule(FaultSchedule)
    /// The requests a `hold` fault keeps back on the route get their answer, and later ones are not held (needs `faults`).
    case releaseHold(ServiceRoute)
    /// The service answers normally again: armed faults and the schedule are gone.
    case clearFaults
    /// Creates (or, when the name exists, updates or deletes) a MAM-channel targeted app configuration
    /// with string settings, assigned to the named fixture groups and targeting the tenant's app.
    case appConfig(name: String, settings: [String: String]?, assignTo: [String]?, delete: Bool)
    /// Sets the tenant-wide default app configuration (empty removes it; needs `isolated-tenant`).
    case defaultAppConfig([String: String])
    /// Creates (or updates, or deletes) an MDM-channel app configuration for the app (allowed accounts).
    case deviceConfig(name: String, settings: [String: String]?, assignTo: [String]?, delete: Bool)
    /// Makes the device MDM-enrolled by this account (nil: no device user; needs `device-enrollment`).
    case deviceUser(accountId: String?)
    /// Changes settings of an arranged protection policy (fixture name).
    case updatePolicy(name: String, settings: [String: JSONValue])
    // issue 27: a UPN change
    /// Renames the account: a new UPN, the same object ID (IDN-01; needs `isolated-tenant`, the user is the tenant's).
    case renameUser(accountId: String, upn: String)

    /// What the backend must be able to do for this action, beyond administration.
    public var needs: Set<BackendCapability> {
        switch self {
        case .advanceClock: return [.clock]
        case .injectFault, .faultSchedule, .releaseHold, .clearFaults: return [.faults]
        case .defaultAppConfig, .renameUser: return [.isolatedTenant]
        case .deviceUser: return [.deviceEnrollment]
        case .selectiveWipe, .appConfig, .deviceConfig, .updatePolicy: return []
        }
    }
}
