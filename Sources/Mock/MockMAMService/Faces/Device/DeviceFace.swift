import AdapterProtocol
import Hummingbird

/// The simulated device's operating system, under `/{t}/device/v1`: the managed app configuration channel.
///
/// On a managed device the SDK reads MDM-channel app configuration from the operating system, not from a network
/// service, so this route takes no token. It still goes through ``TenantEndpoint`` so the SDK's reads are journalled
/// (`device.config`) and can be faulted like any other route.
enum DeviceFace {
    static func register(on router: Router<BasicRequestContext>, endpoint: TenantEndpoint) {
        router.get("/:tenant/device/v1/managedAppConfig") { request, context in
            try await endpoint.handle(route: ServiceRoute.deviceConfig.rawValue, request: request, context: context, operation: managedAppConfig)
        }
    }

    /// `GET /managedAppConfig?bundleId=B`: `values` (the merged settings for B, tokens resolved) and `version`.
    @Sendable static func managedAppConfig(_ tenant: inout Tenant, _ request: IncomingRequest) throws(ReplyError) -> Reply {
        let accountId = tenant.deviceUser?.objectId
        guard let bundleId = request.query["bundleId"], !bundleId.isEmpty else {
            throw MAMServiceFace.badRequest("bundleId (query parameter) is required", accountId: accountId)
        }
        let values = JSONValue.object(DeviceConfigDelivery(tenant: tenant).values(bundleId: bundleId))
        let version = ContentVersion.of(values)
        let reply = Reply.json(.ok, ["values": values, "version": .string(version)])
        // Keys and values may be confidential (CFG-06), so the journal gets only their count.
        let detail = "bundleId=\(bundleId) keys=\(values.objectValue?.count ?? 0) version=\(version)"
        return reply.with(accountId: accountId, detail: detail)
    }
}
