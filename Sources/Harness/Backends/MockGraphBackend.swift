import AdapterProtocol
import ConformanceCore
import CurlHTTP
import Foundation

/// Drives the mock MAM backend the way an administrator drives Intune: tenant and clock through the
/// mock's `/_mock/` controls, everything else through the Graph-shaped face with an app-only token.
///
/// Only the `/_mock/` calls are mock-specific; the Graph calls use v1.0 paths and bodies, so a driver for
/// a real tenant differs in how it obtains the tenant, not in how it arranges policies.
public struct MockGraphBackend: BackendDriver {
    /// The mock journals every request, injects faults and moves its clock.
    public var capabilities: Set<BackendCapability> { Set(BackendCapability.allCases) }

    public let baseURL: String
    private let http: HTTPClient
    private let redactor: Redactor
    private let adminTokens = AdminTokenCache()
    private let objects = TenantObjects()

    /// The mock's admin token, sent on every `/_mock` call (a mock reachable from the network requires one).
    private let controlToken: String?

    public init(baseURL: String, redactor: Redactor, controlToken: String? = nil,
                timeouts: HTTPTimeouts = HTTPTimeouts(connect: .seconds(2), total: .seconds(15))) {
        self.controlToken = controlToken
        if let controlToken { redactor.add(controlToken) }
        self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        self.http = HTTPClient(label: "mamconf.backend", timeouts: timeouts)
        self.redactor = redactor
    }

    public var description: String { "mock MAM backend at \(baseURL)" }

    /// Connections the driver's HTTP client opened so far (tests check keep-alive with it).
    public var connectionsOpened: Int {
        get async { await http.connectionsOpened }
    }

    public func checkReachable() async throws(BackendFault) {
        let response = try await send(.json("GET", "\(baseURL)/_mock/health"), transcript: nil)
        guard response.status == 200 else {
            throw BackendFault(request: "GET \(baseURL)/_mock/health", message: "HTTP \(response.status) (is this a mamconf mock backend?)")
        }
    }

    public func arrange(tenant: TenantFixture, policies: [PolicyFixture], transcript: Transcript) async throws(BackendFault) -> ArrangedTenant {
        let users: [JSONValue] = tenant.users.map { user in
            ["alias": .string(user.alias), "upn": .string(user.upn), "objectId": .string(user.objectId),
             "licensed": .bool(user.licensed), "password": .string(user.password)]
        }
        let created = try await json("POST", "\(baseURL)/_mock/tenants",
                                     body: ["bundleId": .string(tenant.bundleId), "users": .array(users)],
                                     expect: 201, transcript: transcript)
        guard let tenantId = created["tenantId"]?.stringValue, let graph = created["graphBaseURL"]?.stringValue,
              let tokenURL = created["tokenURL"]?.stringValue, let mamURL = created["mamServiceURL"]?.stringValue,
              let resource = created["mamResource"]?.stringValue, let appClient = created["appClientId"]?.stringValue,
              let clientId = created["admin"]?["clientId"]?.stringValue, let secret = created["admin"]?["clientSecret"]?.stringValue
        else {
            throw BackendFault(request: "POST \(baseURL)/_mock/tenants", message: "answer lacks tenant fields: \(created.compactText)")
        }
        redactor.add(secret)
        let token = try await adminToken(tokenURL: tokenURL, clientId: clientId, secret: secret, transcript: transcript)
        redactor.add(token)

        var groupIDs: [String: String] = [:]
        var context: [String: String] = [
            "tokenURL": tokenURL, "clientId": clientId, "clientSecret": secret, "graph": graph, "token": token,
            "bundleId": tenant.bundleId,
        ]
        for group in tenant.groups {
            let nickname = group.name.filter { $0.isLetter || $0.isNumber }
            let made = try await json("POST", "\(graph)/groups", bearer: token, body: [
                "displayName": .string(group.name), "mailEnabled": false, "mailNickname": .string(nickname.isEmpty ? "group" : nickname),
                "securityEnabled": true,
            ], expect: 201, transcript: transcript)
            guard let id = made["id"]?.stringValue else {
                throw BackendFault(request: "POST \(graph)/groups", message: "created group has no id")
            }
            groupIDs[group.name] = id
            context["group.\(group.name)"] = id
            for alias in group.members {
                guard let user = tenant.user(alias) else { continue }
                _ = try await json("POST", "\(graph)/groups/\(id)/members/$ref", bearer: token, body: [
                    "@odata.id": .string("https://graph.microsoft.com/v1.0/directoryObjects/\(user.objectId)"),
                ], expect: 204, transcript: transcript)
            }
        }
        for policy in policies {
            var body = policy.settings
            body["@odata.type"] = "#microsoft.graph.iosManagedAppProtection"
            body["displayName"] = .string(policy.displayName)
            let made = try await json("POST", "\(graph)/deviceAppManagement/iosManagedAppProtections", bearer: token,
                                      body: .object(body), expect: 201, transcript: transcript)
            guard let id = made["id"]?.stringValue else {
                throw BackendFault(request: "POST \(graph)/deviceAppManagement/iosManagedAppProtections", message: "created policy has no id")
            }
            context["policy.\(policy.name)"] = id
            let apps: [JSONValue] = (policy.apps ?? [tenant.bundleId]).map { bundle in
                ["mobileAppIdentifier": ["@odata.type": "#microsoft.graph.iosMobileAppIdentifier", "bundleId": .string(bundle)]]
            }
            _ = try await json("POST", "\(graph)/deviceAppManagement/iosManagedAppProtections/\(id)/targetApps", bearer: token,
                               body: ["apps": .array(apps), "appGroupType": "selectedPublicApps"], expect: 204, transcript: transcript)
            let assignments: [JSONValue] = policy.assignedGroups.compactMap { groupIDs[$0] }.map { groupId in
                ["@odata.type": "#microsoft.graph.targetedManagedAppPolicyAssignment",
                 "target": ["@odata.type": "#microsoft.graph.groupAssignmentTarget", "groupId": .string(groupId)]]
            }
            _ = try await json("POST", "\(graph)/deviceAppManagement/iosManagedAppProtections/\(id)/assign", bearer: token,
                               body: ["assignments": .array(assignments)], expect: 204, transcript: transcript)
        }
        return ArrangedTenant(
            tenantId: tenantId, tokenURL: tokenURL, mamServiceURL: mamURL, mamResource: resource, appClientId: appClient,
            now: created["now"]?.stringValue ?? "2026-01-01T00:00:00Z",
            driverContext: context,
            deviceConfigURL: "\(baseURL)/\(tenantId)/device/v1/managedAppConfig?bundleId=\(tenant.bundleId)")
    }

