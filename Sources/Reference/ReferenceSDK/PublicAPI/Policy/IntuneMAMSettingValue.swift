/// One value of the Info.plist `IntuneMAMSettings` dictionary: plists hold booleans, numbers, strings and
/// arrays, and some SDK keys are not booleans (`ValuesToScrubFromLogging` is an array of strings,
/// `MaxFileProtectionLevel` a number).
public enum IntuneMAMSettingValue: Sendable, Equatable {
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([IntuneMAMSettingValue])

    /// The boolean, or nil for any other kind (plists do not coerce).
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The number, or nil for any other kind.
    public var numberValue: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    /// The string items of an array (other items are skipped), or nil when this is not an array.
    public var stringItems: [String]? {
        guard case .array(let items) = self else { return nil }
        return items.compactMap { item in
            if case .string(let text) = item { return text }
            return nil
        }
    }
}
