import AdapterProtocol
/// One app on one device enrolled by one account (Graph `iosManagedAppRegistration`).
///
/// Created by a successful enroll, updated by every check-in, removed by unenroll.
struct AppRegistration: Sendable, Codable {
    let id: String
    let accountId: String
    var upn: String?
    let bundleId: String
    let deviceTag: String
    var sdkVersion: String
    var appVersion: String?
    let createdDateTime: String
    var lastSyncDateTime: String
    var appliedPolicyIds: [String]

    func matches(accountId: String, deviceTag: String, bundleId: String?) -> Bool {
        guard self.accountId.caseInsensitiveCompare(accountId) == .orderedSame, self.deviceTag == deviceTag else {
            return false
        }
        guard let bundleId else { return true }
        return self.bundleId.caseInsensitiveCompare(bundleId) == .orderedSame
    }

    /// The registration as Graph lists it.
    func graphObject() -> JSONValue {
        [
            "@odata.type": "#microsoft.graph.iosManagedAppRegistration",
            "id": .string(id),
            "userId": .string(accountId),
            "deviceTag": .string(deviceTag),
            "managementSdkVersion": .string(sdkVersion),
            "applicationVersion": .optional(appVersion),
            "createdDateTime": .string(createdDateTime),
            "lastSyncDateTime": .string(lastSyncDateTime),
            "appIdentifier": ["@odata.type": "#microsoft.graph.iosMobileAppIdentifier", "bundleId": .string(bundleId)],
            "appliedPolicyIds": .array(appliedPolicyIds.map(JSONValue.string)),
            "flaggedReasons": [],
        ]
    }
}
