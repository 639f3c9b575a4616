import Foundation

/// Everything a runtime needs that the real SDK would read from Info.plist, its build, and the device.
///
/// Built by the app at each launch; a runtime built from the same `dataDirectory` continues where the
/// previous one stopped.
public struct IntuneMAMRuntimeConfiguration: Sendable {
    /// The Info.plist `IntuneMAMSettings`.
    public var settings: IntuneMAMSettings
    /// The app's bundle id, sent at enrollment (the service's targeting checks it).
    public var bundleId: String
    /// The app's data directory; the SDK keeps its state in `<dataDirectory>/sdk/state.json`.
    public var dataDirectory: URL
    /// The token endpoint the SDK uses when it signs a user in itself (password and refresh grants).
    public var tokenURL: URL
    /// The MAM service base URL (`…/mam/v1`); `/enroll`, `/checkin`, `/unenroll` are appended.
    public var mamServiceURL: URL
    /// The MAM service resource (token audience); scope is `<mamResource>/.default offline_access`.
    public var mamResource: String
    /// The app's client id for the SDK's own token requests (Info.plist `ADALClientId`).
    public var clientId: String
    /// Info.plist `ADALAuthority`; nil when the app leaves it out (ENR-15). The SDK signs in at
    /// `<authority>/oauth2/v2.0/token`.
    public var authority: URL?
    /// The authority the SDK signs in at when the app names none (Entra's `common`); nil: `tokenURL` is used.
    public var defaultAuthority: URL?
    /// Time and timers (virtual in tests).
    public var clock: any MAMClock
    /// Planted bugs to switch on (normally empty).
    public var defects: Set<SDKDefect>
    /// Other readings of the guides to take (normally empty); at most one per decision point.
    public var variants: Set<SDKVariant> = []
    /// Sent as `sdkVersion` at enrollment.
    public var sdkVersion: String
    /// Sent as `appVersion` at enrollment.
    public var appVersion: String
    /// Counts this runtime's outstanding work; share one tracker across relaunches and with a
    /// ``VirtualClock`` so "idle" spans restarts.
    public var workTracker: MAMWorkTracker
    /// Upper bound, in seconds, for waiting on the app: a token from `getAccessToken`, an `addAccountId`
    /// completion, or the token `deRegisterAndUnenrollAccountId` blocks for. Guards against hangs.
    public var delegateTimeout: TimeInterval
    /// Connect and total limits of each HTTP request.
    public var httpTimeoutSeconds: (connect: Int, total: Int)
    /// Where the operating system's managed app configuration for this app is read (`GET` →
    /// `{"values": {...}, "version": "..."}`): the MDM channel that carries allowed accounts (ALW). Read at
    /// launch and on ``IntuneMAMRuntime/managedAppConfigurationDidChange()``; nil = the device has none.
    public var deviceConfigURL: URL?

    public init(settings: IntuneMAMSettings = IntuneMAMSettings(), bundleId: String, dataDirectory: URL,
                tokenURL: URL, mamServiceURL: URL, mamResource: String, clientId: String,
                clock: any MAMClock = SystemClock(), defects: Set<SDKDefect> = [],
                sdkVersion: String = IntuneMAMVersionInfo.sdkVersion, appVersion: String = "1.0",
                workTracker: MAMWorkTracker = MAMWorkTracker(), delegateTimeout: TimeInterval = 60,
                httpTimeoutSeconds: (connect: Int, total: Int) = (5, 30), deviceConfigURL: URL? = nil) {
        self.settings = settings
        self.bundleId = bundleId
        self.dataDirectory = dataDirectory
        self.tokenURL = tokenURL
        self.mamServiceURL = mamServiceURL
        self.mamResource = mamResource
        self.clientId = clientId
        self.clock = clock
        self.defects = defects
        self.sdkVersion = sdkVersion
        self.appVersion = appVersion
        self.workTracker = workTracker
        self.delegateTimeout = delegateTimeout
        self.httpTimeoutSeconds = httpTimeoutSeconds
        self.deviceConfigURL = deviceConfigURL
    }

    /// The folder of the data directory that plays the iOS keychain: the app's container is the rest, and an
    /// uninstall deletes the container but not the keychain (RIN-01).
    public static let keychainDirectoryName = "keychain"

    /// Where the SDK keeps its keychain items (``SDKKeychainItems``).
    var keychainFileURL: URL {
        dataDirectory.appendingPathComponent(Self.keychainDirectoryName, isDirectory: true)
            .appendingPathComponent("intune-mam.json")
    }

    /// Where the persisted SDK state lives.
    var stateFileURL: URL {
        dataDirectory.appendingPathComponent("sdk", isDirectory: true).appendingPathComponent("state.json")
    }
}
