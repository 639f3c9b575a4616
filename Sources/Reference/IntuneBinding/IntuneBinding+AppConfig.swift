#if canImport(IntuneMAMSwift)
@preconcurrency import IntuneMAMSwift
#else
import ReferenceSDK
#endif
import AdapterKit
import AdapterProtocol

/// Targeted app configuration on the wire (`docs/adapter-protocol.md`, Targeted app configuration):
/// `IntuneMAMAppConfigManager.appConfigForAccountId:` and its typed getters.
extension IntuneBinding {
    /// `sdk.appConfig`: `fullData`.
    func appConfig(_ params: AppConfigParams) throws(RPCError) -> AppConfigResult {
        let config = try runningSDK().appConfigManager.appConfig(forAccountId: params.accountId?.rawValue)
        return AppConfigResult(fullData: SDKSpelling.fullData(of: config))
    }

    /// `sdk.appConfigValue`: the typed getter for `type` with `query`, every value (`all*ForKey`) and
    /// `hasConflict`.
    func appConfigValue(_ params: AppConfigValueParams) throws(RPCError) -> AppConfigValueResult {
        let key = params.key
        let query = params.query ?? .any
        let config = try runningSDK().appConfigManager.appConfig(forAccountId: params.accountId?.rawValue)
        let value: JSONValue
        let all: [JSONValue]
        switch params.type {
        case .string:
            let queryType = try Self.queryType(query, [(.any, IntuneMAMStringQueryType.any), (.min, .min), (.max, .max)])
            value = config.stringValue(forKey: key, queryType: queryType).map(JSONValue.string) ?? .null
            all = SDKSpelling.allStrings(of: config, forKey: key).map(JSONValue.string)
        case .number:
            let queryType = try Self.queryType(query, [(.any, IntuneMAMNumberQueryType.any), (.min, .min), (.max, .max)])
            value = SDKSpelling.numberValue(of: config, forKey: key, queryType: queryType).map(JSONValue.number) ?? .null
            all = SDKSpelling.allNumbers(of: config, forKey: key).map(JSONValue.number)
        case .bool:
            let queryType = try Self.queryType(query, [(.any, IntuneMAMBoolQueryType.any), (.or, .or), (.and, .and)])
            value = SDKSpelling.boolValue(of: config, forKey: key, queryType: queryType).map(JSONValue.bool) ?? .null
            all = SDKSpelling.allBools(of: config, forKey: key).map(JSONValue.bool)
        }
        return AppConfigValueResult(value: value.isNull ? nil : value, all: all, hasConflict: config.hasConflict(key))
    }

    /// The SDK's query type for the protocol's, among those the value type accepts.
    private static func queryType<Query>(_ query: ConfigQuery, _ accepted: [(ConfigQuery, Query)]) throws(RPCError) -> Query {
        guard let match = accepted.first(where: { $0.0 == query }) else {
            let names = accepted.map(\.0.rawValue).joined(separator: ", ")
            throw RPCError(.invalidParams, "parameter \"query\" must be one of \(names) for this type")
        }
        return match.1
    }
}
