import AdapterProtocol
/// Every route name the journal can show.
///
/// Fault injection names its target by journal route, so the control needs the full list to refuse a misspelt
/// name (a typo would otherwise be a fault that never fires and a case that silently tests nothing).
/// ``TenantEndpoint`` asserts that each route it journals is listed here, so the list cannot drift from the faces.
enum JournalRoutes {
    static let all: [String] = [
        "token", "token.client_credentials", ServiceRoute.tokenPassword.rawValue, ServiceRoute.tokenRefresh.rawValue,
        "graph.listGroups", "graph.getGroup", "graph.createGroup", "graph.deleteGroup", "graph.addGroupMember",
        "graph.removeGroupMember",
        "graph.listIosManagedAppProtections", "graph.getIosManagedAppProtection",
        "graph.createIosManagedAppProtection", "graph.updateIosManagedAppProtection",
        "graph.deleteIosManagedAppProtection", "graph.beta.updateIosManagedAppProtection", "graph.targetApps", "graph.assign",
        "graph.listManagedAppRegistrations", "graph.wipeManagedAppRegistrationsByDeviceTag",
        "graph.listTargetedManagedAppConfigurations", "graph.getTargetedManagedAppConfiguration",
        "graph.createTargetedManagedAppConfiguration", "graph.updateTargetedManagedAppConfiguration",
        "graph.deleteTargetedManagedAppConfiguration", "graph.targetAppsTargetedManagedAppConfiguration",
        "graph.assignTargetedManagedAppConfiguration",
        "graph.listMobileApps", "graph.getMobileApp", "graph.createMobileApp", "graph.deleteMobileApp",
        "graph.listMobileAppConfigurations", "graph.getMobileAppConfiguration", "graph.createMobileAppConfiguration",
        "graph.updateMobileAppConfiguration", "graph.deleteMobileAppConfiguration",
        "graph.assignMobileAppConfiguration",
        ServiceRoute.mamEnroll.rawValue, ServiceRoute.mamCheckin.rawValue, ServiceRoute.mamUnenroll.rawValue, ServiceRoute.mamTelemetry.rawValue,
        ServiceRoute.mamTelemetryPPE.rawValue,
        ServiceRoute.deviceConfig.rawValue,
    ]

    static let known: Set<String> = Set(all)
}
