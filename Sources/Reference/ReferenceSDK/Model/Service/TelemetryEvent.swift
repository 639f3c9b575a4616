/// One telemetry event: what happened, when, and a few non-identifying facts (never tokens or UPNs).
///
/// Events held for a batched upload are kept in the SDK state as their JSON text and read back with this type.
struct TelemetryEvent: Codable, Equatable, Sendable {
    /// What a check-in event adds: the status it reported and the policy version it ended with (`null` when none).
    struct CheckIn: Equatable, Sendable {
        var statusCode: Int
        var policyVersion: String?
    }

    /// `enrollment` or `checkin`.
    var name: String
    /// ISO 8601, on the SDK's clock.
    var time: String
    var sdkVersion: String
    var appVersion: String
    var bundleId: String
    /// Present for check-in events only.
    var checkIn: CheckIn?

    private enum CodingKeys: String, CodingKey { case name, time, sdkVersion, appVersion, bundleId, statusCode, policyVersion }

    init(name: String, time: String, sdkVersion: String, appVersion: String, bundleId: String, checkIn: CheckIn? = nil) {
        self.name = name
        self.time = time
        self.sdkVersion = sdkVersion
        self.appVersion = appVersion
        self.bundleId = bundleId
        self.checkIn = checkIn
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        time = try container.decode(String.self, forKey: .time)
        sdkVersion = try container.decode(String.self, forKey: .sdkVersion)
        appVersion = try container.decode(String.self, forKey: .appVersion)
        bundleId = try container.decode(String.self, forKey: .bundleId)
        checkIn = try container.decodeIfPresent(Int.self, forKey: .statusCode).map { code in
            CheckIn(statusCode: code, policyVersion: try container.decodeIfPresent(String.self, forKey: .policyVersion))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(time, forKey: .time)
        try container.encode(sdkVersion, forKey: .sdkVersion)
        try container.encode(appVersion, forKey: .appVersion)
        try container.encode(bundleId, forKey: .bundleId)
        if let checkIn {
            try container.encode(checkIn.statusCode, forKey: .statusCode)
            try container.encode(checkIn.policyVersion, forKey: .policyVersion)
        }
    }
}
