import AdapterProtocol
/// What the operating system's managed app configuration holds for an app on the simulated device (ALW).
///
/// On a managed device the MDM channel delivers one flat dictionary per app (Apple's managed app configuration), so
/// unlike the MAM channel the configurations are merged: every mobile app configuration assigned to the device's
/// user and targeting a catalogue app with the bundle id contributes its settings, in creation order, a later one
/// winning a key. Intune tokens are resolved for the device's user before delivery, as Intune does on the device.
struct DeviceConfigDelivery {
    let tenant: Tenant

    /// The merged values for `bundleId`; empty without a device user.
    func values(bundleId: String) -> [String: JSONValue] {
        guard let user = tenant.deviceUser else { return [:] }
        let appIds = tenant.mobileApps
            .filter { $0.bundleId.caseInsensitiveCompare(bundleId) == .orderedSame }
            .map { $0.id.lowercased() }
        let scope = AssignmentScope(tenant: tenant)
        var values: [String: JSONValue] = [:]
        for configuration in tenant.mobileAppConfigurations
        where configuration.targetedMobileAppIds.contains(where: { appIds.contains($0.lowercased()) })
            && scope.includes(user, in: configuration.assignments)
        {
            for item in configuration.items {
                values[item.key] = .string(AppConfigTokens.resolve(item.value, user: user, deviceId: tenant.deviceId))
            }
        }
        return values
    }
}
