import AdapterProtocol
import ConformanceCore

/// Arranges and administers a case's tenant through Graph v1.0 (and beta for the policy settings only beta takes): groups and members, app protection
/// policies with their target apps and assignments, targeted (MAM-channel) and device (MDM-channel) app
/// configurations, selective wipe and the registrations read-back. Both drivers use it, so what passes against
/// the mock is what a real tenant receives.
struct GraphTenantAdministration: Sendable {
    let graph: any GraphCalling
    let objects: ArrangedObjects
    let naming: ObjectNaming
    /// The tenant's users (the fixture's, or the real accounts a tenant file maps them to).
    let users: [UserFixture]
    let bundleId: String

    static let iosApp: JSONValue = "#microsoft.graph.iosMobileAppIdentifier"
    static let policyAssignment = "#microsoft.graph.targetedManagedAppPolicyAssignment"
    static let deviceConfigAssignment = "#microsoft.graph.managedDeviceMobileAppConfigurationAssignment"

    // MARK: Arrangement

    /// Creates the fixture's groups (with members) and policies (with target apps and assignments).
    func arrange(groups: [GroupFixture], policies: [PolicyFixture], transcript: Transcript) async throws(BackendFault) {
        for group in groups { try await createGroup(group, transcript: transcript) }
        for policy in policies { try await createPolicy(policy, transcript: transcript) }
    }

    private func createGroup(_ group: GroupFixture, transcript: Transcript) async throws(BackendFault) {
        let name = naming.displayName(group.name)
        var body: [String: JSONValue] = [
            "displayName": .string(name), "mailEnabled": false, "mailNickname": .string(naming.mailNickname(name)),
            "securityEnabled": true,
        ]
        if let description = naming.groupDescription { body["description"] = .string(description) }
        let members = group.members.compactMap { alias in users.first(where: { $0.alias == alias }) }
        // The group is created with its first members (one request instead of one per member); Graph binds at most
        // 20 at creation, and the rest are added one by one.
        let bound = members.prefix(Self.membersBoundAtCreation)
        if !bound.isEmpty { body["members@odata.bind"] = .array(bound.map { .string(Self.directoryObjectURL($0.objectId)) }) }
        let id = try await create(.group, "/groups", body: .object(body), name: "group.\(group.name)", transcript: transcript)
        for user in members.dropFirst(bound.count) {
            _ = try await graph.call("POST", "/groups/\(id)/members/$ref", body: [
                "@odata.id": .string(Self.directoryObjectURL(user.objectId)),
            ], expect: 204, transcript: transcript)
        }
    }

    /// The most members one group creation binds (`members@odata.bind`; Graph's limit, learn group-post-groups).
    static let membersBoundAtCreation = 20

    static func directoryObjectURL(_ objectId: String) -> String {
        "https://graph.microsoft.com/v1.0/directoryObjects/\(objectId)"
    }

    private func createPolicy(_ policy: PolicyFixture, transcript: Transcript) async throws(BackendFault) {
        let (current, betaOnly) = Self.splitBetaOnly(policy.settings)
        var body = current
        body["@odata.type"] = "#microsoft.graph.iosManagedAppProtection"
        body["displayName"] = .string(naming.displayName(policy.displayName))
        let collection = GraphObjectKind.iosManagedAppProtection.collection
        let id = try await create(.iosManagedAppProtection, collection, body: .object(body), name: "policy.\(policy.name)", transcript: transcript)
        let apps: [JSONValue] = (policy.apps ?? [bundleId]).map { bundle in
            ["mobileAppIdentifier": ["@odata.type": Self.iosApp, "bundleId": .string(bundle)]]
        }
        _ = try await graph.call("POST", "\(collection)/\(id)/targetApps",
                                 body: ["apps": .array(apps), "appGroupType": "selectedPublicApps"], expect: 204, transcript: transcript)
        _ = try await graph.call("POST", "\(collection)/\(id)/assign",
                                 body: ["assignments": try await assignments(policy.assignedGroups, type: Self.policyAssignment)],
                                 expect: 204, transcript: transcript)
        if !betaOnly.isEmpty {
            _ = try await graph.call("PATCH", graph.betaURL("\(collection)/\(id)"), body: .object(betaOnly), expect: 204,
                                     transcript: transcript)
        }
    }

    /// Splits policy settings into what v1.0 takes and what only beta does (POL-11's `notificationRestriction`).
    static func splitBetaOnly(_ settings: [String: JSONValue]) -> (current: [String: JSONValue], betaOnly: [String: JSONValue]) {
        let betaOnly = settings.filter { GraphBetaProperties.iosManagedAppProtection.contains($0.key) }
        return (settings.filter { betaOnly[$0.key] == nil }, betaOnly)
    }

