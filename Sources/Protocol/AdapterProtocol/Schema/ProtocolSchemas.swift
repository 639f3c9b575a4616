import Foundation

/// The JSON Schemas of every message of the protocol, built from the message types, and the checks
/// `--strict-protocol` and `adapter-check` run with them.
///
/// `docs/schemas/protocol/` holds these schemas as files (`mamconf schemas --write docs/schemas`); a test
/// regenerates them and fails when the committed files differ, so the files cannot drift from the code.
public enum ProtocolSchemas {
    public static let draft = "https://json-schema.org/draft/2020-12/schema"

    /// One schema file: its path below `docs/schemas/` and its content.
    public struct File: Sendable {
        public var path: String
        public var schema: JSONValue
    }

    /// Every message schema: requests and responses per runner method, events, questions and their answers,
    /// and the error response.
    public static var files: [File] {
        var files: [File] = []
        for method in RunnerMethod.allCases {
            files.append(File(path: "protocol/request/\(method.rawValue).json",
                              schema: request(method.rawValue, params: method.paramsSchema, title: "\(method.rawValue) request (runner → integration): \(method.summary)")))
            files.append(File(path: "protocol/response/\(method.rawValue).json",
                              schema: response(result: method.resultSchema, id: "response:\(method.rawValue)", title: "\(method.rawValue) response (integration → runner)")))
        }
        for event in EventMethod.allCases {
            files.append(File(path: "protocol/event/\(event.rawValue).json",
                              schema: notification(event.rawValue, params: event.paramsSchema, title: "\(event.rawValue) notification (integration → runner): \(event.summary)")))
        }
        for question in Question.allCases {
            files.append(File(path: "protocol/question/\(question.rawValue).json",
                              schema: request(question.rawValue, params: question.paramsSchema, title: "\(question.rawValue) question (integration → runner): \(question.summary)")))
            files.append(File(path: "protocol/answer/\(question.rawValue).json",
                              schema: response(result: question.answerSchema, id: "answer:\(question.rawValue)", title: "answer to \(question.rawValue) (runner → integration)")))
        }
        files.append(File(path: "protocol/error.json", schema: errorResponse))
        return files
    }

    static func envelope(title: String, _ members: [String: JSONValue], required: [String]) -> JSONValue {
        [
            "$schema": .string(draft),
            "title": .string(title),
            "type": "object",
            "additionalProperties": false,
            "required": .array(required.map(JSONValue.string)),
            "properties": .object(members),
        ]
    }

    static let jsonrpc: JSONValue = ["const": "2.0"]
    static let id: JSONValue = ["type": "integer"]

    static func request(_ method: String, params: WireSchema, title: String) -> JSONValue {
        var schema = envelope(title: title, [
            "jsonrpc": jsonrpc, "id": id, "method": ["const": .string(method)], "params": params.jsonSchema,
        ], required: ["jsonrpc", "id", "method", "params"]).objectValue!
        schema["$id"] = id("request:\(method)")
        return .object(schema)
    }

    static func notification(_ method: String, params: WireSchema, title: String) -> JSONValue {
        var schema = envelope(title: title, [
            "jsonrpc": jsonrpc, "method": ["const": .string(method)], "params": params.jsonSchema,
        ], required: ["jsonrpc", "method", "params"]).objectValue!
        schema["$id"] = id("event:\(method)")
        return .object(schema)
    }

    static func response(result: WireSchema, id name: String, title: String) -> JSONValue {
        var schema = envelope(title: title, ["jsonrpc": jsonrpc, "id": id, "result": result.jsonSchema], required: ["jsonrpc", "id", "result"]).objectValue!
        schema["$id"] = id(name)
        return .object(schema)
    }

    /// The `$id` of a message schema: a URN, since the schemas are published with the project, not at an address.
    static func id(_ name: String) -> JSONValue {
        .string("urn:mamconf:adapter-protocol:v\(ProtocolVersion.current.rawValue):\(name)")
    }

    static var errorResponse: JSONValue {
        var schema = envelope(title: "error response (either direction)", [
            "jsonrpc": jsonrpc,
            "id": ["type": ["integer", "null"]],
            "error": [
                "type": "object", "additionalProperties": false, "required": ["code", "message"],
                "properties": ["code": ["type": "integer"], "message": ["type": "string"], "data": [:]],
            ],
        ], required: ["jsonrpc", "id", "error"]).objectValue!
        schema["$id"] = id("error")
        return .object(schema)
    }

