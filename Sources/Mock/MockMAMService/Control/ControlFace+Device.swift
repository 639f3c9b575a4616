import AdapterProtocol
/// Controls for what has no Graph v1.0 shape: the simulated device's user and the tenant-default MAM app config.
///
/// Both are set-ups a case arranges (which user the MDM-enrolled device belongs to; Intune's tenant-wide default
/// configuration), so they are controls like the clock, and like all controls they are not journalled.
extension ControlFace {
    /// `PUT /_mock/tenants/{t}/device` with `userId` (an object id, or null for a device without a user): 204.
    func setDevice(_ request: IncomingRequest) async -> Reply {
        let object: [String: JSONValue]
        do { object = try Self.objectBody(request, allowed: ["userId"]) } catch { return error.reply }
        let userId: String?
        switch object["userId"] {
        case .null?: userId = nil
        case .string(let text)? where !text.isEmpty: userId = text
        default: return Self.badRequest("userId (a user's object id, or null) is required")
        }
        let outcome: Reply? = await state.withTenant(request.parameters["tenant"] ?? "") { tenant in
            guard let userId else {
                tenant.deviceUserId = nil
                return Reply.noContent
            }
            guard let user = tenant.user(objectId: userId) else { return Self.badRequest("userId names no user") }
            tenant.deviceUserId = user.objectId
            return Reply.noContent
        }
        return outcome ?? Self.unknownTenant
    }

    /// `GET /_mock/tenants/{t}/device`: `deviceId` and `userId` (null when the device has no user).
    func getDevice(_ request: IncomingRequest) async -> Reply {
        let device: JSONValue? = await state.withTenant(request.parameters["tenant"] ?? "", changes: false) { $0.deviceJSON }
        guard let device else { return Self.unknownTenant }
        return Reply.json(.ok, device)
    }

    /// `PUT /_mock/tenants/{t}/default-app-config` with `customSettings` [{`name`, `value`}]: 204; an empty list
    /// removes the default.
    func setDefaultAppConfig(_ request: IncomingRequest) async -> Reply {
        let spec: DefaultAppConfigSpec
        do {
            spec = try DefaultAppConfigSpec.parse(try JSONValue.parse(request.body))
        } catch let error as DefaultAppConfigSpec.Invalid {
            return Self.badRequest(error.reason)
        } catch {
            return Self.badRequest("\(error)")
        }
        let done: Void? = await state.withTenant(request.parameters["tenant"] ?? "") {
            $0.defaultAppConfig = spec.customSettings
        }
        return done == nil ? Self.unknownTenant : Reply.noContent
    }
}
