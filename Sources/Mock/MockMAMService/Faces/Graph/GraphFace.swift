import AdapterProtocol
import Hummingbird

/// The Graph-shaped administrator face of a tenant, under `/{t}/graph/v1.0`.
///
/// Paths and bodies follow Microsoft Graph v1.0 so the harness's Graph driver runs unchanged against the mock and
/// against a real tenant. Every route needs an unexpired admin token; bound actions are also accepted with the
/// `microsoft.graph.` prefix that Graph's OpenAPI and the Kiota SDKs use.
enum GraphFace {
    static let base = "/:tenant/graph/v1.0"
    static let betaBase = "/:tenant/graph/beta"
    static let policies = "deviceAppManagement/iosManagedAppProtections"

    static func register(on router: Router<BasicRequestContext>, endpoint: TenantEndpoint) {
        let graph = router.group(RouterPath(base))
        func add(_ method: HTTPRequest.Method, _ path: String, _ route: String, _ operation: @escaping TenantEndpoint.Operation) {
            graph.on(RouterPath(path), method: method) { request, context in
                try await endpoint.handle(route: route, request: request, context: context) {
                    (tenant: inout Tenant, incoming: IncomingRequest) throws(ReplyError) -> Reply in
                    try authorize(tenant, incoming)
                    let reply = try operation(&tenant, incoming)
                    return method == .get ? try GraphPaging.page(reply, request: incoming, tenant: tenant) : reply
                }
            }
        }
        add(.get, "groups", "graph.listGroups", listGroups)
        add(.post, "groups", "graph.createGroup", createGroup)
        add(.get, "groups/:id", "graph.getGroup", getGroup)
        add(.delete, "groups/:id", "graph.deleteGroup", deleteGroup)
        add(.post, "groups/:id/members/$ref", "graph.addGroupMember", addGroupMember)
        add(.delete, "groups/:id/members/:member/$ref", "graph.removeGroupMember", removeGroupMember)
        add(.get, policies, "graph.listIosManagedAppProtections", listPolicies)
        add(.post, policies, "graph.createIosManagedAppProtection", createPolicy)
        add(.get, "\(policies)/:id", "graph.getIosManagedAppProtection", getPolicy)
        add(.patch, "\(policies)/:id", "graph.updateIosManagedAppProtection", updatePolicy)
        add(.delete, "\(policies)/:id", "graph.deleteIosManagedAppProtection", deletePolicy)
        for prefix in ["", "microsoft.graph."] {
            add(.post, "\(policies)/:id/\(prefix)targetApps", "graph.targetApps", targetApps)
            add(.post, "\(policies)/:id/\(prefix)assign", "graph.assign", assign)
            add(
                .post, "users/:id/\(prefix)wipeManagedAppRegistrationsByDeviceTag",
                "graph.wipeManagedAppRegistrationsByDeviceTag", wipeByDeviceTag)
        }
        add(.get, "deviceAppManagement/managedAppRegistrations", "graph.listManagedAppRegistrations", listRegistrations)
        registerAppConfiguration(add)
        // Beta: only the policy settings v1.0 does not take.
        router.group(RouterPath(betaBase)).on(RouterPath("\(policies)/:id"), method: .patch) { request, context in
            try await endpoint.handle(route: "graph.beta.updateIosManagedAppProtection", request: request, context: context) {
                (tenant: inout Tenant, incoming: IncomingRequest) throws(ReplyError) -> Reply in
                try authorize(tenant, incoming)
                return try updatePolicyBeta(&tenant, incoming)
            }
        }
    }

    /// Registers one Graph route under its journal name.
    typealias AddRoute = (HTTPRequest.Method, String, String, @escaping TenantEndpoint.Operation) -> Void

    /// The MAM-channel (`targetedManagedAppConfigurations`) and MDM-channel (`mobileApps`,
    /// `mobileAppConfigurations`) app configuration routes.
    private static func registerAppConfiguration(_ add: AddRoute) {
        let configs = appConfigurations
        add(.get, configs, "graph.listTargetedManagedAppConfigurations", listAppConfigurations)
        add(.post, configs, "graph.createTargetedManagedAppConfiguration", createAppConfiguration)
        add(.get, "\(configs)/:id", "graph.getTargetedManagedAppConfiguration", getAppConfiguration)
        add(.patch, "\(configs)/:id", "graph.updateTargetedManagedAppConfiguration", updateAppConfiguration)
        add(.delete, "\(configs)/:id", "graph.deleteTargetedManagedAppConfiguration", deleteAppConfiguration)
        add(.get, mobileApps, "graph.listMobileApps", listMobileApps)
        add(.post, mobileApps, "graph.createMobileApp", createMobileApp)
        add(.get, "\(mobileApps)/:id", "graph.getMobileApp", getMobileApp)
        add(.delete, "\(mobileApps)/:id", "graph.deleteMobileApp", deleteMobileApp)
        let devices = mobileAppConfigurations
        add(.get, devices, "graph.listMobileAppConfigurations", listMobileAppConfigurations)
        add(.post, devices, "graph.createMobileAppConfiguration", createMobileAppConfiguration)
        add(.get, "\(devices)/:id", "graph.getMobileAppConfiguration", getMobileAppConfiguration)
        add(.patch, "\(devices)/:id", "graph.updateMobileAppConfiguration", updateMobileAppConfiguration)
        add(.delete, "\(devices)/:id", "graph.deleteMobileAppConfiguration", deleteMobileAppConfiguration)
        for prefix in ["", "microsoft.graph."] {
            add(.post, "\(configs)/:id/\(prefix)targetApps", "graph.targetAppsTargetedManagedAppConfiguration",
                targetAppConfigurationApps)
            add(.post, "\(configs)/:id/\(prefix)assign", "graph.assignTargetedManagedAppConfiguration",
                assignAppConfiguration)
            add(.post, "\(devices)/:id/\(prefix)assign", "graph.assignMobileAppConfiguration",
                assignMobileAppConfiguration)
        }
    }

    /// Refuses the request with 401 unless it carries an unexpired admin token for Graph.
    static func authorize(_ tenant: Tenant, _ request: IncomingRequest) throws(ReplyError) {
        guard let bearer = request.bearerToken else {
            throw ReplyError(GraphError.unauthorized("Access token is empty.", tenant))
        }
        guard let token = tenant.accessTokens[bearer] else {
            throw ReplyError(GraphError.unauthorized("Access token is not valid.", tenant))
        }
        guard !token.isExpired(at: tenant.now) else {
            throw ReplyError(GraphError.unauthorized("Access token has expired or is not yet valid.", tenant))
        }
        guard token.kind == .admin, token.audience == Audiences.graph else {
            throw ReplyError(GraphError.unauthorized("Invalid audience or not an application token.", tenant))
        }
    }

    /// `@odata.context` of a Graph answer.
    static func context(_ fragment: String) -> JSONValue {
        .string("https://graph.microsoft.com/v1.0/$metadata#\(fragment)")
    }
}
