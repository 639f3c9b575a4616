import AdapterProtocol
import CurlHTTP
import Foundation
import Testing

@testable import MockMAMService

@Suite("Targeted app configuration (MAM channel)")
struct AppConfigTests {
    @Test("a configuration reaches only its targeted user at check-in; the tenant default is marked __IsDefault")
    func deliveredToTargetedUser() async throws {
        try await MockBackendFixture.with { backend in
            let tenant = try await TenantFixture.create(backend, body: TenantFixture.configBody)
            let admin = try await tenant.adminToken()
            _ = try await tenant.createAssignedPolicy(admin: admin)
            let configId = try await tenant.createAppConfiguration(
                admin: admin, settings: ["com.contoso.featureX": "on", "com.contoso.server": "eu"])
            try await tenant.targetAndAssignAppConfiguration(admin: admin, id: configId, group: "config-users")
            #expect(try await tenant.setDefaultAppConfig(["customSettings": [["name": "com.contoso.featureX", "value": "off"]]]).status == 204)

            let alice = try await tenant.userTokens("alice@contoso.example", "alice pass+1")
            let enroll = try await tenant.enroll("alice", token: alice.access)
            #expect(enroll["outcome"] == "enrolled")
            #expect(enroll["appConfig"] == nil, "the enroll answer is unchanged")
            let checkin = try await tenant.checkin("alice", token: alice.access)
            #expect(checkin.status == 200)
            #expect(checkin["appConfig"] == [
                ["com.contoso.featureX": "on", "com.contoso.server": "eu"],
                ["com.contoso.featureX": "off", "__IsDefault": "true"],
            ])
            #expect(checkin["appConfigVersion"]?.stringValue?.isEmpty == false)

            // bob is enrolled (protection policy) but not in config-users: the default only.
            let bob = try await tenant.enrolled("bob", "bob-pass")
            let bobs = try await tenant.checkin("bob", token: bob)
            #expect(bobs["appConfig"] == [["com.contoso.featureX": "off", "__IsDefault": "true"]])

