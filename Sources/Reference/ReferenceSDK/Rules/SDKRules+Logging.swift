extension SDKRules {
    /// What the SDK's log masks (CFG-06, CFG-07).
    struct Logging: Equatable, Sendable {
        /// How received configuration values reach the log (CFG-06, CFG-07): no edition says they are logged at all,
        /// only that listed values are removed from what is (002:213).
        enum ConfigLines: Equatable, Sendable {
            /// `app config Key=value` at info, `check-in delivered app config …` in verbose mode (the reference's).
            case referenceWording
            /// The same facts in other words.
            case otherWording
            /// Not at all.
            case notLogged
        }

        /// Info.plist `ValuesToScrubFromLogging` masks the configuration values it names.
        var scrubsInfoPlistList: Bool
        /// `valuesToScrubFromLogging` set at run time is scrubbed too.
        var scrubsRuntimeList: Bool
        /// Verbose lines (`VerboseLoggingEnabled`) are scrubbed like every other line.
        var scrubsVerboseLines: Bool
        var configLines: ConfigLines

        init(_ broken: Broken, _ read: Read) {
            scrubsInfoPlistList = !broken(.scrubListIgnored)
            scrubsRuntimeList = !broken(.runtimeScrubListIgnored)
            scrubsVerboseLines = !broken(.verboseLinesUnscrubbed)
            configLines = read(.configValuesNotLogged) ? .notLogged
                : read(.configLoggedInOtherWords) ? .otherWording : .referenceWording
        }
    }
}
