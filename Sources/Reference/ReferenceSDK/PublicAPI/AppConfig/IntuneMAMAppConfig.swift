/// `IntuneMAMAppConfig`: the targeted app configuration of one account (CFG-02, CFG-03).
///
/// The raw data is one dictionary per configuration that reached the account; the tenant-wide default
/// carries `__IsDefault` = "true". Getters read a key across them: the default's value counts only when no
/// targeted dictionary sets the key, and a conflict exists only among targeted, differing values.
public protocol IntuneMAMAppConfig: Sendable {
    /// Every delivered dictionary, in delivery order (empty when the account has no configuration).
    var fullData: [[String: String]] { get }
    /// True when more than one targeted dictionary sets `key` and their values differ (the default never
    /// conflicts).
    func hasConflict(_ key: String) -> Bool
    /// The value of `key`, conflicts resolved by `queryType`; nil when no dictionary sets it.
    func stringValue(forKey key: String, queryType: IntuneMAMStringQueryType) -> String?
    /// The numeric value of `key` (values that are not numbers are skipped); nil when there is none.
    func numberValue(forKey key: String, queryType: IntuneMAMNumberQueryType) -> Double?
    /// The boolean value of `key` ("true"/"false", "yes"/"no", "1"/"0", any case); nil when there is none.
    func boolValue(forKey key: String, queryType: IntuneMAMBoolQueryType) -> Bool?
    /// Every value of `key`, in delivery order (the default's only when no targeted dictionary sets it).
    func allStrings(forKey key: String) -> [String]
    /// Every numeric value of `key`.
    func allNumbers(forKey key: String) -> [Double]
    /// Every boolean value of `key`.
    func allBools(forKey key: String) -> [Bool]
}