            // Removing the default leaves bob with nothing, and his version changes with it.
            #expect(try await tenant.setDefaultAppConfig(["customSettings": []]).status == 204)
            let bare = try await tenant.checkin("bob", token: bob)
            #expect(bare["appConfig"] == [])
            #expect(bare["appConfigVersion"] != bobs["appConfigVersion"])
            #expect(try await tenant.checkin("alice", token: alice.access)["appConfig"] == [
                ["com.contoso.featureX": "on", "com.contoso.server": "eu"]
            ])
        }
    }

    @Test("an untargeted or no longer enrolled account gets no configuration")
    func untargetedGetsNone() async throws {
        try await MockBackendFixture.with { backend in
            let tenant = try await TenantFixture.create(backend, body: TenantFixture.configBody)
            let admin = try await tenant.adminToken()
            let policyId = try await tenant.createAssignedPolicy(admin: admin)
            let configId = try await tenant.createAppConfiguration(admin: admin, settings: ["k": "v"])
            try await tenant.targetAndAssignAppConfiguration(admin: admin, id: configId, group: "config-users")

            let bob = try await tenant.enrolled("bob", "bob-pass")
            let bobs = try await tenant.checkin("bob", token: bob)
            #expect(bobs["appConfig"] == [])
            #expect(bobs["appConfigVersion"]?.stringValue?.isEmpty == false)

            // carol is in no group: not targeted by the policy, so never enrolled, so no check-in at all.
            let carol = try await tenant.userTokens("carol@contoso.example", "carol-pass")
            #expect(try await tenant.enroll("carol", token: carol.access)["outcome"] == "not-targeted")
            #expect(try await tenant.checkin("carol", token: carol.access).status == 404)

            // alice loses the protection policy: her registration stays, but the configuration stops.
            let alice = try await tenant.enrolled("alice", "alice pass+1")
            #expect(try await tenant.checkin("alice", token: alice)["appConfig"] == [["k": "v"]])
            let retarget = try await backend.json(
                "POST", tenant.graph + "/deviceAppManagement/iosManagedAppProtections/\(policyId)/targetApps",
                ["apps": [["mobileAppIdentifier": ["bundleId": "com.contoso.other"]]]], bearer: admin)
            #expect(retarget.status == 204)
            let untargeted = try await tenant.checkin("alice", token: alice)
            #expect(untargeted["outcome"] == "not-targeted")
            #expect(untargeted["appConfig"] == [])
            #expect(untargeted["appConfigVersion"] == bobs["appConfigVersion"], "equal content, equal version")
        }
    }

    @Test("a configuration for another app is not delivered")
    func otherBundle() async throws {
        try await MockBackendFixture.with { backend in
            let tenant = try await TenantFixture.create(backend, body: TenantFixture.configBody)
            let admin = try await tenant.adminToken()
            _ = try await tenant.createAssignedPolicy(admin: admin)
            let configId = try await tenant.createAppConfiguration(admin: admin, settings: ["k": "v"])
            try await tenant.targetAndAssignAppConfiguration(
                admin: admin, id: configId, group: "config-users", bundle: "com.contoso.other")
            let alice = try await tenant.enrolled("alice", "alice pass+1")
            #expect(try await tenant.checkin("alice", token: alice)["appConfig"] == [])
        }
    }

    @Test("two configurations setting the same key are both delivered, in creation order")
    func sameKeyTwice() async throws {
        try await MockBackendFixture.with { backend in
            let tenant = try await TenantFixture.create(backend, body: TenantFixture.configBody)
            let admin = try await tenant.adminToken()
            _ = try await tenant.createAssignedPolicy(admin: admin)
            let first = try await tenant.createAppConfiguration(admin: admin, name: "first", settings: ["theme": "dark"])
            let second = try await tenant.createAppConfiguration(
                admin: admin, name: "second", settings: ["theme": "light", "extra": "1"])
            // Assign in the reverse order: delivery follows creation, not assignment.
            try await tenant.targetAndAssignAppConfiguration(admin: admin, id: second, group: "app-users")
            try await tenant.targetAndAssignAppConfiguration(admin: admin, id: first, group: "config-users")
            let alice = try await tenant.enrolled("alice", "alice pass+1")
            #expect(try await tenant.checkin("alice", token: alice)["appConfig"] == [
                ["theme": "dark"], ["theme": "light", "extra": "1"],
            ])
        }
    }

    @Test("PATCH changes the delivered configuration and appConfigVersion; an unchanged check-in keeps the version")
    func patchChangesVersion() async throws {
        try await MockBackendFixture.with { backend in
            let tenant = try await TenantFixture.create(backend, body: TenantFixture.configBody)
            let admin = try await tenant.adminToken()
            _ = try await tenant.createAssignedPolicy(admin: admin)
            let configId = try await tenant.createAppConfiguration(admin: admin, settings: ["featureX": "on"])
            try await tenant.targetAndAssignAppConfiguration(admin: admin, id: configId, group: "config-users")
            let alice = try await tenant.enrolled("alice", "alice pass+1")
            let first = try await tenant.checkin("alice", token: alice)
            let again = try await tenant.checkin("alice", token: alice)
            #expect(again["appConfigVersion"] == first["appConfigVersion"])

            let url = tenant.graph + TenantFixture.configurations + "/\(configId)"
            let patch = try await backend.json(
                "PATCH", url, ["customSettings": [["name": "featureX", "value": "off"], ["name": "limit", "value": nil]]],
                bearer: admin)
            #expect(patch.status == 204)
            let read = try await backend.json("GET", url, bearer: admin)
            #expect(read["version"] == "2")
            #expect(read["displayName"] == "harness-mam-config", "PATCH merges")
            #expect(read["customSettings"]?.arrayValue?.count == 2)

            let changed = try await tenant.checkin("alice", token: alice)
            #expect(changed["appConfig"] == [["featureX": "off"]], "a null value is left out")
            #expect(changed["appConfigVersion"] != first["appConfigVersion"])

            // Deleting the configuration withdraws it at the next check-in.
            #expect(try await backend.json("DELETE", url, bearer: admin).status == 204)
            #expect(try await backend.json("GET", url, bearer: admin).status == 404)
            #expect(try await tenant.checkin("alice", token: alice)["appConfig"] == [])
        }
    }

    @Test("Graph shape: prefixed actions, read back with $expand, journal routes")
    func graphShape() async throws {
        try await MockBackendFixture.with { backend in
            let tenant = try await TenantFixture.create(backend, body: TenantFixture.configBody)
            let admin = try await tenant.adminToken()
            let configId = try await tenant.createAppConfiguration(admin: admin, settings: ["k": "v"])
            let base = tenant.graph + TenantFixture.configurations + "/\(configId)"
            let targeted = try await backend.json(
                "POST", base + "/microsoft.graph.targetApps",
                ["apps": [["@odata.type": "#microsoft.graph.managedMobileApp",
                           "mobileAppIdentifier": ["@odata.type": "#microsoft.graph.iosMobileAppIdentifier", "bundleId": .string(TenantFixture.bundleId)]]],
                 "appGroupType": "selectedPublicApps"], bearer: admin)
            #expect(targeted.status == 204)
            let assigned = try await backend.json(
                "POST", base + "/microsoft.graph.assign",
                ["assignments": [["@odata.type": "#microsoft.graph.targetedManagedAppPolicyAssignment",
                                  "target": ["@odata.type": "#microsoft.graph.allLicensedUsersAssignmentTarget"]]]],
                bearer: admin)
            #expect(assigned.status == 204)

            let listed = try await backend.json(
                "GET", tenant.graph + TenantFixture.configurations + "?$expand=apps,assignments", bearer: admin)
            let item = try #require(listed["value"]?.arrayValue?.first)
            #expect(item["@odata.type"] == "#microsoft.graph.targetedManagedAppConfiguration")
            #expect(item["id"] == .string(configId))
            #expect(item["version"] == "1")
            #expect(item["isAssigned"] == true)
            #expect(item["customSettings"] == [["name": "k", "value": "v"]])
            #expect(item["apps"]?.arrayValue?.first?["mobileAppIdentifier"]?["bundleId"] == .string(TenantFixture.bundleId))
            #expect(item["assignments"]?.arrayValue?.first?["target"]?["@odata.type"] == "#microsoft.graph.allLicensedUsersAssignmentTarget")
            let single = try await backend.json("GET", base, bearer: admin)
            #expect(single["apps"] == nil, "navigation properties appear only with $expand")

            let routes = try await tenant.journal().compactMap { $0["route"]?.stringValue }
            #expect(routes == [
                "token.client_credentials", "graph.createTargetedManagedAppConfiguration",
                "graph.targetAppsTargetedManagedAppConfiguration", "graph.assignTargetedManagedAppConfiguration",
                "graph.listTargetedManagedAppConfigurations", "graph.getTargetedManagedAppConfiguration",
            ])
        }
    }

    @Test("check-ins journal the number of configurations and their version, never their values")
    func checkinJournal() async throws {
        try await MockBackendFixture.with { backend in
            let tenant = try await TenantFixture.create(backend, body: TenantFixture.configBody)
            let admin = try await tenant.adminToken()
            _ = try await tenant.createAssignedPolicy(admin: admin)
            let configId = try await tenant.createAppConfiguration(admin: admin, settings: ["secretKey": "s3cr3t-value"])
            try await tenant.targetAndAssignAppConfiguration(admin: admin, id: configId, group: "config-users")
            let alice = try await tenant.enrolled("alice", "alice pass+1")
            let checkin = try await tenant.checkin("alice", token: alice)
            let version = try #require(checkin["appConfigVersion"]?.stringValue)

            let entry = try #require(try await tenant.journal(route: "mam.checkin").last)
            let detail = try #require(entry["detail"]?.stringValue)
            #expect(detail.contains("appConfigs=1 appConfigVersion=\(version)"))
            #expect(entry["accountId"] == .string(tenant.objectId("alice")))
            let everything = try await tenant.journal().map { String(decoding: $0.serialized(), as: UTF8.self) }
            #expect(!everything.contains { $0.contains("s3cr3t-value") })
        }
    }

    @Test("configuration bodies are checked like policy bodies", arguments: [
        #"{"customSettings": []}"#,
        #"{"displayName": "x", "customSettings": [{"value": "v"}]}"#,
        #"{"displayName": "x", "customSettings": [{"name": "k", "value": 1}]}"#,
        #"{"displayName": "x", "customSettings": [{"name": "k", "value": "v", "comment": "?"}]}"#,
        #"{"displayName": "x", "customSettings": {"k": "v"}}"#,
        #"{"displayName": "x", "appGroupType": "allApps"}"#,
        #"{"displayName": "x", "apps": []}"#,
        ##"{"displayName": "x", "@odata.type": "#microsoft.graph.iosManagedAppProtection"}"##,
    ])
    func malformedConfiguration(body: String) async throws {
        try await MockBackendFixture.with { backend in
            let tenant = try await TenantFixture.create(backend, body: TenantFixture.configBody)
            let admin = try await tenant.adminToken()
            let answer = try await backend.raw(
                .json("POST", tenant.graph + TenantFixture.configurations, body: Data(body.utf8), bearer: admin))
            #expect(answer.status == 400, "\(body) → \(answer.text)")
            #expect(answer["error"]?["code"] == "invalidRequest")
        }
    }

    @Test("bad action bodies and unknown ids are refused")
    func badActions() async throws {
        try await MockBackendFixture.with { backend in
            let tenant = try await TenantFixture.create(backend, body: TenantFixture.configBody)
            let admin = try await tenant.adminToken()
            let missing = tenant.graph + TenantFixture.configurations + "/00000000-0000-0000-0000-000000000000"
            #expect(try await backend.json("PATCH", missing, ["displayName": "y"], bearer: admin).status == 404)
            #expect(try await backend.json("POST", missing + "/assign", ["assignments": []], bearer: admin).status == 404)
            let configId = try await tenant.createAppConfiguration(admin: admin, settings: ["k": "v"])
            let base = tenant.graph + TenantFixture.configurations + "/\(configId)"
            let bodies: [(String, JSONValue)] = [
                ("/targetApps", ["apps": [["mobileAppIdentifier": ["bundleId": "b"]]], "extra": true]),
                ("/targetApps", ["apps": [["mobileAppIdentifier": ["@odata.type": "#microsoft.graph.androidMobileAppIdentifier", "packageId": "p"]]]]),
                ("/assign", ["assignments": [["target": ["@odata.type": "#microsoft.graph.allDevicesAssignmentTarget"]]]]),
                ("/assign", ["assignments": [["@odata.type": "#microsoft.graph.managedDeviceMobileAppConfigurationAssignment",
                                              "target": ["groupId": .string(tenant.groupId("app-users"))]]]]),
                ("/assign", ["assignments": [["target": ["groupId": .string(tenant.groupId("app-users")),
                                                         "deviceAndAppManagementAssignmentFilterId": "f"]]]]),
            ]
            for (action, body) in bodies {
                let answer = try await backend.json("POST", base + action, body, bearer: admin)
                #expect(answer.status == 400, "\(action) \(body) → \(answer.text)")
            }
        }
    }

    @Test("the default-app-config control refuses malformed bodies and unknown tenants", arguments: [
        JSONValue.array([]),
        ["customSettings": "k=v"],
        ["customSettings": [["name": "", "value": "v"]]],
        ["customSettings": [["name": "k", "value": 3]]],
        ["customSettings": [["name": "__IsDefault", "value": "true"]]],
        ["customSettings": [], "extra": 1],
    ])
    func defaultControlRefusals(body: JSONValue) async throws {
        try await MockBackendFixture.with { backend in
            let tenant = try await TenantFixture.create(backend, body: TenantFixture.configBody)
            let answer = try await tenant.setDefaultAppConfig(body)
            #expect(answer.status == 400, "\(body) → \(answer.text)")
            #expect(answer["error"] == "bad-request")
            let ghost = try await backend.json("PUT", "/_mock/tenants/nope/default-app-config", ["customSettings": []])
            #expect(ghost.status == 404)
        }
    }
}