    // MARK: Administrator actions

    /// An administrator's selective wipe of the account's newest registration, by its device tag.
    func selectiveWipe(accountId: String, among registrations: [BackendRegistration], transcript: Transcript) async throws(BackendFault) {
        let path = "/users/\(accountId)/wipeManagedAppRegistrationsByDeviceTag"
        guard let registration = registrations.filter({ $0.userId.lowercased() == accountId.lowercased() })
            .max(by: { ($0.lastSync ?? "") < ($1.lastSync ?? "") }),
              let deviceTag = registration.deviceTag
        else {
            throw BackendFault(request: "POST \(path)", message: "the account has no app registration to wipe (did it enroll?)")
        }
        _ = try await graph.call("POST", path, body: ["deviceTag": .string(deviceTag)], expect: 204, transcript: transcript)
    }

    /// Changes settings of an arranged protection policy.
    func updatePolicy(_ name: String, settings: [String: JSONValue], transcript: Transcript) async throws(BackendFault) {
        let collection = GraphObjectKind.iosManagedAppProtection.collection
        guard let id = await objects.id("policy.\(name)") else {
            throw BackendFault(request: "PATCH \(collection)", message: "no arranged policy named '\(name)' in this case")
        }
        let (current, betaOnly) = Self.splitBetaOnly(settings)
        if !current.isEmpty || betaOnly.isEmpty {
            _ = try await graph.call("PATCH", "\(collection)/\(id)", body: .object(current), expect: 204, transcript: transcript)
        }
        if !betaOnly.isEmpty {
            _ = try await graph.call("PATCH", graph.betaURL("\(collection)/\(id)"), body: .object(betaOnly), expect: 204,
                                     transcript: transcript)
        }
    }

    /// MAM-channel targeted configuration: created on first use of a name, patched, reassigned or deleted later.
    func appConfig(_ name: String, settings: [String: String]?, assignTo: [String]?, delete: Bool, transcript: Transcript) async throws(BackendFault) {
        let kind = GraphObjectKind.targetedManagedAppConfiguration
        let key = "appConfig.\(name)"
        if let id = await objects.id(key) {
            if delete { return try await remove(GraphObject(kind: kind, id: id), name: key, transcript: transcript) }
            if let settings {
                _ = try await graph.call("PATCH", "\(kind.collection)/\(id)", body: ["customSettings": Self.customSettings(settings)],
                                         expect: 204, transcript: transcript)
            }
            if let assignTo {
                _ = try await graph.call("POST", "\(kind.collection)/\(id)/assign",
                                         body: ["assignments": try await assignments(assignTo, type: Self.policyAssignment)],
                                         expect: 204, transcript: transcript)
            }
            return
        }
        guard !delete else { throw BackendFault(request: "DELETE \(kind.collection)", message: "no app configuration named '\(name)'") }
        let id = try await create(kind, kind.collection, body: [
            "@odata.type": "#microsoft.graph.targetedManagedAppConfiguration", "displayName": .string(naming.displayName(name)),
            "customSettings": Self.customSettings(settings ?? [:]),
        ], name: key, transcript: transcript)
        _ = try await graph.call("POST", "\(kind.collection)/\(id)/targetApps", body: [
            "apps": [["mobileAppIdentifier": ["@odata.type": Self.iosApp, "bundleId": .string(bundleId)]]],
            "appGroupType": "selectedPublicApps",
        ], expect: 204, transcript: transcript)
        _ = try await graph.call("POST", "\(kind.collection)/\(id)/assign",
                                 body: ["assignments": try await assignments(assignTo ?? [], type: Self.policyAssignment)],
                                 expect: 204, transcript: transcript)
    }

    /// MDM-channel app configuration (the allowed-accounts keys) for the tenant's app.
    func deviceConfig(_ name: String, settings: [String: String]?, assignTo: [String]?, delete: Bool, transcript: Transcript) async throws(BackendFault) {
        let kind = GraphObjectKind.mobileAppConfiguration
        let key = "deviceConfig.\(name)"
        func items(_ settings: [String: String]) -> JSONValue {
            .array(settings.sorted { $0.key < $1.key }.map {
                ["appConfigKey": .string($0.key), "appConfigKeyType": "stringType", "appConfigKeyValue": .string($0.value)]
            })
        }
        if let id = await objects.id(key) {
            if delete { return try await remove(GraphObject(kind: kind, id: id), name: key, transcript: transcript) }
            if let settings {
                _ = try await graph.call("PATCH", "\(kind.collection)/\(id)", body: [
                    "@odata.type": "#microsoft.graph.iosMobileAppConfiguration", "settings": items(settings),
                ], expect: 204, transcript: transcript)
            }
            if let assignTo {
                _ = try await graph.call("POST", "\(kind.collection)/\(id)/assign",
                                         body: ["assignments": try await assignments(assignTo, type: Self.deviceConfigAssignment)],
                                         expect: 204, transcript: transcript)
            }
            return
        }
        guard !delete else { throw BackendFault(request: "DELETE \(kind.collection)", message: "no device configuration named '\(name)'") }
        let appId = try await mobileApp(transcript: transcript)
        let id = try await create(kind, kind.collection, body: [
            "@odata.type": "#microsoft.graph.iosMobileAppConfiguration", "displayName": .string(naming.displayName(name)),
            "targetedMobileApps": [.string(appId)], "settings": items(settings ?? [:]),
        ], name: key, transcript: transcript)
        _ = try await graph.call("POST", "\(kind.collection)/\(id)/assign",
                                 body: ["assignments": try await assignments(assignTo ?? [], type: Self.deviceConfigAssignment)],
                                 expect: 204, transcript: transcript)
    }

