import Foundation

/// The identifier of a JSON-RPC request. The protocol only ever sends integers, but JSON-RPC allows
/// strings, and a peer that echoes one must be understood well enough to be reported.
public enum RequestID: Sendable, Hashable, CustomStringConvertible {
    case number(Int)
    case string(String)

    public var json: JSONValue {
        switch self {
        case .number(let n): return .number(Double(n))
        case .string(let s): return .string(s)
        }
    }

    public var description: String {
        switch self {
        case .number(let n): return String(n)
        case .string(let s): return "\"\(s)\""
        }
    }
}

/// A JSON-RPC 2.0 error object.
public struct RPCError: Error, Sendable, Hashable, CustomStringConvertible {
    public var code: Int
    public var message: String
    public var data: JSONValue?

    public init(code: Int, message: String, data: JSONValue? = nil) {
        self.code = code
        self.message = message
        self.data = data
    }

    public init(_ code: ErrorCode, _ message: String, data: JSONValue? = nil) {
        self.init(code: code.rawValue, message: message, data: data)
    }

    /// The code as one of the protocol's, nil for a code the protocol does not define.
    public var known: ErrorCode? { ErrorCode(rawValue: code) }

    public static let parseError = ErrorCode.parseError.rawValue
    public static let invalidRequest = ErrorCode.invalidRequest.rawValue
    public static let methodNotFound = ErrorCode.methodNotFound.rawValue
    public static let invalidParams = ErrorCode.invalidParams.rawValue
    public static let internalError = ErrorCode.internalError.rawValue
    /// The runner has no scripted answer for a question the integration asked.
    public static let noScriptedAnswer = ErrorCode.noScriptedAnswer.rawValue
    /// The integration does not support what was asked (a capability it did not declare).
    public static let unsupported = ErrorCode.unsupported.rawValue
    /// An SDK or app action failed inside the integration.
    public static let actionFailed = ErrorCode.actionFailed.rawValue

    public var description: String { "error \(code): \(message)" }

    public var json: JSONValue {
        var o: [String: JSONValue] = ["code": .number(Double(code)), "message": .string(message)]
        if let data { o["data"] = data }
        return .object(o)
    }
}

/// One line of the adapter protocol, in either direction.
public enum Message: Sendable, Hashable {
    case request(id: RequestID, method: String, params: JSONValue)
    case notification(method: String, params: JSONValue)
    case response(id: RequestID, result: JSONValue)
    case errorResponse(id: RequestID?, error: RPCError)

    public var json: JSONValue {
        switch self {
        case .request(let id, let method, let params):
            return ["jsonrpc": "2.0", "id": id.json, "method": .string(method), "params": params]
        case .notification(let method, let params):
            return ["jsonrpc": "2.0", "method": .string(method), "params": params]
        case .response(let id, let result):
            return ["jsonrpc": "2.0", "id": id.json, "result": result]
        case .errorResponse(let id, let error):
            return ["jsonrpc": "2.0", "id": id?.json ?? .null, "error": error.json]
        }
    }

    /// The line as sent: compact JSON followed by a single newline.
    public func encodedLine() -> Data {
        var data = json.serialized()
        data.append(0x0A)
        return data
    }
}

/// Why a received line is not a valid protocol message. Each case names the offence so that a
/// vendor reading a report knows what their bridge did wrong.
public enum MessageDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
    case notJSON(excerpt: String)
    case notAnObject
    case wrongVersion(JSONValue?)
    case badID(JSONValue)
    case badShape(String)

    public var description: String {
        switch self {
        case .notJSON(let excerpt): return "line is not JSON: \(excerpt)"
        case .notAnObject: return "line is JSON but not a JSON-RPC object"
        case .wrongVersion(let v): return "\"jsonrpc\" must be \"2.0\", got \(v.map { $0.compactText } ?? "nothing")"
        case .badID(let v): return "\"id\" must be a number or a string, got \(v.compactText)"
        case .badShape(let why): return "not a JSON-RPC 2.0 message: \(why)"
        }
    }
}

extension Message {
    /// Decodes one line (without its newline).
    public static func decode(line: Data) throws(MessageDecodingError) -> Message {
        let value: JSONValue
        do { value = try JSONValue.parse(line) } catch {
            throw .notJSON(excerpt: excerpt(of: line))
        }
        guard case .object(let o) = value else { throw .notAnObject }
        guard o["jsonrpc"] == .string("2.0") else { throw .wrongVersion(o["jsonrpc"]) }
        var id: RequestID?
        if let raw = o["id"], !raw.isNull {
            switch raw {
            case .number(let n) where n.rounded() == n && abs(n) < 9.0e15: id = .number(Int(n))
            case .string(let s): id = .string(s)
            default: throw .badID(raw)
            }
        }
        if let method = o["method"] {
            guard case .string(let name) = method else { throw .badShape("\"method\" is not a string") }
            if o["result"] != nil || o["error"] != nil { throw .badShape("a request cannot carry result or error") }
            let params = o["params"] ?? .object([:])
            if let id { return .request(id: id, method: name, params: params) }
            return .notification(method: name, params: params)
        }
        if let result = o["result"] {
            guard let id else { throw .badShape("a response needs an id") }
            if o["error"] != nil { throw .badShape("a response cannot carry both result and error") }
            return .response(id: id, result: result)
        }
        if let error = o["error"] {
            guard case .object(let e) = error, let code = e["code"]?.intValue, let message = e["message"]?.stringValue else {
                throw .badShape("\"error\" needs an integer code and a string message")
            }
            return .errorResponse(id: id, error: RPCError(code: code, message: message, data: e["data"]))
        }
        throw .badShape("neither method, result nor error present")
    }

    static func excerpt(of data: Data, limit: Int = 200) -> String {
        let prefix = data.prefix(limit)
        let text = String(decoding: prefix, as: UTF8.self)
        return data.count > limit ? text + "…" : text
    }
}
