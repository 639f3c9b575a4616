import AdapterProtocol
import CurlHTTP
import Foundation
import Testing

@testable import MockMAMService

/// App configuration helpers for ``TenantFixture``: both channels (MAM check-in and the device) and their controls.
extension TenantFixture {
    /// A tenant for app configuration cases: `alice` and `bob` are licensed and in `app-users` (the protection
    /// policy's group); only `alice` is in `config-users`; `carol` is licensed and in no group.
    static let configBody: JSONValue = [
        "bundleId": .string(bundleId),
        "users": [
            ["alias": "alice", "upn": "alice@contoso.example", "password": "alice pass+1"],
            ["alias": "bob", "upn": "bob@contoso.example", "password": "bob-pass"],
            ["alias": "carol", "upn": "carol@contoso.example", "password": "carol-pass"],
        ],
        "groups": [
            ["name": "app-users", "members": ["alice", "bob"]],
            ["name": "config-users", "members": ["alice"]],
        ],
    ]

    static let configurations = "/deviceAppManagement/targetedManagedAppConfigurations"
    static let mobileApps = "/deviceAppManagement/mobileApps"
    static let mobileAppConfigurations = "/deviceAppManagement/mobileAppConfigurations"

    /// Creates a targeted app configuration with `settings` (name → value, in order) and returns its id.
    func createAppConfiguration(
        admin: String, name: String = "harness-mam-config", settings: KeyValuePairs<String, String>
    ) async throws -> String {
        let created = try await backend.json(
            "POST", graph + Self.configurations,
            [
                "@odata.type": "#microsoft.graph.targetedManagedAppConfiguration", "displayName": .string(name),
                "customSettings": .array(settings.map { ["name": .string($0.key), "value": .string($0.value)] }),
            ], bearer: admin)
        try #require(created.status == 201, "create app configuration: \(created.text)")
        return try #require(created["id"]?.stringValue)
    }

    /// Targets a configuration at `bundle` and assigns it to `group`.
    func targetAndAssignAppConfiguration(
        admin: String, id: String, group: String, bundle: String = bundleId
    ) async throws {
        let base = graph + Self.configurations + "/\(id)"
        let targeted = try await backend.json(
            "POST", base + "/targetApps",
            ["apps": [["mobileAppIdentifier": ["@odata.type": "#microsoft.graph.iosMobileAppIdentifier", "bundleId": .string(bundle)]]]],
            bearer: admin)
        try #require(targeted.status == 204, "targetApps: \(targeted.text)")
        let assigned = try await backend.json(
            "POST", base + "/assign",
            ["assignments": [["target": ["@odata.type": "#microsoft.graph.groupAssignmentTarget", "groupId": .string(groupId(group))]]]],
            bearer: admin)
        try #require(assigned.status == 204, "assign: \(assigned.text)")
    }

    /// `PUT /_mock/tenants/{t}/default-app-config`; the raw answer.
    @discardableResult
    func setDefaultAppConfig(_ body: JSONValue) async throws -> MockBackendFixture.Answer {
        try await backend.json("PUT", "/_mock/tenants/\(id)/default-app-config", body)
    }

    /// Enrolls a user with fresh tokens and returns the access token.
    func enrolled(_ alias: String, _ password: String) async throws -> String {
        let tokens = try await userTokens("\(alias)@contoso.example", password)
        let enroll = try await self.enroll(alias, token: tokens.access)
        try #require(enroll["outcome"] == "enrolled", "enroll \(alias): \(enroll.text)")
        return tokens.access
    }

    /// Creates an iOS store app in the catalogue and returns its id.
    func createMobileApp(admin: String, bundle: String = bundleId) async throws -> String {
        let created = try await backend.json(
            "POST", graph + Self.mobileApps,
            [
                "@odata.type": "#microsoft.graph.iosStoreApp", "displayName": "Harness App", "bundleId": .string(bundle),
                "appStoreUrl": "https://apps.apple.com/app/id000000000", "publisher": "Contoso",
                "applicableDeviceType": ["iPad": true, "iPhoneAndIPod": true],
                "minimumSupportedOperatingSystem": ["v14_0": true],
            ], bearer: admin)
        try #require(created.status == 201, "create mobile app: \(created.text)")
        return try #require(created["id"]?.stringValue)
    }

    /// Creates an iOS mobile app configuration for `appIds` with `settings` (key → value, stringType).
    func createMobileAppConfiguration(
        admin: String, appIds: [String], settings: KeyValuePairs<String, String>
    ) async throws -> String {
        let created = try await backend.json(
            "POST", graph + Self.mobileAppConfigurations,
            [
                "@odata.type": "#microsoft.graph.iosMobileAppConfiguration", "displayName": "harness-allowed-accounts",
                "targetedMobileApps": .array(appIds.map(JSONValue.string)), "settings": Self.settingItems(settings),
            ], bearer: admin)
        try #require(created.status == 201, "create mobile app configuration: \(created.text)")
        return try #require(created["id"]?.stringValue)
    }

    /// `settings` as Graph `appConfigurationSettingItem`s of type `stringType`.
    static func settingItems(_ settings: KeyValuePairs<String, String>) -> JSONValue {
        .array(settings.map {
            ["appConfigKey": .string($0.key), "appConfigKeyType": "stringType", "appConfigKeyValue": .string($0.value)]
        })
    }

    /// Assigns a mobile app configuration to `group`.
    func assignMobileAppConfiguration(admin: String, id: String, group: String) async throws {
        let assigned = try await backend.json(
            "POST", graph + Self.mobileAppConfigurations + "/\(id)/microsoft.graph.assign",
            [
                "assignments": [[
                    "@odata.type": "#microsoft.graph.managedDeviceMobileAppConfigurationAssignment",
                    "target": ["@odata.type": "#microsoft.graph.groupAssignmentTarget", "groupId": .string(groupId(group))],
                ]]
            ], bearer: admin)
        try #require(assigned.status == 204, "assign mobile app configuration: \(assigned.text)")
    }

    /// `PUT /_mock/tenants/{t}/device` with a user's object id or null; the status.
    @discardableResult
    func setDeviceUser(_ objectId: String?) async throws -> Int {
        try await backend.json("PUT", "/_mock/tenants/\(id)/device", ["userId": .optional(objectId)]).status
    }

    /// `GET /_mock/tenants/{t}/device`.
    func device() async throws -> JSONValue {
        let answer = try await backend.json("GET", "/_mock/tenants/\(id)/device")
        try #require(answer.status == 200, "device: \(answer.text)")
        return try #require(answer.body)
    }

    /// `GET /{t}/device/v1/managedAppConfig?bundleId=B`, no token (it stands for the operating system).
    func deviceConfig(bundle: String = bundleId) async throws -> MockBackendFixture.Answer {
        try await backend.json("GET", "/\(id)/device/v1/managedAppConfig?bundleId=\(bundle)")
    }
}
