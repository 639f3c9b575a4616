import Foundation

/// The SDK's ``IntuneMAMAppConfig``: a snapshot of one account's configuration with the documented
/// resolution rules (CFG-02, CFG-03), which two planted defects break, listed in the order the SDK's rules say.
struct MAMAppConfig: IntuneMAMAppConfig {
    /// The key that marks the tenant default dictionary.
    static let defaultMarker = "__IsDefault"

    /// The dictionaries in delivery order; queries (`any` = the first delivered) read this order.
    let delivered: [[String: String]]
    /// `conflictResolvedByFirstValue`: every query type answers the first value.
    var firstValueWins = false
    /// `defaultConfigWins`: the default dictionary's value replaces the targeted ones.
    var defaultWins = false
    /// `fullData` lists the dictionaries in reverse delivery order.
    var dictionariesReversed = false
    /// `allStrings`, `allNumbers`, `allBools` list a key's values in reverse delivery order.
    var valuesReversed = false
    /// `conflictReportedForStringsOnly`: a key whose values all read as numbers or all as booleans reports no conflict.
    var conflictsOfStringsOnly = false

    init(fullData: [[String: String]]) {
        delivered = fullData
    }

    var fullData: [[String: String]] { dictionariesReversed ? delivered.reversed() : delivered }

    static func isDefault(_ dictionary: [String: String]) -> Bool {
        dictionary[defaultMarker]?.caseInsensitiveCompare("true") == .orderedSame
    }

    /// Values of targeted dictionaries, in delivery order.
    private func targeted(_ key: String) -> [String] {
        delivered.filter { !Self.isDefault($0) }.compactMap { $0[key] }
    }

    /// The values a getter reads, in delivery order: the targeted ones, or the default's when no targeted
    /// dictionary sets it.
    private func values(_ key: String) -> [String] {
        let defaultValue = delivered.first(where: Self.isDefault)?[key]
        if defaultWins, let defaultValue { return [defaultValue] }
        let targeted = targeted(key)
        if targeted.isEmpty, let defaultValue { return [defaultValue] }
        return targeted
    }

    func hasConflict(_ key: String) -> Bool {
        let values = targeted(key)
        if conflictsOfStringsOnly, numbers(key).count == values.count || bools(key).count == values.count { return false }
        return Set(values).count > 1
    }

    func stringValue(forKey key: String, queryType: IntuneMAMStringQueryType) -> String? {
        let all = strings(key)
        switch firstValueWins ? .any : queryType {
        case .any: return all.first
        case .min: return all.min()
        case .max: return all.max()
        }
    }

    func numberValue(forKey key: String, queryType: IntuneMAMNumberQueryType) -> Double? {
        let all = numbers(key)
        switch firstValueWins ? .any : queryType {
        case .any: return all.first
        case .min: return all.min()
        case .max: return all.max()
        }
    }

    func boolValue(forKey key: String, queryType: IntuneMAMBoolQueryType) -> Bool? {
        let all = bools(key)
        guard let first = all.first else { return nil }
        switch firstValueWins ? .any : queryType {
        case .any: return first
        case .or: return all.contains(true)
        case .and: return !all.contains(false)
        }
    }

    func allStrings(forKey key: String) -> [String] { listed(strings(key)) }

    func allNumbers(forKey key: String) -> [Double] { listed(numbers(key)) }

    func allBools(forKey key: String) -> [Bool] { listed(bools(key)) }

    private func listed<Value>(_ values: [Value]) -> [Value] { valuesReversed ? values.reversed() : values }

    private func strings(_ key: String) -> [String] { values(key) }

    private func numbers(_ key: String) -> [Double] {
        values(key).compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }.filter(\.isFinite)
    }

    private func bools(_ key: String) -> [Bool] {
        values(key).compactMap { value in
            switch value.trimmingCharacters(in: .whitespaces).lowercased() {
            case "true", "yes", "1": return true
            case "false", "no", "0": return false
            default: return nil
            }
        }
    }
}