    /// The Intune app entity for the tenant's bundle id, created once per arrangement.
    private func mobileApp(transcript: Transcript) async throws(BackendFault) -> String {
        if let id = await objects.id("mobileApp") { return id }
        let kind = GraphObjectKind.mobileApp
        return try await create(kind, kind.collection, body: [
            "@odata.type": "#microsoft.graph.iosStoreApp", "displayName": .string(naming.displayName(bundleId)), "bundleId": .string(bundleId),
            "appStoreUrl": .string("https://apps.apple.com/app/\(bundleId)"),
        ], name: "mobileApp", transcript: transcript)
    }

    // MARK: Read-back and teardown

    /// Every MAM registration in the tenant (all pages).
    func registrations(transcript: Transcript?) async throws(BackendFault) -> [RegistrationRecord] {
        try await graph.list("/deviceAppManagement/managedAppRegistrations", transcript: transcript).map { item in
            RegistrationRecord(
                id: item["id"]?.stringValue ?? "",
                registration: BackendRegistration(
                    userId: item["userId"]?.stringValue ?? "", deviceTag: item["deviceTag"]?.stringValue,
                    sdkVersion: item["managementSdkVersion"]?.stringValue, lastSync: item["lastSyncDateTime"]?.stringValue))
        }
    }

    /// Deletes every object this arrangement created, newest first within each kind, in ``GraphObjectKind``
    /// order. Returns what could not be deleted (teardown goes on past a failure).
    func deleteCreated(transcript: Transcript?) async -> [(GraphObject, BackendFault)] {
        let created = await objects.created
        var failures: [(GraphObject, BackendFault)] = []
        for kind in GraphObjectKind.allCases {
            for object in created.reversed() where object.kind == kind {
                do {
                    _ = try await graph.call("DELETE", "\(kind.collection)/\(object.id)", body: nil, expect: 204, transcript: transcript)
                } catch {
                    // Already gone (a case deleted it, or a retried DELETE succeeded the first time) is fine.
                    if case .status(404, _) = error.reason { continue }
                    failures.append((object, error))
                }
            }
        }
        return failures
    }

    // MARK: Helpers

    static func customSettings(_ settings: [String: String]) -> JSONValue {
        .array(settings.sorted { $0.key < $1.key }.map { ["name": .string($0.key), "value": .string($0.value)] })
    }

    private func create(_ kind: GraphObjectKind, _ collection: String, body: JSONValue, name: String, transcript: Transcript) async throws(BackendFault) -> String {
        let made = try await graph.call("POST", collection, body: body, expect: 201, transcript: transcript)
        guard let id = made["id"]?.stringValue else {
            throw BackendFault(request: "POST \(collection)", reason: .malformedAnswer("the created object has no id"))
        }
        await objects.record(GraphObject(kind: kind, id: id), as: name)
        return id
    }

    private func remove(_ object: GraphObject, name: String, transcript: Transcript) async throws(BackendFault) {
        _ = try await graph.call("DELETE", "\(object.kind.collection)/\(object.id)", body: nil, expect: 204, transcript: transcript)
        await objects.forget(name, deleted: object)
    }

    private func assignments(_ groups: [String], type: String) async throws(BackendFault) -> JSONValue {
        var out: [JSONValue] = []
        for name in groups {
            guard let id = await objects.id("group.\(name)") else {
                throw BackendFault(request: "assign", message: "no group named '\(name)' in the tenant fixture")
            }
            out.append(["@odata.type": .string(type), "target": ["@odata.type": "#microsoft.graph.groupAssignmentTarget", "groupId": .string(id)]])
        }
        return .array(out)
    }
}

/// A registration with its Graph id, so a driver on a shared tenant can tell this case's from earlier ones.
struct RegistrationRecord: Sendable, Hashable {
    var id: String
    var registration: BackendRegistration
}
