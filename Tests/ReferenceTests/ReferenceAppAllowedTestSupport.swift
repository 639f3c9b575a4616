import AdapterProtocol
import CurlHTTP
import Foundation

/// What the end-to-end allowed-accounts and app-configuration tests add to ``ReferenceAppTestBackend``: the
/// device channel in `initialize`, settings of any kind, the device user, and MDM / MAM app configurations.
extension ReferenceAppTestBackend {
    private var base: String { "\(controlBase)/\(tenant["tenantId"]?.stringValue ?? "")" }

    /// `initialize` params with `backend.deviceConfigURL` and arbitrary settings values.
    func initializeParams(dataDir: String, values: [String: JSONValue]) -> JSONValue {
        var params = initializeParams(dataDir: dataDir)
        guard case .object(var members) = params, case .object(var backend)? = members["backend"],
              case .object(var app)? = members["app"] else { return params }
        backend["deviceConfigURL"] = .string("\(base)/device/v1/managedAppConfig?bundleId=\(bundleId)")
        app["settings"] = .object(values)
        members["backend"] = .object(backend)
        members["app"] = .object(app)
        params = .object(members)
        return params
    }

    /// Makes alice the device's user.
    func aliceOwnsTheDevice() async throws {
        try await control("PUT", "/device", ["userId": .string(user("alice").objectId)], expect: 204)
    }

    /// Restricts sign-in to the device user (the documented allowed-accounts keys); returns the configuration id.
    @discardableResult
    func restrictToDeviceUser() async throws -> String {
        let app = try await admin("POST", "/deviceAppManagement/mobileApps", [
            "@odata.type": "#microsoft.graph.iosStoreApp", "displayName": .string(bundleId), "bundleId": .string(bundleId),
        ])
        let settings: [(String, String)] = [
            ("IntuneMAMAllowedAccountsOnly", "Enabled"), ("IntuneMAMUPN", "{{userprincipalname}}"), ("IntuneMAMOID", "{{userid}}"),
        ]
        let made = try await admin("POST", "/deviceAppManagement/mobileAppConfigurations", [
            "@odata.type": "#microsoft.graph.iosMobileAppConfiguration", "displayName": "allowed-only",
            "targetedMobileApps": [app["id"] ?? .null],
            "settings": .array(settings.map {
                ["appConfigKey": .string($0.0), "appConfigKeyType": "stringType", "appConfigKeyValue": .string($0.1)]
            }),
        ])
        let id = made["id"]?.stringValue ?? ""
        _ = try await admin("POST", "/deviceAppManagement/mobileAppConfigurations/\(id)/assign", [
            "assignments": [["target": ["@odata.type": "#microsoft.graph.allDevicesAssignmentTarget"]]],
        ])
        return id
    }

    /// A MAM-channel configuration for the app, assigned to every licensed user.
    func createAppConfig(_ settings: [String: String]) async throws {
        let collection = "/deviceAppManagement/targetedManagedAppConfigurations"
        let made = try await admin("POST", collection, [
            "@odata.type": "#microsoft.graph.targetedManagedAppConfiguration", "displayName": "team",
            "customSettings": .array(settings.sorted { $0.key < $1.key }.map { ["name": .string($0.key), "value": .string($0.value)] }),
        ])
        let id = made["id"]?.stringValue ?? ""
        _ = try await admin("POST", "\(collection)/\(id)/targetApps", [
            "apps": [["mobileAppIdentifier": ["@odata.type": "#microsoft.graph.iosMobileAppIdentifier", "bundleId": .string(bundleId)]]],
        ])
        _ = try await admin("POST", "\(collection)/\(id)/assign", [
            "assignments": [["target": ["@odata.type": "#microsoft.graph.allLicensedUsersAssignmentTarget"]]],
        ])
    }

    // MARK: Plumbing

    private func control(_ method: String, _ path: String, _ body: JSONValue, expect status: Int) async throws {
        let http = HTTPClient(label: "reference-app-allowed-tests.control")
        let response = try await http.send(.json(method, "\(controlBase)/_mock/tenants/\(tenant["tenantId"]?.stringValue ?? "")\(path)",
                                                 body: body.serialized()))
        guard response.status == status else {
            throw ReferenceAppTestError(description: "\(method) \(path): \(response.status) \(response.text)")
        }
    }

    private func admin(_ method: String, _ path: String, _ body: JSONValue) async throws -> JSONValue {
        let http = HTTPClient(label: "reference-app-allowed-tests.graph")
        let tokenResponse = try await http.send(.form(url: tenant["tokenURL"]?.stringValue ?? "", fields: [
            ("grant_type", "client_credentials"), ("client_id", tenant["admin"]?["clientId"]?.stringValue ?? ""),
            ("client_secret", tenant["admin"]?["clientSecret"]?.stringValue ?? ""),
            ("scope", "https://graph.microsoft.com/.default"),
        ]))
        guard let token = try JSONValue.parse(tokenResponse.body)["access_token"]?.stringValue else {
            throw ReferenceAppTestError(description: "admin token: \(tokenResponse.status) \(tokenResponse.text)")
        }
        let url = (tenant["graphBaseURL"]?.stringValue ?? "") + path
        let response = try await http.send(.json(method, url, body: body.serialized(), bearer: token))
        guard (200..<300).contains(response.status) else {
            throw ReferenceAppTestError(description: "\(method) \(path): \(response.status) \(response.text)")
        }
        return response.body.isEmpty ? .null : try JSONValue.parse(response.body)
    }
}
