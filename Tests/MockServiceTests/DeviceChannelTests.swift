import AdapterProtocol
import CurlHTTP
import Foundation
import Testing

@testable import MockMAMService

@Suite("Device channel (MDM app configuration, allowed accounts)")
struct DeviceChannelTests {
    static let allowedAccounts: KeyValuePairs<String, String> = [
        "IntuneMAMAllowedAccountsOnly": "Enabled",
        "IntuneMAMUPN": "{{userprincipalname}}",
        "IntuneMAMOID": "{{userid}}",
        "IntuneMAMDeviceID": "{{deviceid}}",
        "Contact": "{{mail}} via {{serialnumber}}",
    ]

    @Test("an assigned configuration reaches the device user's app with the tokens resolved")
    func tokensResolved() async throws {
        try await MockBackendFixture.with { backend in
            let tenant = try await TenantFixture.create(backend, body: TenantFixture.configBody)
            let admin = try await tenant.adminToken()
            let appId = try await tenant.createMobileApp(admin: admin)
            let configId = try await tenant.createMobileAppConfiguration(
                admin: admin, appIds: [appId], settings: Self.allowedAccounts)
            try await tenant.assignMobileAppConfiguration(admin: admin, id: configId, group: "config-users")
            #expect(try await tenant.setDeviceUser(tenant.objectId("alice")) == 204)
            let device = try await tenant.device()
            #expect(device["userId"] == .string(tenant.objectId("alice")))
            let deviceId = try #require(device["deviceId"]?.stringValue)

            let answer = try await tenant.deviceConfig()
            #expect(answer.status == 200)
            #expect(answer["values"] == [
                "IntuneMAMAllowedAccountsOnly": "Enabled",
                "IntuneMAMUPN": "alice@contoso.example",
                "IntuneMAMOID": .string(tenant.objectId("alice")),
                "IntuneMAMDeviceID": .string(deviceId),
                "Contact": "alice@contoso.example via {{serialnumber}}",
            ])
            #expect(answer["version"]?.stringValue?.isEmpty == false)

            // Another app on the same device gets nothing; bundle ids compare case-insensitively.
            #expect(try await tenant.deviceConfig(bundle: "com.contoso.other")["values"] == [:])
            #expect(try await tenant.deviceConfig(bundle: "COM.CONTOSO.HARNESSAPP")["values"] == answer["values"])

