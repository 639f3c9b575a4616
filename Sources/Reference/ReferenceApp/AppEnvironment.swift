import AdapterKit
import AdapterProtocol
import Foundation
import ReferenceSDK

/// Everything the runner tells the integration in `initialize`: where the app keeps its data, its
/// Info.plist settings, the tenant's endpoints and how time runs.
public struct AppEnvironment: Sendable {
    /// How the integration's clock runs.
    public enum ClockMode: Sendable, Equatable {
        /// Time moves only with `clock.advance`, starting at the given instant.
        case virtual(start: Date)
        /// The wall clock.
        case system
    }

    /// The per-case data directory: `app.json`, `files/`, and the SDK's `sdk/state.json`.
    public var dataDirectory: URL
    public var bundleId: String
    /// Info.plist `IntuneMAMSettings` keys and values (booleans, numbers, strings, arrays of those).
    public var settings: [String: IntuneMAMSettingValue]
    /// The tenant's token endpoint (the app's "MSAL" and the SDK's own sign-in use it).
    public var tokenURL: URL
    public var mamServiceURL: URL
    /// The MAM service resource; tokens are requested with scope `<mamResource>/.default offline_access`.
    public var mamResource: String
    /// The app's client id at the token endpoint.
    public var clientId: String
    public var clockMode: ClockMode
    /// The simulated OS's managed app configuration for the app (MDM channel), nil when the runner has none.
    public var deviceConfigURL: URL?
    /// The tenant's own authority and the backend's multi-tenant one, and a second registration of the app, when the
    /// runner gave them (ENR-15).
    public var authority: URL?
    public var commonAuthority: URL?
    public var alternateClientId: String?

    public init(dataDirectory: URL, bundleId: String, settings: [String: IntuneMAMSettingValue], tokenURL: URL,
                mamServiceURL: URL, mamResource: String, clientId: String, clockMode: ClockMode,
                deviceConfigURL: URL? = nil) {
        self.dataDirectory = dataDirectory
        self.bundleId = bundleId
        self.settings = settings
        self.tokenURL = tokenURL
        self.mamServiceURL = mamServiceURL
        self.mamResource = mamResource
        self.clientId = clientId
        self.clockMode = clockMode
        self.deviceConfigURL = deviceConfigURL
    }

    /// Reads `initialize` params. The data directory comes from `dataDir`, else from `MAMCONF_DATA_DIR`.
    public static func fromInitialize(_ request: InitializeParams, environment: [String: String]) throws(RPCError) -> AppEnvironment {
        guard let dataDir = request.dataDir ?? environment["MAMCONF_DATA_DIR"], !dataDir.isEmpty else {
            throw RPCError(.invalidParams, "no data directory: neither dataDir nor MAMCONF_DATA_DIR given")
        }
        let settings = (JSONValue(encoding: request.app.settings).objectValue ?? [:]).compactMapValues(settingValue)
        let backend = request.backend
        var clockMode = ClockMode.system
        if request.clock.mode == .virtual {
            guard let start = ISOTime.parse(request.clock.now) else {
                throw RPCError(.invalidParams, "parameter \"clock.now\" must be an ISO-8601 time, got \"\(request.clock.now)\"")
            }
            clockMode = .virtual(start: start)
        }
        var environment = AppEnvironment(
            dataDirectory: URL(fileURLWithPath: dataDir, isDirectory: true), bundleId: request.app.bundleId,
            settings: settings, tokenURL: try url(backend.tokenURL, "tokenURL"),
            mamServiceURL: try url(backend.mamServiceURL, "mamServiceURL"),
            mamResource: backend.mamResource, clientId: backend.clientId, clockMode: clockMode,
            deviceConfigURL: try backend.deviceConfigURL.map { text throws(RPCError) in try url(text, "deviceConfigURL") })
        environment.authority = try backend.authority.map { text throws(RPCError) in try url(text, "authority") }
        environment.commonAuthority = try backend.commonAuthority.map { text throws(RPCError) in try url(text, "commonAuthority") }
        environment.alternateClientId = backend.alternateClientId
        return environment
    }

    /// Info.plist `ADALAuthority` as the SDK gets it: the tenant's authority unless the suite left the key out.
    var infoPlistAuthority: URL? {
        if case .string(InfoPlistAuthority.none.rawValue)? = settings[IntuneMAMSettings.Key.adalAuthority] { return nil }
        return authority
    }

    private static func url(_ text: String, _ key: String) throws(RPCError) -> URL {
        guard let url = URL(string: text), url.scheme != nil else {
            throw RPCError(.invalidParams, "parameter \"backend.\(key)\" must be an absolute URL, got \"\(text)\"")
        }
        return url
    }
}
