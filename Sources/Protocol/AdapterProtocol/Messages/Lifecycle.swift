/// Params or result with no members.
public struct Empty: Codable, Sendable, Hashable {
    public init() {}
}

/// `initialize` params: where the app keeps its data, its settings, the tenant's endpoints, the clock.
public struct InitializeParams: Codable, Sendable, Hashable {
    /// The protocol version the runner speaks.
    public var protocolVersion: ProtocolVersion
    /// The per-case data directory. The runner always sends it; an integration may also read it from the
    /// environment variable `MAMCONF_DATA_DIR`.
    public var dataDir: String?
    public var app: AppDescription
    public var backend: BackendEndpoints
    public var clock: ClockSetting

    public init(protocolVersion: ProtocolVersion = .current, dataDir: String?, app: AppDescription, backend: BackendEndpoints, clock: ClockSetting) {
        self.protocolVersion = protocolVersion
        self.dataDir = dataDir
        self.app = app
        self.backend = backend
        self.clock = clock
    }
}

/// The app under test: its bundle id and Info.plist `IntuneMAMSettings`.
public struct AppDescription: Codable, Sendable, Hashable {
    public var bundleId: String
    public var settings: AppSettings

    public init(bundleId: String, settings: AppSettings) {
        self.bundleId = bundleId
        self.settings = settings
    }
}

/// Info.plist `IntuneMAMSettings` keys the suites may set. Absent = the SDK's default.
public struct AppSettings: Codable, Sendable, Hashable {
    public var multiIdentity: Bool?
    public var autoEnrollOnLaunch: Bool?
    public var mamPolicyRequired: Bool?
    public var mamPolicyWarnAbsent: Bool?
    public var mamTelemetryDisabled: Bool?
    /// Telemetry goes to the pre-production service instead (ENR-16).
    public var mamTelemetryUsePPE: Bool?
    /// Values the SDK must never write to its logs (CFG-06).
    public var valuesToScrubFromLogging: [String]?
    /// The SDK also writes verbose lines (which may carry personal data) to its log (CFG-07).
    public var verboseLoggingEnabled: Bool?
    /// iOS file protection level cap: 0 none, 1 complete unless open, 2 complete until first
    /// authentication, 3 complete (POL-06).
    public var maxFileProtectionLevel: Int?
    /// The app ships the SDK's "Open in" action extension, through which managed apps stay reachable when policy
    /// takes the system's "copy to" away (POL-09).
    public var openInActionExtension: Bool?
    /// `ADALAuthority`: the tenant's own authority (also when absent), or `none` to leave the key out so that the SDK
    /// signs in at its default authority (ENR-15). A suite cannot know the tenant's URL, so it names it.
    public var adalAuthority: InfoPlistAuthority?

    enum CodingKeys: String, CodingKey {
        case multiIdentity = "MultiIdentity"
        case autoEnrollOnLaunch = "AutoEnrollOnLaunch"
        case mamPolicyRequired = "MAMPolicyRequired"
        case mamPolicyWarnAbsent = "MAMPolicyWarnAbsent"
        case mamTelemetryDisabled = "MAMTelemetryDisabled"
        case mamTelemetryUsePPE = "MAMTelemetryUsePPE"
        case valuesToScrubFromLogging = "ValuesToScrubFromLogging"
        case verboseLoggingEnabled = "VerboseLoggingEnabled"
        case maxFileProtectionLevel = "MaxFileProtectionLevel"
        case openInActionExtension = "OpenInActionExtension"
        case adalAuthority = "ADALAuthority"
    }

    public init() {}

    /// Encodes only the settings that are set: an absent key and the SDK default are the same thing.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        if let multiIdentity { try container.encode(multiIdentity, forKey: .multiIdentity) }
        if let autoEnrollOnLaunch { try container.encode(autoEnrollOnLaunch, forKey: .autoEnrollOnLaunch) }
        if let mamPolicyRequired { try container.encode(mamPolicyRequired, forKey: .mamPolicyRequired) }
        if let mamPolicyWarnAbsent { try container.encode(mamPolicyWarnAbsent, forKey: .mamPolicyWarnAbsent) }
        if let mamTelemetryDisabled { try container.encode(mamTelemetryDisabled, forKey: .mamTelemetryDisabled) }
        if let mamTelemetryUsePPE { try container.encode(mamTelemetryUsePPE, forKey: .mamTelemetryUsePPE) }
        if let valuesToScrubFromLogging { try container.encode(valuesToScrubFromLogging, forKey: .valuesToScrubFromLogging) }
        if let verboseLoggingEnabled { try container.encode(verboseLoggingEnabled, forKey: .verboseLoggingEnabled) }
        if let maxFileProtectionLevel { try container.encode(maxFileProtectionLevel, forKey: .maxFileProtectionLevel) }
        if let openInActionExtension { try container.encode(openInActionExtension, forKey: .openInActionExtension) }
        if let adalAuthority { try container.encode(adalAuthority, forKey: .adalAuthority) }
    }
}