    public func advanceClock(_ tenant: ArrangedTenant, seconds: Double, transcript: Transcript) async throws(BackendFault) {
        _ = try await json("POST", "\(baseURL)/_mock/tenants/\(tenant.tenantId)/clock",
                           body: ["advanceSeconds": .number(seconds)], expect: 200, transcript: transcript)
    }

    public func perform(_ action: BackendAction, on tenant: ArrangedTenant, transcript: Transcript) async throws(BackendFault) {
        switch action {
        case .selectiveWipe(let accountId):
            let graph = tenant.driverContext["graph"] ?? ""
            let registrations = try await self.registrations(tenant, transcript: transcript)
            guard let registration = registrations.first(where: { $0.userId.lowercased() == accountId.lowercased() }),
                  let deviceTag = registration.deviceTag
            else {
                throw BackendFault(
                    request: "POST \(graph)/users/\(accountId)/wipeManagedAppRegistrationsByDeviceTag",
                    message: "the account has no app registration to wipe (did it enroll?)")
            }
            _ = try await self.graph("POST", "/users/\(accountId)/wipeManagedAppRegistrationsByDeviceTag", tenant: tenant,
                                     body: ["deviceTag": .string(deviceTag)], expect: 204, transcript: transcript)
        case .injectFault(let route, let status, let times):
            var body: [String: JSONValue] = ["route": .string(route.rawValue), "status": .number(Double(status))]
            if let times { body["times"] = .number(Double(times)) }
            _ = try await json("POST", "\(baseURL)/_mock/tenants/\(tenant.tenantId)/faults", body: .object(body),
                               expect: 201, transcript: transcript)
        case .clearFaults:
            _ = try await json("DELETE", "\(baseURL)/_mock/tenants/\(tenant.tenantId)/faults", expect: 204, transcript: transcript)
        case .appConfig(let name, let settings, let assignTo, let delete):
            try await appConfig(name, settings: settings, assignTo: assignTo, delete: delete, tenant: tenant, transcript: transcript)
        case .defaultAppConfig(let settings):
            _ = try await json("PUT", "\(baseURL)/_mock/tenants/\(tenant.tenantId)/default-app-config",
                               body: ["customSettings": Self.customSettings(settings)], expect: 204, transcript: transcript)
        case .deviceConfig(let name, let settings, let assignTo, let delete):
            try await deviceConfig(name, settings: settings, assignTo: assignTo, delete: delete, tenant: tenant, transcript: transcript)
        case .deviceUser(let accountId):
            _ = try await json("PUT", "\(baseURL)/_mock/tenants/\(tenant.tenantId)/device",
                               body: ["userId": accountId.map { .string($0) } ?? .null], expect: 204, transcript: transcript)
        case .updatePolicy(let name, let settings):
            guard let id = tenant.driverContext["policy.\(name)"] else {
                throw BackendFault(request: "PATCH iosManagedAppProtections", message: "no arranged policy named '\(name)' in this case")
            }
            _ = try await graph("PATCH", "/deviceAppManagement/iosManagedAppProtections/\(id)", tenant: tenant,
                                body: .object(settings), expect: 204, transcript: transcript)
        }
    }

