import AdapterProtocol
/// Enroll, check-in and unenroll.
extension MAMServiceFace {
    /// `POST /enroll`: applies the targeting rule; `enrolled` creates (or refreshes) the registration.
    @Sendable static func enroll(_ tenant: inout Tenant, _ body: [String: JSONValue], _ accountId: String) throws(ReplyError) -> Reply {
        let bundleId = try requiredString(body, "bundleId", accountId: accountId)
        let deviceTag = try requiredString(body, "deviceTag", accountId: accountId)
        let sdkVersion = try requiredString(body, "sdkVersion", accountId: accountId)
        let upn = try optionalString(body, "upn", accountId: accountId)
        let appVersion = try optionalString(body, "appVersion", accountId: accountId)

        let decision = TargetingRule(tenant: tenant).evaluate(accountId: accountId, bundleId: bundleId)
        let existing = tenant.registrations.firstIndex {
            $0.matches(accountId: accountId, deviceTag: deviceTag, bundleId: bundleId)
        }
        guard decision.outcome == .enrolled, let policy = decision.policy else {
            if let existing {
                tenant.registrations[existing].lastSyncDateTime = tenant.nowString
                tenant.registrations[existing].appliedPolicyIds = []
            }
            return Reply.json(.ok, ["outcome": .string(decision.outcome.rawValue)])
                .with(detail: "outcome=\(decision.outcome.rawValue) bundleId=\(bundleId)")
        }
        let registrationId: String
        if let existing {
            tenant.registrations[existing].upn = upn ?? tenant.registrations[existing].upn
            tenant.registrations[existing].sdkVersion = sdkVersion
            tenant.registrations[existing].appVersion = appVersion
            tenant.registrations[existing].lastSyncDateTime = tenant.nowString
            tenant.registrations[existing].appliedPolicyIds = [policy.id]
            registrationId = tenant.registrations[existing].id
        } else {
            let registration = AppRegistration(
                id: Identifiers.uuid(), accountId: tenant.user(objectId: accountId)?.objectId ?? accountId, upn: upn,
                bundleId: bundleId, deviceTag: deviceTag, sdkVersion: sdkVersion, appVersion: appVersion,
                createdDateTime: tenant.nowString, lastSyncDateTime: tenant.nowString, appliedPolicyIds: [policy.id])
            tenant.registrations.append(registration)
            registrationId = registration.id
        }
        return Reply.json(.ok, ["outcome": "enrolled", "registrationId": .string(registrationId)])
            .with(detail: "outcome=enrolled bundleId=\(bundleId) registration=\(registrationId) policy=\(policy.id)")
    }

    /// `POST /checkin`: the current policy for the registration, its version, the targeted app configuration and
    /// its version, and pending commands.
    @Sendable static func checkin(_ tenant: inout Tenant, _ body: [String: JSONValue], _ accountId: String) throws(ReplyError) -> Reply {
        let deviceTag = try requiredString(body, "deviceTag", accountId: accountId)
        let bundleId = try optionalString(body, "bundleId", accountId: accountId)
        let heldVersion = try optionalString(body, "policyVersion", accountId: accountId)
        let index = try registrationIndex(tenant, accountId: accountId, deviceTag: deviceTag, bundleId: bundleId)
        let registration = tenant.registrations[index]

        let decision = TargetingRule(tenant: tenant).evaluate(accountId: accountId, bundleId: registration.bundleId)
        tenant.registrations[index].lastSyncDateTime = tenant.nowString
        tenant.registrations[index].appliedPolicyIds = decision.policy.map { [$0.id] } ?? []

        var commands: [JSONValue] = []
        for wipe in tenant.wipeRequests.indices
        where tenant.wipeRequests[wipe].registrationId == registration.id && tenant.wipeRequests[wipe].state != .done {
            tenant.wipeRequests[wipe].state = .delivered
            if commands.isEmpty { commands.append("wipe") }
        }
        let version = decision.policy?.policyVersion
        // Targeted app configuration reaches only an account the MAM service currently manages in this app.
        let appConfig: JSONValue =
            decision.outcome == .enrolled
            ? .array(AppConfigDelivery(tenant: tenant).dictionaries(accountId: accountId, bundleId: registration.bundleId))
            : []
        let appConfigVersion = ContentVersion.of(appConfig)
        var detail = "outcome=\(decision.outcome.rawValue) held=\(heldVersion ?? "null") policyVersion=\(version ?? "null")"
        detail += " appConfigs=\(appConfig.arrayValue?.count ?? 0) appConfigVersion=\(appConfigVersion)"
        if !commands.isEmpty { detail += " commands=wipe" }
        return Reply.json(
            .ok,
            [
                "outcome": .string(decision.outcome.rawValue),
                "policy": decision.policy?.sdkPolicy() ?? .null,
                "policyVersion": .optional(version),
                "appConfig": appConfig,
                "appConfigVersion": .string(appConfigVersion),
                "commands": .array(commands),
            ]
        ).with(detail: detail)
    }

    /// `POST /unenroll`: removes the registration; a wipe delivered to it is done.
    @Sendable static func unenroll(_ tenant: inout Tenant, _ body: [String: JSONValue], _ accountId: String) throws(ReplyError) -> Reply {
        let deviceTag = try requiredString(body, "deviceTag", accountId: accountId)
        let bundleId = try optionalString(body, "bundleId", accountId: accountId)
        let index = try registrationIndex(tenant, accountId: accountId, deviceTag: deviceTag, bundleId: bundleId)
        let registration = tenant.registrations.remove(at: index)
        var completedWipes = 0
        for wipe in tenant.wipeRequests.indices
        where tenant.wipeRequests[wipe].registrationId == registration.id && tenant.wipeRequests[wipe].state != .done {
            tenant.wipeRequests[wipe].state = .done
            completedWipes += 1
        }
        var detail = "registration=\(registration.id)"
        if completedWipes > 0 { detail += " wipe=done" }
        return Reply.json(.ok, [:]).with(detail: detail)
    }

    private static func registrationIndex(
        _ tenant: Tenant, accountId: String, deviceTag: String, bundleId: String?
    ) throws(ReplyError) -> Int {
        guard
            let index = tenant.registrations.firstIndex(where: {
                $0.matches(accountId: accountId, deviceTag: deviceTag, bundleId: bundleId)
            })
        else {
            throw ReplyError(
                Reply.json(.notFound, ["error": "not-enrolled"]).with(accountId: accountId, detail: "not-enrolled"))
        }
        return index
    }
}
