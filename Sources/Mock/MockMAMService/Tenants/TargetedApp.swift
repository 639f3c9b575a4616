import AdapterProtocol
/// One entry of a MAM policy's or targeted configuration's `apps`: an iOS bundle id.
///
/// Protection policies and targeted app configurations share the `targetApps` action, so they share this type.
struct TargetedApp: Sendable, Codable {
    let bundleId: String

    /// Whether this entry names `bundleId`; bundle ids compare case-insensitively, as Intune matches them.
    func matches(_ bundleId: String) -> Bool {
        self.bundleId.caseInsensitiveCompare(bundleId) == .orderedSame
    }

    /// The `managedMobileApp` Graph reports for this app (id `<bundleId>.ios`).
    func graphObject() -> JSONValue {
        [
            "@odata.type": "#microsoft.graph.managedMobileApp",
            "id": .string("\(bundleId).ios"),
            "mobileAppIdentifier": [
                "@odata.type": "#microsoft.graph.iosMobileAppIdentifier", "bundleId": .string(bundleId),
            ],
        ]
    }
}