    public func registrations(_ tenant: ArrangedTenant, transcript: Transcript) async throws(BackendFault) -> [BackendRegistration] {
        let list = try await graph("GET", "/deviceAppManagement/managedAppRegistrations", tenant: tenant, expect: 200, transcript: transcript)
        return (list["value"]?.arrayValue ?? []).map { item in
            BackendRegistration(
                userId: item["userId"]?.stringValue ?? "", deviceTag: item["deviceTag"]?.stringValue,
                sdkVersion: item["managementSdkVersion"]?.stringValue, lastSync: item["lastSyncDateTime"]?.stringValue)
        }
    }

    public func journal(_ tenant: ArrangedTenant, transcript: Transcript) async throws(BackendFault) -> [JournalEntry] {
        let list = try await json("GET", "\(baseURL)/_mock/tenants/\(tenant.tenantId)/journal", expect: 200, transcript: transcript)
        return (list["entries"]?.arrayValue ?? []).map { entry in
            JournalEntry(
                sequence: entry["seq"]?.intValue ?? 0, route: entry["route"]?.stringValue ?? "",
                method: entry["method"]?.stringValue ?? "", path: entry["path"]?.stringValue ?? "",
                status: entry["status"]?.intValue ?? 0, accountId: entry["accountId"]?.stringValue)
        }
    }

    public func teardown(_ tenant: ArrangedTenant) async {
        await adminTokens.forget(tenant.tenantId)
        await objects.forgetTenant(tenant.tenantId)
        _ = try? await send(.json("DELETE", "\(baseURL)/_mock/tenants/\(tenant.tenantId)"), transcript: nil)
    }

    // MARK: App configuration

    static func customSettings(_ settings: [String: String]) -> JSONValue {
        .array(settings.sorted { $0.key < $1.key }.map { ["name": .string($0.key), "value": .string($0.value)] })
    }

    private func assignments(_ groups: [String], type: String, tenant: ArrangedTenant) throws(BackendFault) -> JSONValue {
        .array(try groups.map { (name: String) throws(BackendFault) -> JSONValue in
            guard let id = tenant.driverContext["group.\(name)"] else {
                throw BackendFault(request: "assign", message: "no group named '\(name)' in the tenant fixture")
            }
            return ["@odata.type": .string(type),
                    "target": ["@odata.type": "#microsoft.graph.groupAssignmentTarget", "groupId": .string(id)]]
        })
    }

