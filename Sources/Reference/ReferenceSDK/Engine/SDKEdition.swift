/// What an SDK version does differently, as named decision points: the guides' editions disagree on a few
/// behaviours, and an SDK of one version must behave as that version (`spec/intune-sdk-api.md` §1).
///
/// Each point starts at the version a source names, else at 15.4.0, the oldest release whose public header is held
/// (the SDK ranges of `Suites/requirements.yaml`, docs/conformance-decisions.md). Behaviours the suites range from
/// 15.4.0 without a point here (allowed accounts, open-from queries, `isURLAllowed`, Face ID …) keep their 15.4.0
/// form on older versions: the cases that need them are skipped there, so nothing judges it.
public struct SDKEdition: Sendable, Equatable {
    /// The version's numeric parts (`21.7.1` → [21, 7, 1]); missing parts count as 0.
    public let parts: [Int]

    /// Nil when `version` is not dotted numbers.
    public init?(version: String) {
        let numbers = version.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
        guard !numbers.isEmpty, numbers.allSatisfy({ ($0 ?? -1) >= 0 }) else { return nil }
        parts = numbers.map { $0 ?? 0 }
    }

    static let newest = SDKEdition(version: IntuneMAMVersionInfo.newest)!

    /// The edition an SDK configured as `version` behaves as: that version, the newest when it does not parse.
    init(behavingAs version: String) {
        self = SDKEdition(version: version) ?? .newest
    }

    /// Whether this version is at least `major.minor.patch`.
    public func isAtLeast(_ major: Int, _ minor: Int = 0, _ patch: Int = 0) -> Bool {
        let wanted = [major, minor, patch]
        for index in 0..<max(parts.count, wanted.count) {
            let mine = index < parts.count ? parts[index] : 0
            let theirs = index < wanted.count ? wanted[index] : 0
            if mine != theirs { return mine > theirs }
        }
        return true
    }

    /// 16.0.0: the account-ID ("AccountId") twins of the UPN methods; before, an app can only call the UPN-era
    /// names (`registerAndEnrollAccount:`, `setUIPolicyIdentity:` …).
    public var hasAccountIdAPIs: Bool { isAtLeast(16) }

    /// 17.5.0: a second account of the organisation that tries to enroll while one is managed gets status 227
    /// (single managed account mode); before, the SDK does not enroll it and it simply stays unmanaged.
    public var reportsSingleManagedAccountStatus: Bool { isAtLeast(17, 5) }

    /// 8.0.2: the SDK filters the share sheet, so managed data goes only to the managed apps the policy allows
    /// (001:464); before, the sheet offers every installed app whatever the policy (POL-09 holds from 8.0.2).
    public var filtersShareSheet: Bool { isAtLeast(8, 0, 2) }

    /// 15.4.0: configuration values listed in `ValuesToScrubFromLogging`, or in `valuesToScrubFromLogging` at run time,
    /// are masked in every log line. Only today's edition describes it (002:213), and the 15.4.0 header declares the
    /// property; before, the SDK masks nothing of the kind (CFG-06 and CFG-07 hold from 15.4.0).
    public var scrubsLogValues: Bool { isAtLeast(15, 4) }

    /// 15.4.0: a switch to a second account of the organisation while one is managed answers NotAllowed, as the
    /// oldest public header we hold says (IntuneMAMPolicyManager.h 15.4.0); before, only the guides' reading is known,
    /// where other users are unmanaged with unrestricted policy and the switch succeeds (000:509).
    public var refusesSecondOrganizationAccountSwitch: Bool { isAtLeast(15, 4) }
}
