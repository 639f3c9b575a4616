import AdapterKit
import AdapterProtocol
import ReferenceSDK

/// Targeted app configuration on the wire (docs/protocol-identity-config-policy.md, Targeted app
/// configuration): `IntuneMAMAppConfigManager.appConfig(forAccountId:)` and its typed getters.
extension ReferenceBridge {
    /// `sdk.appConfig`: `fullData`.
    func appConfig(_ params: JSONValue) throws(RPCError) -> JSONValue {
        let config = try runningApp().runtime.appConfigManager.appConfig(forAccountId: try params.optionalString("accountId"))
        return ["fullData": .array(config.fullData.map { .object($0.mapValues(JSONValue.string)) })]
    }

    /// `sdk.appConfigValue`: the typed getter for `type` with `query`, every value (`all*ForKey`) and
    /// `hasConflict`.
    func appConfigValue(_ params: JSONValue) throws(RPCError) -> JSONValue {
        let key = try params.requiredString("key")
        let type = try params.requiredString("type")
        let query = try params.optionalString("query") ?? "any"
        let config = try runningApp().runtime.appConfigManager.appConfig(forAccountId: try params.optionalString("accountId"))
        let value: JSONValue
        let all: [JSONValue]
        switch type {
        case "string":
            let queryType = try Self.queryType(query, [("any", IntuneMAMStringQueryType.any), ("min", .min), ("max", .max)])
            value = config.stringValue(forKey: key, queryType: queryType).map(JSONValue.string) ?? .null
            all = config.allStrings(forKey: key).map(JSONValue.string)
        case "number":
            let queryType = try Self.queryType(query, [("any", IntuneMAMNumberQueryType.any), ("min", .min), ("max", .max)])
            value = config.numberValue(forKey: key, queryType: queryType).map(JSONValue.number) ?? .null
            all = config.allNumbers(forKey: key).map(JSONValue.number)
        case "bool":
            let queryType = try Self.queryType(query, [("any", IntuneMAMBoolQueryType.any), ("or", .or), ("and", .and)])
            value = config.boolValue(forKey: key, queryType: queryType).map(JSONValue.bool) ?? .null
            all = config.allBools(forKey: key).map(JSONValue.bool)
        default:
            throw RPCError(code: RPCError.invalidParams, message: "parameter \"type\" must be string, number or bool")
        }
        return ["value": value, "all": .array(all), "hasConflict": .bool(config.hasConflict(key))]
    }

    /// The query type named `name` among those the value type accepts.
    private static func queryType<Query>(_ name: String, _ accepted: [(String, Query)]) throws(RPCError) -> Query {
        guard let match = accepted.first(where: { $0.0 == name }) else {
            let names = accepted.map(\.0).joined(separator: ", ")
            throw RPCError(code: RPCError.invalidParams, message: "parameter \"query\" must be one of \(names) for this type")
        }
        return match.1
    }
}