    /// MAM-channel targeted configuration: created on first use of a name, patched or deleted later.
    private func appConfig(
        _ name: String, settings: [String: String]?, assignTo: [String]?, delete: Bool, tenant: ArrangedTenant, transcript: Transcript
    ) async throws(BackendFault) {
        let collection = "/deviceAppManagement/targetedManagedAppConfigurations"
        if let id = await objects.id(tenant.tenantId, "appConfig.\(name)") {
            if delete {
                _ = try await graph("DELETE", "\(collection)/\(id)", tenant: tenant, expect: 204, transcript: transcript)
                await objects.forget(tenant.tenantId, "appConfig.\(name)")
                return
            }
            if let settings {
                _ = try await graph("PATCH", "\(collection)/\(id)", tenant: tenant,
                                    body: ["customSettings": Self.customSettings(settings)], expect: 204, transcript: transcript)
            }
            if let assignTo {
                _ = try await graph("POST", "\(collection)/\(id)/assign", tenant: tenant,
                                    body: ["assignments": try assignments(assignTo, type: "#microsoft.graph.targetedManagedAppPolicyAssignment", tenant: tenant)],
                                    expect: 204, transcript: transcript)
            }
            return
        }
        guard !delete else { throw BackendFault(request: "DELETE \(collection)", message: "no app configuration named '\(name)'") }
        let made = try await graph("POST", collection, tenant: tenant, body: [
            "@odata.type": "#microsoft.graph.targetedManagedAppConfiguration", "displayName": .string(name),
            "customSettings": Self.customSettings(settings ?? [:]),
        ], expect: 201, transcript: transcript)
        guard let id = made["id"]?.stringValue else { throw BackendFault(request: "POST \(collection)", message: "created configuration has no id") }
        await objects.set(tenant.tenantId, "appConfig.\(name)", id)
        let bundle = tenant.driverContext["bundleId"] ?? ""
        _ = try await graph("POST", "\(collection)/\(id)/targetApps", tenant: tenant, body: [
            "apps": [["mobileAppIdentifier": ["@odata.type": "#microsoft.graph.iosMobileAppIdentifier", "bundleId": .string(bundle)]]],
            "appGroupType": "selectedPublicApps",
        ], expect: 204, transcript: transcript)
        _ = try await graph("POST", "\(collection)/\(id)/assign", tenant: tenant,
                            body: ["assignments": try assignments(assignTo ?? [], type: "#microsoft.graph.targetedManagedAppPolicyAssignment", tenant: tenant)],
                            expect: 204, transcript: transcript)
    }

    /// MDM-channel app configuration (the allowed-accounts keys), for the tenant's app.
    private func deviceConfig(
        _ name: String, settings: [String: String]?, assignTo: [String]?, delete: Bool, tenant: ArrangedTenant, transcript: Transcript
    ) async throws(BackendFault) {
        let collection = "/deviceAppManagement/mobileAppConfigurations"
        func items(_ settings: [String: String]) -> JSONValue {
            .array(settings.sorted { $0.key < $1.key }.map {
                ["appConfigKey": .string($0.key), "appConfigKeyType": "stringType", "appConfigKeyValue": .string($0.value)]
            })
        }
        if let id = await objects.id(tenant.tenantId, "deviceConfig.\(name)") {
            if delete {
                _ = try await graph("DELETE", "\(collection)/\(id)", tenant: tenant, expect: 204, transcript: transcript)
                await objects.forget(tenant.tenantId, "deviceConfig.\(name)")
                return
            }
            if let settings {
                _ = try await graph("PATCH", "\(collection)/\(id)", tenant: tenant, body: [
                    "@odata.type": "#microsoft.graph.iosMobileAppConfiguration", "settings": items(settings),
                ], expect: 204, transcript: transcript)
            }
            return
        }
        guard !delete else { throw BackendFault(request: "DELETE \(collection)", message: "no device configuration named '\(name)'") }
        let appId = try await mobileApp(tenant: tenant, transcript: transcript)
        let made = try await graph("POST", collection, tenant: tenant, body: [
            "@odata.type": "#microsoft.graph.iosMobileAppConfiguration", "displayName": .string(name),
            "targetedMobileApps": [.string(appId)], "settings": items(settings ?? [:]),
        ], expect: 201, transcript: transcript)
        guard let id = made["id"]?.stringValue else { throw BackendFault(request: "POST \(collection)", message: "created configuration has no id") }
        await objects.set(tenant.tenantId, "deviceConfig.\(name)", id)
        _ = try await graph("POST", "\(collection)/\(id)/assign", tenant: tenant,
                            body: ["assignments": try assignments(assignTo ?? [], type: "#microsoft.graph.managedDeviceMobileAppConfigurationAssignment", tenant: tenant)],
                            expect: 204, transcript: transcript)
    }

