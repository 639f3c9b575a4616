/// iOS file protection levels as `MaxFileProtectionLevel` and the simulated policy number them (0–3).
///
/// The numbers are not ordered by strength (1, complete unless open, is stronger than 2, complete until
/// first authentication), so capping compares ``strength``, not raw values.
public enum IntuneMAMFileProtectionLevel: Int, Sendable, CaseIterable {
    /// `NSFileProtectionNone`.
    case none = 0
    /// `NSFileProtectionCompleteUnlessOpen`.
    case completeUnlessOpen = 1
    /// `NSFileProtectionCompleteUntilFirstUserAuthentication`.
    case completeUntilFirstUserAuthentication = 2
    /// `NSFileProtectionComplete`.
    case complete = 3

    /// The level a `MaxFileProtectionLevel` plist value names: a whole number 0–3; anything else is nil.
    public init?(settingValue: IntuneMAMSettingValue?) {
        guard let number = settingValue?.numberValue, (0...3).contains(number), number.rounded() == number else {
            return nil
        }
        self.init(rawValue: Int(number))
    }

    /// 0 (weakest) … 3 (strongest).
    public var strength: Int {
        switch self {
        case .none: return 0
        case .completeUntilFirstUserAuthentication: return 1
        case .completeUnlessOpen: return 2
        case .complete: return 3
        }
    }

    /// The level the Graph policy's `appDataEncryptionType` asks for (absent = none).
    static func fromEncryptionType(_ type: String?) -> IntuneMAMFileProtectionLevel {
        switch type {
        case "whenDeviceLocked": return .complete
        case "whenDeviceLockedExceptOpenFiles": return .completeUnlessOpen
        case "afterDeviceRestart": return .completeUntilFirstUserAuthentication
        default: return .none
        }
    }

    /// This level limited to at most `maximum` (by strength): what `MaxFileProtectionLevel` does (POL-06).
    public func capped(at maximum: IntuneMAMFileProtectionLevel?) -> IntuneMAMFileProtectionLevel {
        guard let maximum, maximum.strength < strength else { return self }
        return maximum
    }
}
