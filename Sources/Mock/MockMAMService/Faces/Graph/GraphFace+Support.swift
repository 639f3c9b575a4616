import AdapterProtocol
import Foundation
import Hummingbird

/// Small helpers every entity route of the Graph face uses.
extension GraphFace {
    /// Checks a create or PATCH body against `schema`; a violation is a Graph-style 400 `invalidRequest`.
    static func checked(
        _ schema: GraphEntitySchema, _ body: [String: JSONValue], _ tenant: Tenant, creating: Bool
    ) throws(ReplyError) -> [String: JSONValue] {
        do {
            return try schema.settings(from: .object(body), creating: creating)
        } catch {
            throw ReplyError(GraphError.badRequest(error.message, tenant))
        }
    }

    /// Which navigation properties `$expand` asks for (`apps`, `assignments`).
    static func expansions(_ request: IncomingRequest) -> (apps: Bool, assignments: Bool) {
        let names = Set(
            (request.query["$expand"] ?? "").split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespaces).lowercased()
            })
        return (names.contains("apps"), names.contains("assignments"))
    }

    /// `@odata.context` plus `value`: a Graph collection answer, paged afterwards by ``GraphPaging``.
    static func collection(_ fragment: String, _ value: [JSONValue]) -> Reply {
        Reply.json(.ok, ["@odata.context": context(fragment), "value": .array(value)])
    }

    /// An entity answer with its `@odata.context`.
    static func entity(_ status: HTTPResponse.Status, _ fragment: String, _ object: JSONValue) -> Reply {
        var members = object.objectValue ?? [:]
        members["@odata.context"] = context("\(fragment)/$entity")
        return Reply.json(status, .object(members))
    }
}
