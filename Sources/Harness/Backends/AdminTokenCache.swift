/// The latest admin token per tenant, once the one issued at arrangement has expired.
actor AdminTokenCache {
    private var tokens: [String: String] = [:]

    func token(for tenantId: String) -> String? { tokens[tenantId] }

    func set(_ token: String, for tenantId: String) { tokens[tenantId] = token }

    func forget(_ tenantId: String) { tokens[tenantId] = nil }
}