            // The apps list shows the catalogue entry.
            let apps = try await backend.json("GET", tenant.graph + TenantFixture.mobileApps, bearer: admin)
            #expect(apps["value"]?.arrayValue?.first?["id"] == .string(appId))
            #expect(apps["value"]?.arrayValue?.first?["bundleId"] == .string(TenantFixture.bundleId))
        }
    }

    @Test("no device user, or a device user outside the assignment, gets empty values")
    func noDeviceUser() async throws {
        try await MockBackendFixture.with { backend in
            let tenant = try await TenantFixture.create(backend, body: TenantFixture.configBody)
            let admin = try await tenant.adminToken()
            let appId = try await tenant.createMobileApp(admin: admin)
            let configId = try await tenant.createMobileAppConfiguration(
                admin: admin, appIds: [appId], settings: Self.allowedAccounts)
            try await tenant.assignMobileAppConfiguration(admin: admin, id: configId, group: "config-users")

            #expect(try await tenant.device()["userId"] == .null)
            let empty = try await tenant.deviceConfig()
            #expect(empty.status == 200)
            #expect(empty["values"] == [:])

            #expect(try await tenant.setDeviceUser(tenant.objectId("bob")) == 204)
            let bobs = try await tenant.deviceConfig()
            #expect(bobs["values"] == [:])
            #expect(bobs["version"] == empty["version"], "equal content, equal version")

            #expect(try await tenant.setDeviceUser(tenant.objectId("alice")) == 204)
            let alices = try await tenant.deviceConfig()
            #expect(alices["values"]?["IntuneMAMUPN"] == "alice@contoso.example")
            #expect(alices["version"] != empty["version"])

            #expect(try await tenant.setDeviceUser(nil) == 204)
            #expect(try await tenant.deviceConfig()["values"] == [:])
        }
    }

    @Test("the device user can be named at tenant creation")
    func deviceUserAtCreation() async throws {
        try await MockBackendFixture.with { backend in
            guard case .object(var body) = TenantFixture.configBody else { return }
            body["deviceUser"] = "alice"
            let tenant = try await TenantFixture.create(backend, body: .object(body))
            #expect(tenant.info["device"]?["userId"] == .string(tenant.objectId("alice")))
            #expect(UUID(uuidString: tenant.info["device"]?["deviceId"]?.stringValue ?? "") != nil)
            body["deviceUser"] = "ghost"
            #expect(try await backend.json("POST", "/_mock/tenants", .object(body)).status == 400)
        }
    }

    @Test("PATCH changes the values and the version; settings of two configurations are merged")
    func patchAndMerge() async throws {
        try await MockBackendFixture.with { backend in
            let tenant = try await TenantFixture.create(backend, body: TenantFixture.configBody)
            let admin = try await tenant.adminToken()
            let appId = try await tenant.createMobileApp(admin: admin)
            let configId = try await tenant.createMobileAppConfiguration(
                admin: admin, appIds: [appId], settings: ["IntuneMAMAllowedAccountsOnly": "Enabled", "IntuneMAMUPN": "{{userprincipalname}}"])
            try await tenant.assignMobileAppConfiguration(admin: admin, id: configId, group: "app-users")
            #expect(try await tenant.setDeviceUser(tenant.objectId("alice")) == 204)
            let before = try await tenant.deviceConfig()
            #expect(try await tenant.deviceConfig()["version"] == before["version"], "unchanged values, unchanged version")

            let url = tenant.graph + TenantFixture.mobileAppConfigurations + "/\(configId)"
            let patch = try await backend.json(
                "PATCH", url,
                ["@odata.type": "#microsoft.graph.iosMobileAppConfiguration",
                 "settings": TenantFixture.settingItems(["IntuneMAMAllowedAccountsOnly": "Disabled", "IntuneMAMUPN": "{{userprincipalname}}"])],
                bearer: admin)
            #expect(patch.status == 204)
            let read = try await backend.json("GET", url + "?$expand=assignments", bearer: admin)
            #expect(read["version"] == 2)
            #expect(read["displayName"] == "harness-allowed-accounts")
            #expect(read["assignments"]?.arrayValue?.first?["@odata.type"] == "#microsoft.graph.managedDeviceMobileAppConfigurationAssignment")
            let after = try await tenant.deviceConfig()
            #expect(after["values"]?["IntuneMAMAllowedAccountsOnly"] == "Disabled")
            #expect(after["version"] != before["version"])

            // A second, later configuration adds a key and wins the key both set.
            let second = try await tenant.createMobileAppConfiguration(
                admin: admin, appIds: [appId], settings: ["IntuneMAMAllowedAccountsOnly": "Enabled", "IntuneMAMOID": "{{userid}}"])
            try await tenant.assignMobileAppConfiguration(admin: admin, id: second, group: "config-users")
            #expect(try await tenant.deviceConfig()["values"] == [
                "IntuneMAMAllowedAccountsOnly": "Enabled", "IntuneMAMUPN": "alice@contoso.example",
                "IntuneMAMOID": .string(tenant.objectId("alice")),
            ])

            // Deleting both withdraws everything.
            #expect(try await backend.json("DELETE", url, bearer: admin).status == 204)
            #expect(try await backend.json("DELETE", tenant.graph + TenantFixture.mobileAppConfigurations + "/\(second)", bearer: admin).status == 204)
            #expect(try await tenant.deviceConfig()["values"] == [:])
            #expect(try await backend.json("GET", url, bearer: admin).status == 404)
        }
    }

    @Test("device reads are journalled as device.config for the device user, with no values")
    func journal() async throws {
        try await MockBackendFixture.with { backend in
            let tenant = try await TenantFixture.create(backend, body: TenantFixture.configBody)
            let admin = try await tenant.adminToken()
            let appId = try await tenant.createMobileApp(admin: admin)
            let configId = try await tenant.createMobileAppConfiguration(
                admin: admin, appIds: [appId], settings: Self.allowedAccounts)
            try await tenant.assignMobileAppConfiguration(admin: admin, id: configId, group: "config-users")
            _ = try await tenant.deviceConfig()
            #expect(try await tenant.setDeviceUser(tenant.objectId("alice")) == 204)
            let values = try await tenant.deviceConfig()
            #expect(try await tenant.deviceConfig(bundle: "").status == 400)

            let entries = try await tenant.journal()
            #expect(entries.compactMap { $0["route"]?.stringValue } == [
                "token.client_credentials", "graph.createMobileApp", "graph.createMobileAppConfiguration",
                "graph.assignMobileAppConfiguration", "device.config", "device.config", "device.config",
            ])
            let reads = entries.filter { $0["route"] == "device.config" }
            #expect(reads.compactMap { $0["status"]?.intValue } == [200, 200, 400])
            #expect(reads[0]["accountId"] == nil)
            #expect(reads[1]["accountId"] == .string(tenant.objectId("alice")))
            #expect(reads[1]["method"] == "GET")
            #expect(reads[1]["path"] == .string("/\(tenant.id)/device/v1/managedAppConfig"))
            let version = try #require(values["version"]?.stringValue)
            #expect(reads[1]["detail"] == .string("bundleId=\(TenantFixture.bundleId) keys=5 version=\(version)"))
            let text = entries.map { String(decoding: $0.serialized(), as: UTF8.self) }.joined()
            #expect(!text.contains("alice@contoso.example"), "values never reach the journal")
        }
    }

    @Test("device.config can be faulted like any other route")
    func faulted() async throws {
        try await MockBackendFixture.with { backend in
            let tenant = try await TenantFixture.create(backend, body: TenantFixture.configBody)
            _ = try await tenant.armFault(route: "device.config", status: 503, times: 1)
            let faulted = try await tenant.deviceConfig()
            #expect(faulted.status == 503)
            #expect(faulted.body == ["error": "injected-fault", "route": "device.config"])
            #expect(try await tenant.deviceConfig().status == 200)
            _ = try await tenant.armFault(route: "graph.createMobileApp", status: 500, times: 1)
            let admin = try await tenant.adminToken()
            let refused = try await backend.json(
                "POST", tenant.graph + TenantFixture.mobileApps,
                ["@odata.type": "#microsoft.graph.iosStoreApp", "displayName": "x", "bundleId": "b"], bearer: admin)
            #expect(refused.status == 500)
            #expect(try await backend.json("GET", tenant.graph + TenantFixture.mobileApps, bearer: admin)["value"] == [])
        }
    }

    @Test("mobile app and configuration bodies are checked", arguments: [
        ("/deviceAppManagement/mobileApps", #"{"displayName": "x", "bundleId": "b"}"#),
        ("/deviceAppManagement/mobileApps", ##"{"@odata.type": "#microsoft.graph.androidStoreApp", "displayName": "x", "bundleId": "b"}"##),
        ("/deviceAppManagement/mobileApps", ##"{"@odata.type": "#microsoft.graph.iosStoreApp", "displayName": "x"}"##),
        ("/deviceAppManagement/mobileApps", ##"{"@odata.type": "#microsoft.graph.iosStoreApp", "displayName": "x", "bundleId": ""}"##),
        ("/deviceAppManagement/mobileApps", ##"{"@odata.type": "#microsoft.graph.iosStoreApp", "displayName": "x", "bundleId": "b", "applicableDeviceType": {"iPhone": true}}"##),
        ("/deviceAppManagement/mobileApps", ##"{"@odata.type": "#microsoft.graph.iosStoreApp", "displayName": "x", "bundleId": "b", "packageId": "p"}"##),
        ("/deviceAppManagement/mobileAppConfigurations", #"{"displayName": "x", "settings": []}"#),
        ("/deviceAppManagement/mobileAppConfigurations", ##"{"@odata.type": "#microsoft.graph.iosMobileAppConfiguration", "settings": []}"##),
        ("/deviceAppManagement/mobileAppConfigurations", ##"{"@odata.type": "#microsoft.graph.iosMobileAppConfiguration", "displayName": "x", "targetedMobileApps": ["com.contoso.harnessapp"]}"##),
        ("/deviceAppManagement/mobileAppConfigurations", ##"{"@odata.type": "#microsoft.graph.iosMobileAppConfiguration", "displayName": "x", "encodedSettingXml": "PGRpY3Q+"}"##),
        ("/deviceAppManagement/mobileAppConfigurations", ##"{"@odata.type": "#microsoft.graph.iosMobileAppConfiguration", "displayName": "x", "settings": [{"appConfigKey": "k", "appConfigKeyType": "textType", "appConfigKeyValue": "v"}]}"##),
        ("/deviceAppManagement/mobileAppConfigurations", ##"{"@odata.type": "#microsoft.graph.iosMobileAppConfiguration", "displayName": "x", "settings": [{"appConfigKey": "k", "appConfigKeyValue": "v"}]}"##),
        ("/deviceAppManagement/mobileAppConfigurations", ##"{"@odata.type": "#microsoft.graph.iosMobileAppConfiguration", "displayName": "x", "roleScopeTagIds": ["0"]}"##),
    ])
    func malformedBodies(path: String, body: String) async throws {
        try await MockBackendFixture.with { backend in
            let tenant = try await TenantFixture.create(backend, body: TenantFixture.configBody)
            let admin = try await tenant.adminToken()
            let answer = try await backend.raw(.json("POST", tenant.graph + path, body: Data(body.utf8), bearer: admin))
            #expect(answer.status == 400, "\(body) → \(answer.text)")
            #expect(answer["error"]?["code"] == "invalidRequest")
        }
    }

    @Test("assign accepts group and all-devices targets and refuses bad ones; unknown ids are 404")
    func assignTargets() async throws {
        try await MockBackendFixture.with { backend in
            let tenant = try await TenantFixture.create(backend, body: TenantFixture.configBody)
            let admin = try await tenant.adminToken()
            let appId = try await tenant.createMobileApp(admin: admin)
            let configId = try await tenant.createMobileAppConfiguration(admin: admin, appIds: [appId], settings: ["k": "{{userid}}"])
            let assign = tenant.graph + TenantFixture.mobileAppConfigurations + "/\(configId)/assign"
            let allDevices: JSONValue = ["assignments": [["target": ["@odata.type": "#microsoft.graph.allDevicesAssignmentTarget"]]]]
            #expect(try await backend.json("POST", assign, allDevices, bearer: admin).status == 204)
            #expect(try await tenant.setDeviceUser(tenant.objectId("carol")) == 204)
            #expect(try await tenant.deviceConfig()["values"] == ["k": .string(tenant.objectId("carol"))])

            let wrongType: JSONValue = ["assignments": [["@odata.type": "#microsoft.graph.targetedManagedAppPolicyAssignment",
                                                    "target": ["groupId": .string(tenant.groupId("app-users"))]]]]
            #expect(try await backend.json("POST", assign, wrongType, bearer: admin).status == 400)
            let ghost: JSONValue = ["assignments": [["target": ["groupId": "ghost"]]]]
            #expect(try await backend.json("POST", assign, ghost, bearer: admin).status == 400)
            let missing = tenant.graph + TenantFixture.mobileAppConfigurations + "/00000000-0000-0000-0000-000000000000"
            #expect(try await backend.json("POST", missing + "/assign", allDevices, bearer: admin).status == 404)
            #expect(try await backend.json("GET", tenant.graph + TenantFixture.mobileApps + "/nope", bearer: admin).status == 404)
            #expect(try await backend.json("GET", tenant.graph + TenantFixture.mobileApps + "?$filter=x", bearer: admin).status == 400)
        }
    }

    @Test("the device control refuses unknown users, malformed bodies and unknown tenants")
    func deviceControlRefusals() async throws {
        try await MockBackendFixture.with { backend in
            let tenant = try await TenantFixture.create(backend, body: TenantFixture.configBody)
            let url = "/_mock/tenants/\(tenant.id)/device"
            #expect(try await backend.json("PUT", url, ["userId": "00000000-0000-0000-0000-000000000000"]).status == 400)
            #expect(try await backend.json("PUT", url, [:]).status == 400)
            #expect(try await backend.json("PUT", url, ["userId": nil, "extra": 1]).status == 400)
            #expect(try await backend.json("PUT", url, ["userId": 5]).status == 400)
            #expect(try await backend.json("PUT", "/_mock/tenants/nope/device", ["userId": nil]).status == 404)
            #expect(try await backend.json("GET", "/_mock/tenants/nope/device").status == 404)
            // Object ids compare case-insensitively; the stored id is the user's own.
            #expect(try await tenant.setDeviceUser(tenant.objectId("alice").uppercased()) == 204)
            #expect(try await tenant.device()["userId"] == .string(tenant.objectId("alice")))
            #expect(try await tenant.journal().isEmpty, "controls are not journalled")
        }
    }
}