/// Where the integration reaches the case's tenant.
public struct BackendEndpoints: Codable, Sendable, Hashable {
    /// The token endpoint (the app's sign-in and the SDK's own).
    public var tokenURL: String
    public var mamServiceURL: String
    /// Tokens are requested for `<mamResource>/.default`.
    public var mamResource: String
    /// The app's client id at the token endpoint (Info.plist `ADALClientId`).
    public var clientId: String
    /// The simulated operating system's managed app configuration for the app (MDM channel), if any.
    public var deviceConfigURL: String?
    /// The tenant's own authority (Info.plist `ADALAuthority`, unless the app leaves it out): the token endpoint is
    /// `<authority>/oauth2/v2.0/token`. Nil when the backend did not say; then `tokenURL` stands for it (ENR-15).
    public var authority: String?
    /// The multi-tenant authority the SDK uses when the app names none (Entra's `…/common`), if the backend has one.
    public var commonAuthority: String?
    /// A second registration of the app in the tenant, for runtime overrides (`aadClientIdOverride`), if any.
    public var alternateClientId: String?

    public init(tokenURL: String, mamServiceURL: String, mamResource: String, clientId: String, deviceConfigURL: String?,
                authority: String? = nil, commonAuthority: String? = nil, alternateClientId: String? = nil) {
        self.tokenURL = tokenURL
        self.mamServiceURL = mamServiceURL
        self.mamResource = mamResource
        self.clientId = clientId
        self.deviceConfigURL = deviceConfigURL
        self.authority = authority
        self.commonAuthority = commonAuthority
        self.alternateClientId = alternateClientId
    }
}

/// How the integration's clock runs and where a virtual clock starts.
public struct ClockSetting: Codable, Sendable, Hashable {
    public var mode: ClockMode
    /// ISO-8601 instant the virtual clock starts at (the backend's clock).
    public var now: String

    public init(mode: ClockMode, now: String) {
        self.mode = mode
        self.now = now
    }
}

/// `initialize` result: who answers, on which SDK, with which capabilities.
public struct InitializeResult: Codable, Sendable, Hashable {
    /// The protocol version the integration speaks: "0" or "1".
    public var protocolVersion: String
    public var implementation: NameAndVersion
    /// The SDK and its version (dotted, e.g. 21.7.1): requirements limited to SDK versions use it.
    public var sdk: NameAndVersion
    /// Capability names (see `Capability`); unknown names are ignored.
    public var capabilities: [String]

    public init(protocolVersion: String, implementation: NameAndVersion, sdk: NameAndVersion, capabilities: [String]) {
        self.protocolVersion = protocolVersion
        self.implementation = implementation
        self.sdk = sdk
        self.capabilities = capabilities
    }
}

public struct NameAndVersion: Codable, Sendable, Hashable {
    public var name: String
    public var version: String

    public init(name: String, version: String) {
        self.name = name
        self.version = version
    }
}

/// `clock.advance` params.
public struct ClockAdvanceParams: Codable, Sendable, Hashable {
    /// Seconds to move forward (finite, not negative).
    public var seconds: Double
    public init(seconds: Double) { self.seconds = seconds }
}

/// `clock.advance` result: the integration's time afterwards.
public struct ClockAdvanceResult: Codable, Sendable, Hashable {
    public var now: String
    public init(now: String) { self.now = now }
}

/// `hello` params: the first request on a network connection.
public struct HelloParams: Codable, Sendable, Hashable {
    /// The protocol version the runner speaks.
    public var protocolVersion: ProtocolVersion
    /// The shared token the host was started with, if any. A secret: never logged by either side.
    public var token: String?

    /// The environment variable both sides read the token from (`--adapter-token` spells it on a command line,
    /// where other users of the machine could see it).
    public static let tokenVariable = "MAMCONF_ADAPTER_TOKEN"

    public init(protocolVersion: ProtocolVersion = .current, token: String?) {
        self.protocolVersion = protocolVersion
        self.token = token
    }
}

/// `host.relaunching` params: why the host's process is about to end.
public struct HostRelaunchingEvent: Codable, Sendable, Hashable {
    public var reason: RestartReason
    public init(reason: RestartReason) { self.reason = reason }
}
