extension SDKRules {
    /// What the SDK's log masks (CFG-06, CFG-07).
    struct Logging: Equatable, Sendable {
        /// Info.plist `ValuesToScrubFromLogging` masks the configuration values it names.
        var scrubsInfoPlistList: Bool
        /// `valuesToScrubFromLogging` set at run time is scrubbed too.
        var scrubsRuntimeList: Bool
        /// Verbose lines (`VerboseLoggingEnabled`) are scrubbed like every other line.
        var scrubsVerboseLines: Bool

        init(_ broken: Broken) {
            scrubsInfoPlistList = !broken(.scrubListIgnored)
            scrubsRuntimeList = !broken(.runtimeScrubListIgnored)
            scrubsVerboseLines = !broken(.verboseLinesUnscrubbed)
        }
    }
}
