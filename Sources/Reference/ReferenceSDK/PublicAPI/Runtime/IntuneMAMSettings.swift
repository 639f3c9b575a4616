/// The `IntuneMAMSettings` dictionary of the app's Info.plist, as far as the simulation honours it.
///
/// The real SDK reads these keys at process start; the simulated app passes them in at each launch.
public struct IntuneMAMSettings: Sendable, Equatable {
    /// `MultiIdentity`: the app is multi-identity aware; identities start empty and no conditional
    /// launch runs at launch.
    public var multiIdentity: Bool
    /// `AutoEnrollOnLaunch`: a registered but not enrolled account is enrolled at launch.
    public var autoEnrollOnLaunch: Bool
    /// `MAMPolicyRequired`: launch is blocked while the app has no app protection policy.
    public var mamPolicyRequired: Bool
    /// `MAMPolicyWarnAbsent`: the user is warned at launch when there is no policy.
    public var mamPolicyWarnAbsent: Bool
    /// `MAMTelemetryDisabled`: no telemetry is sent (otherwise `POST /telemetry` after each enrollment and
    /// check-in, ENR-13).
    public var telemetryDisabled: Bool
    /// `MAMTelemetryUsePPE`: telemetry goes to the pre-production service (`…/ppe/telemetry`) (ENR-16).
    public var telemetryUsePPE: Bool
    /// `ValuesToScrubFromLogging`: values the SDK masks in every log line it emits (CFG-06).
    public var valuesToScrubFromLogging: [String] = []
    /// `VerboseLoggingEnabled`: the SDK also emits verbose lines, which may carry personal data (still scrubbed,
    /// CFG-07).
    public var verboseLoggingEnabled = false
    /// `MaxFileProtectionLevel`: the strongest file protection the app supports; caps the policy's level
    /// (POL-06). Nil when absent or not a number 0–3.
    public var maxFileProtectionLevel: IntuneMAMFileProtectionLevel?
    /// `OpenInActionExtension`: the app ships the SDK's "Open in" action extension, so under a managed-apps-only
    /// policy the share sheet still offers the managed apps (POL-09).
    public var openInActionExtension = false

    /// Info.plist key names, as the real SDK spells them.
    public enum Key {
        public static let multiIdentity = "MultiIdentity"
        public static let autoEnrollOnLaunch = "AutoEnrollOnLaunch"
        public static let mamPolicyRequired = "MAMPolicyRequired"
        public static let mamPolicyWarnAbsent = "MAMPolicyWarnAbsent"
        public static let telemetryDisabled = "MAMTelemetryDisabled"
        public static let telemetryUsePPE = "MAMTelemetryUsePPE"
        public static let valuesToScrubFromLogging = "ValuesToScrubFromLogging"
        public static let verboseLoggingEnabled = "VerboseLoggingEnabled"
        public static let maxFileProtectionLevel = "MaxFileProtectionLevel"
        public static let openInActionExtension = "OpenInActionExtension"
        /// The authority the SDK signs in at (ENR-15); the runtime passes its URL in the configuration instead.
        public static let adalAuthority = "ADALAuthority"
    }

    public init(multiIdentity: Bool = false, autoEnrollOnLaunch: Bool = false, mamPolicyRequired: Bool = false,
                mamPolicyWarnAbsent: Bool = false, telemetryDisabled: Bool = false, telemetryUsePPE: Bool = false) {
        self.multiIdentity = multiIdentity
        self.autoEnrollOnLaunch = autoEnrollOnLaunch
        self.mamPolicyRequired = mamPolicyRequired
        self.mamPolicyWarnAbsent = mamPolicyWarnAbsent
        self.telemetryDisabled = telemetryDisabled
        self.telemetryUsePPE = telemetryUsePPE
    }

    /// Reads the Info.plist keys; a missing key means false, unknown keys are ignored.
    public init(dictionary: [String: Bool]) {
        self.init(multiIdentity: dictionary[Key.multiIdentity] ?? false,
                  autoEnrollOnLaunch: dictionary[Key.autoEnrollOnLaunch] ?? false,
                  mamPolicyRequired: dictionary[Key.mamPolicyRequired] ?? false,
                  mamPolicyWarnAbsent: dictionary[Key.mamPolicyWarnAbsent] ?? false,
                  telemetryDisabled: dictionary[Key.telemetryDisabled] ?? false,
                  telemetryUsePPE: dictionary[Key.telemetryUsePPE] ?? false)
    }

    /// Reads the Info.plist keys of any value kind: the booleans as ``init(dictionary:)``, plus the
    /// non-boolean keys (a value of the wrong kind counts as absent).
    public init(values: [String: IntuneMAMSettingValue]) {
        self.init(dictionary: values.compactMapValues(\.boolValue))
        verboseLoggingEnabled = values[Key.verboseLoggingEnabled]?.boolValue ?? false
        valuesToScrubFromLogging = values[Key.valuesToScrubFromLogging]?.stringItems ?? []
        maxFileProtectionLevel = IntuneMAMFileProtectionLevel(settingValue: values[Key.maxFileProtectionLevel])
        openInActionExtension = values[Key.openInActionExtension]?.boolValue ?? false
    }
}
