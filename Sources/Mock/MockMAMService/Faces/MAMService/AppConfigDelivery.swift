import AdapterProtocol
/// What the MAM service delivers as targeted app configuration at check-in (CFG).
///
/// The SDK's `IntuneMAMAppConfig.fullData` is one dictionary per delivered configuration, plus the tenant default
/// marked `__IsDefault`; the SDK, not the service, resolves conflicts between them. So the service sends every
/// applicable dictionary as is, in creation order, and never merges.
struct AppConfigDelivery {
    /// The key that marks the tenant-wide default dictionary, and its value.
    static let defaultMarker = (key: "__IsDefault", value: "true")

    let tenant: Tenant

    /// The dictionaries for an enrolled account in an app: every targeted configuration whose target apps contain
    /// `bundleId` and whose assignments include the user, in creation order, then the tenant default if set.
    func dictionaries(accountId: String, bundleId: String) -> [JSONValue] {
        guard let user = tenant.user(objectId: accountId) else { return [] }
        let scope = AssignmentScope(tenant: tenant)
        var dictionaries = tenant.appConfigurations
            .filter { $0.targetsApp(bundleId) && scope.includes(user, in: $0.assignments) }
            .map { JSONValue.object(CustomSetting.dictionary($0.customSettings)) }
        if !tenant.defaultAppConfig.isEmpty {
            var dictionary = CustomSetting.dictionary(tenant.defaultAppConfig)
            dictionary[Self.defaultMarker.key] = .string(Self.defaultMarker.value)
            dictionaries.append(.object(dictionary))
        }
        return dictionaries
    }
}