    // MARK: Checking messages

    /// Checks a whole message (envelope and content) against the schema file at `path` below
    /// `docs/schemas/` (`protocol/event/event.status.json`), as an outside validator would with that file.
    public static func violations(of message: JSONValue, against path: String) -> [SchemaViolation] {
        let parts = path.replacingOccurrences(of: ".json", with: "").split(separator: "/", maxSplits: 2).map(String.init)
        guard parts.count >= 2, parts[0] == "protocol" else { return [SchemaViolation(path: "", problem: "no schema \(path)")] }
        let kind = parts[1], name = parts.count > 2 ? parts[2] : ""
        guard let members = message.objectValue else { return [SchemaViolation(path: "", problem: "must be an object")] }
        var found: [SchemaViolation] = []
        if members["jsonrpc"] != .string("2.0") { found.append(SchemaViolation(path: "jsonrpc", problem: "must be \"2.0\"")) }
        func allow(_ keys: Set<String>) {
            for key in members.keys.sorted() where !keys.contains(key) { found.append(SchemaViolation(path: key, problem: "unknown member")) }
            for key in keys.sorted() where members[key] == nil { found.append(SchemaViolation(path: key, problem: "is missing")) }
        }
        func integerID() { if members["id"]?.intValue == nil { found.append(SchemaViolation(path: "id", problem: "must be a whole number")) } }
        func method(_ expected: String) { if members["method"] != .string(expected) { found.append(SchemaViolation(path: "method", problem: "must be \"\(expected)\"")) } }
        switch kind {
        case "request", "question":
            allow(["jsonrpc", "id", "method", "params"])
            integerID()
            method(name)
            let schema = kind == "request" ? RunnerMethod(rawValue: name)?.paramsSchema : Question(rawValue: name)?.paramsSchema
            if let schema, let params = members["params"] { found += schema.violations(of: params, at: "params") }
        case "event":
            allow(["jsonrpc", "method", "params"])
            method(name)
            if let schema = EventMethod(rawValue: name)?.paramsSchema, let params = members["params"] { found += schema.violations(of: params, at: "params") }
        case "response", "answer":
            allow(["jsonrpc", "id", "result"])
            integerID()
            let schema = kind == "response" ? RunnerMethod(rawValue: name)?.resultSchema : Question(rawValue: name)?.answerSchema
            if let schema, let result = members["result"] { found += schema.violations(of: result, at: "result") }
        case "error":
            allow(["jsonrpc", "id", "error"])
            if let id = members["id"], !id.isNull, id.intValue == nil { found.append(SchemaViolation(path: "id", problem: "must be a whole number or null")) }
            let error = members["error"]?.objectValue ?? [:]
            if error["code"]?.intValue == nil { found.append(SchemaViolation(path: "error.code", problem: "must be a whole number")) }
            if error["message"]?.stringValue == nil { found.append(SchemaViolation(path: "error.message", problem: "must be a string")) }
            for key in error.keys.sorted() where !["code", "message", "data"].contains(key) { found.append(SchemaViolation(path: "error.\(key)", problem: "unknown member")) }
        default:
            found.append(SchemaViolation(path: "", problem: "no schema \(path)"))
        }
        return found
    }

    /// What the integration sent that breaks the protocol's schemas: a notification that is no known event
    /// or whose params do not fit, a question whose params do not fit. Empty when the message fits.
    public static func violations(ofInbound message: Message) -> [SchemaViolation] {
        switch message {
        case .notification(let method, let params):
            guard let event = EventMethod(rawValue: method) else {
                return [SchemaViolation(path: "method", problem: "unknown event \"\(method)\" (known: \(EventMethod.allCases.map(\.rawValue).joined(separator: ", ")))")]
            }
            return event.paramsSchema.violations(of: params, at: "params")
        case .request(_, let method, let params):
            guard let question = Question(rawValue: method) else {
                return [SchemaViolation(path: "method", problem: "unknown question \"\(method)\" (known: \(Question.allCases.map(\.rawValue).joined(separator: ", ")))")]
            }
            return question.paramsSchema.violations(of: params, at: "params")
        case .response, .errorResponse:
            return []
        }
    }

    /// What breaks the schema in the integration's answer to `method`.
    public static func violations(ofResult result: JSONValue, answering method: RunnerMethod) -> [SchemaViolation] {
        method.resultSchema.violations(of: result, at: "result")
    }
}
