import AdapterProtocol
/// Look-ups of the app configuration objects of a tenant; ids compare case-insensitively, like every mock id.
extension Tenant {
    func appConfigurationIndex(id: String) -> Int? {
        appConfigurations.firstIndex { $0.id.caseInsensitiveCompare(id) == .orderedSame }
    }

    func mobileAppIndex(id: String) -> Int? {
        mobileApps.firstIndex { $0.id.caseInsensitiveCompare(id) == .orderedSame }
    }

    func mobileAppConfigurationIndex(id: String) -> Int? {
        mobileAppConfigurations.firstIndex { $0.id.caseInsensitiveCompare(id) == .orderedSame }
    }

    /// The user of the simulated device, if the device has one.
    var deviceUser: MockUser? {
        deviceUserId.flatMap { user(objectId: $0) }
    }

    /// The simulated device as the controls report it: `deviceId` and `userId` (null without a device user).
    var deviceJSON: JSONValue {
        ["deviceId": .string(deviceId), "userId": .optional(deviceUserId)]
    }
}
