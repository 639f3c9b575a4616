extension AppRules {
    /// What the app's `wipeData(forAccountId:)` does beside files (WIP-11).
    struct Wipe: Equatable, Sendable {
        /// Leaving the files to the SDK (returning false) still signs the account out.
        var signsOutWhenLeavingFilesToSDK: Bool
        /// A wipe removes the account's settings (data not in files).
        var removesPreferences: Bool

        init(_ broken: Broken) {
            signsOutWhenLeavingFilesToSDK = !broken(.wipeFalseKeepsAccount)
            removesPreferences = !broken(.wipeLeavesPreferences)
        }
    }
}
