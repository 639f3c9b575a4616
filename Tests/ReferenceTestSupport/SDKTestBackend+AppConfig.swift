import CurlHTTP
import Foundation

/// Administrator actions the allowed-accounts and app-configuration tests need on the mock tenant: the
/// device channel (device user, MDM app configurations) and MAM-channel targeted configurations, through the
/// same Graph and control faces the harness uses (docs/mock-backend.md).
extension SDKTestBackend {
    /// The simulated OS's managed app configuration for the test app (what the runner passes as
    /// `initialize.backend.deviceConfigURL`).
    public var deviceConfigURL: URL {
        URL(string: "\(controlBase)/\(tenantId)/device/v1/managedAppConfig?bundleId=\(bundleId)")!
    }

    /// Sets (or clears) the user the simulated MDM-enrolled device belongs to.
    public func setDeviceUser(_ objectId: String?) async throws {
        let body = try JSONSerialization.data(withJSONObject: ["userId": objectId.map { $0 as Any } ?? NSNull()])
        let response = try await http.send(.json("PUT", "\(controlBase)/_mock/tenants/\(tenantId)/device", body: body))
        guard response.status == 204 else {
            throw SDKTestBackendError(description: "device user: \(response.status) \(response.text)")
        }
    }

    /// Sets the tenant-wide default MAM app configuration (`__IsDefault`).
    public func setDefaultAppConfig(_ settings: [String: String]) async throws {
        let body = try JSONSerialization.data(withJSONObject: ["customSettings": Self.pairs(settings)])
        let response = try await http.send(.json("PUT", "\(controlBase)/_mock/tenants/\(tenantId)/default-app-config", body: body))
        guard response.status == 204 else {
            throw SDKTestBackendError(description: "default app config: \(response.status) \(response.text)")
        }
    }

    /// Creates an MDM-channel app configuration for the test app, assigned to every device; returns its id.
    public func createDeviceConfig(_ settings: [String: String]) async throws -> String {
        let app = try await adminCall("POST", "/deviceAppManagement/mobileApps", [
            "@odata.type": "#microsoft.graph.iosStoreApp", "displayName": bundleId, "bundleId": bundleId,
        ])
        let appId = app["id"] as? String ?? ""
        let made = try await adminCall("POST", "/deviceAppManagement/mobileAppConfigurations", [
            "@odata.type": "#microsoft.graph.iosMobileAppConfiguration", "displayName": "reference-tests-device",
            "targetedMobileApps": [appId], "settings": Self.items(settings),
        ])
        let id = made["id"] as? String ?? ""
        try await adminCall("POST", "/deviceAppManagement/mobileAppConfigurations/\(id)/assign", [
            "assignments": [["target": ["@odata.type": "#microsoft.graph.allDevicesAssignmentTarget"]]],
        ])
        return id
    }

    public func updateDeviceConfig(_ id: String, _ settings: [String: String]) async throws {
        try await adminCall("PATCH", "/deviceAppManagement/mobileAppConfigurations/\(id)", [
            "@odata.type": "#microsoft.graph.iosMobileAppConfiguration", "settings": Self.items(settings),
        ])
    }

    public func deleteDeviceConfig(_ id: String) async throws {
        try await adminCall("DELETE", "/deviceAppManagement/mobileAppConfigurations/\(id)", nil)
    }

    /// Creates a MAM-channel targeted configuration for the test app, assigned to every licensed user.
    @discardableResult
    public func createAppConfig(_ settings: [String: String]) async throws -> String {
        let collection = "/deviceAppManagement/targetedManagedAppConfigurations"
        let made = try await adminCall("POST", collection, [
            "@odata.type": "#microsoft.graph.targetedManagedAppConfiguration", "displayName": "reference-tests-config",
            "customSettings": Self.pairs(settings),
        ])
        let id = made["id"] as? String ?? ""
        try await adminCall("POST", "\(collection)/\(id)/targetApps", [
            "apps": [["mobileAppIdentifier": ["@odata.type": "#microsoft.graph.iosMobileAppIdentifier", "bundleId": bundleId]]],
        ])
        try await adminCall("POST", "\(collection)/\(id)/assign", [
            "assignments": [["target": ["@odata.type": "#microsoft.graph.allLicensedUsersAssignmentTarget"]]],
        ])
        return id
    }

    public func updateAppConfig(_ id: String, _ settings: [String: String]) async throws {
        try await adminCall("PATCH", "/deviceAppManagement/targetedManagedAppConfigurations/\(id)",
                            ["customSettings": Self.pairs(settings)])
    }

    // MARK: Plumbing

    private static func pairs(_ settings: [String: String]) -> [[String: String]] {
        settings.sorted { $0.key < $1.key }.map { ["name": $0.key, "value": $0.value] }
    }

    private static func items(_ settings: [String: String]) -> [[String: String]] {
        settings.sorted { $0.key < $1.key }.map {
            ["appConfigKey": $0.key, "appConfigKeyType": "stringType", "appConfigKeyValue": $0.value]
        }
    }

    /// A Graph call with a fresh administrator token; the answer object (empty for 204).
    @discardableResult
    private func adminCall(_ method: String, _ path: String, _ body: [String: Any]?) async throws -> [String: Any] {
        let tokenResponse = try await http.send(.form(url: tokenURL.absoluteString, fields: [
            ("grant_type", "client_credentials"), ("client_id", adminClientId), ("client_secret", adminSecret),
            ("scope", "https://graph.microsoft.com/.default"),
        ]))
        guard let token = (try JSONSerialization.jsonObject(with: tokenResponse.body) as? [String: Any])?["access_token"] as? String else {
            throw SDKTestBackendError(description: "admin token: \(tokenResponse.status) \(tokenResponse.text)")
        }
        let data = try body.map { try JSONSerialization.data(withJSONObject: $0) }
        let response = try await http.send(.json(method, graphBaseURL + path, body: data, bearer: token))
        guard (200..<300).contains(response.status) else {
            throw SDKTestBackendError(description: "\(method) \(path): \(response.status) \(response.text)")
        }
        guard !response.body.isEmpty else { return [:] }
        return (try JSONSerialization.jsonObject(with: response.body) as? [String: Any]) ?? [:]
    }
}
