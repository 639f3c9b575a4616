import AdapterKit
import AdapterProtocol
import Foundation
import ReferenceSDK

/// Reading the newer `initialize` members: settings of any plist kind and the optional device channel.
extension AppEnvironment {
    /// A setting as a plist value: booleans, numbers, strings, and arrays of those; null and objects have no
    /// Info.plist counterpart in `IntuneMAMSettings` and are dropped.
    static func settingValue(_ value: JSONValue) -> IntuneMAMSettingValue? {
        switch value {
        case .bool(let flag): return .bool(flag)
        case .number(let number): return .number(number)
        case .string(let text): return .string(text)
        case .array(let items): return .array(items.compactMap(settingValue))
        case .null, .object: return nil
        }
    }

}
