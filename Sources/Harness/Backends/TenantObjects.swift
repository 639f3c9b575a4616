/// Ids of Graph objects a case created after arrangement (app configurations, the mobile app entity),
/// by tenant and by the name the suite gave them, so later steps can change or delete them.
actor TenantObjects {
    private var ids: [String: [String: String]] = [:]

    func id(_ tenant: String, _ name: String) -> String? { ids[tenant]?[name] }

    func set(_ tenant: String, _ name: String, _ id: String) { ids[tenant, default: [:]][name] = id }

    func forget(_ tenant: String, _ name: String) { ids[tenant]?[name] = nil }

    func forgetTenant(_ tenant: String) { ids[tenant] = nil }
}