    /// The Intune app entity for the tenant's bundle id, created once per tenant.
    private func mobileApp(tenant: ArrangedTenant, transcript: Transcript) async throws(BackendFault) -> String {
        if let id = await objects.id(tenant.tenantId, "mobileApp") { return id }
        let bundle = tenant.driverContext["bundleId"] ?? ""
        let made = try await graph("POST", "/deviceAppManagement/mobileApps", tenant: tenant, body: [
            "@odata.type": "#microsoft.graph.iosStoreApp", "displayName": .string(bundle), "bundleId": .string(bundle),
            "appStoreUrl": .string("https://apps.apple.com/app/\(bundle)"),
        ], expect: 201, transcript: transcript)
        guard let id = made["id"]?.stringValue else { throw BackendFault(request: "POST mobileApps", message: "created app has no id") }
        await objects.set(tenant.tenantId, "mobileApp", id)
        return id
    }

    // MARK: HTTP

    /// A Graph call with the tenant's admin token. Tokens expire on the backend's clock, which cases move
    /// by hours, so a 401 gets one retry with a freshly issued token (cached per tenant).
    private func graph(
        _ method: String, _ path: String, tenant: ArrangedTenant, body: JSONValue? = nil, expect status: Int, transcript: Transcript
    ) async throws(BackendFault) -> JSONValue {
        let url = (tenant.driverContext["graph"] ?? "") + path
        let token = await adminTokens.token(for: tenant.tenantId) ?? tenant.driverContext["token"]
        let request = HTTPRequest.json(method, url, body: body?.serialized(), bearer: token)
        var response = try await send(request, transcript: transcript)
        if response.status == 401, let tokenURL = tenant.driverContext["tokenURL"], let clientId = tenant.driverContext["clientId"],
           let secret = tenant.driverContext["clientSecret"] {
            let fresh = try await adminToken(tokenURL: tokenURL, clientId: clientId, secret: secret, transcript: transcript)
            redactor.add(fresh)
            await adminTokens.set(fresh, for: tenant.tenantId)
            response = try await send(.json(method, url, body: body?.serialized(), bearer: fresh), transcript: transcript)
        }
        return try decode(response, method: method, url: url, expect: status)
    }

    private func adminToken(tokenURL: String, clientId: String, secret: String, transcript: Transcript) async throws(BackendFault) -> String {
        let request = HTTPRequest.form(url: tokenURL, fields: [
            ("grant_type", "client_credentials"), ("client_id", clientId), ("client_secret", secret),
            ("scope", "https://graph.microsoft.com/.default"),
        ])
        let response = try await send(request, transcript: transcript)
        guard response.status == 200, let body = try? JSONValue.parse(response.body), let token = body["access_token"]?.stringValue else {
            throw BackendFault(request: "POST \(tokenURL)", message: "admin token refused: HTTP \(response.status) \(redactor.redact(response.text))")
        }
        return token
    }

    private func json(
        _ method: String, _ url: String, bearer: String? = nil, body: JSONValue? = nil, expect status: Int, transcript: Transcript
    ) async throws(BackendFault) -> JSONValue {
        let response = try await send(.json(method, url, body: body?.serialized(), bearer: bearer), transcript: transcript)
        return try decode(response, method: method, url: url, expect: status)
    }

    private func decode(_ response: HTTPResponse, method: String, url: String, expect status: Int) throws(BackendFault) -> JSONValue {
        guard response.status == status else {
            throw BackendFault(request: "\(method) \(url)", message: "expected HTTP \(status), got \(response.status): \(redactor.redact(String(response.text.prefix(500))))")
        }
        if response.body.isEmpty { return .null }
        do { return try JSONValue.parse(response.body) } catch {
            throw BackendFault(request: "\(method) \(url)", message: "answer is not JSON: \(redactor.redact(String(response.text.prefix(200))))")
        }
    }

    private func send(_ request: HTTPRequest, transcript: Transcript?) async throws(BackendFault) -> HTTPResponse {
        var request = request
        if let controlToken, request.url.hasPrefix(baseURL + "/_mock") {
            request.headers.append((name: "Authorization", value: "Bearer \(controlToken)"))
        }
        let started = DispatchTime.now().uptimeNanoseconds
        do {
            let response = try await http.send(request)
            let millis = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6
            transcript?.add("backend \(request.method) \(path(of: request.url)) → \(response.status) (\(String(format: "%.1f", millis)) ms)")
            return response
        } catch {
            transcript?.add("backend \(request.method) \(path(of: request.url)) → \(error)")
            throw BackendFault(request: "\(request.method) \(request.url)", message: error.description)
        }
    }

    private func path(of url: String) -> String {
        url.hasPrefix(baseURL) ? String(url.dropFirst(baseURL.count)) : url
    }
}
