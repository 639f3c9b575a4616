import AdapterProtocol
import Foundation

/// Server-driven paging of Graph collections: `$top` and an opaque `$skiptoken` in `@odata.nextLink`.
///
/// Real tenants page long lists (registrations, groups, policies), and a client that reads only the first page
/// silently misses objects; so the mock pages every list the same way, and a client must follow the links.
enum GraphPaging {
    /// The largest `$top` Graph accepts on these collections.
    static let maximumTop = 999

    /// Cuts a collection answer down to one page, with the link to the next one when there is more.
    static func page(_ reply: Reply, request: IncomingRequest, tenant: Tenant) throws(ReplyError) -> Reply {
        guard reply.status == .ok, case .object(var body)? = reply.body, let items = body["value"]?.arrayValue else {
            return reply
        }
        var size = tenant.graphPageSize
        if let top = request.query["$top"] {
            guard let value = Int(top), (1...maximumTop).contains(value) else {
                throw ReplyError(GraphError.badRequest(
                    "Invalid page size specified: '\(top)'. Must be between 1 and \(maximumTop) inclusive.", tenant))
            }
            size = value
        }
        var offset = 0
        if let token = request.query["$skiptoken"] {
            guard let decoded = decode(token), decoded <= items.count else {
                throw ReplyError(GraphError.badRequest("The specified skip token is invalid: '\(token)'.", tenant))
            }
            offset = decoded
        }
        let end = min(items.count, offset + size)
        body["value"] = .array(Array(items[offset..<end]))
        if end < items.count {
            var query = request.query.filter { $0.key != "$skiptoken" && $0.key != "$top" }
            query["$top"] = String(size)
            query["$skiptoken"] = encode(end)
            let host = request.host.map { "http://\($0)" } ?? ""
            let text = query.sorted { $0.key < $1.key }.map { "\($0.key)=\(percentEncoded($0.value))" }.joined(separator: "&")
            body["@odata.nextLink"] = .string("\(host)\(request.path)?\(text)")
        }
        var paged = reply
        paged.body = .object(body)
        return paged
    }

    /// Opaque to clients, as Graph's are: base64url of the next offset with a marker.
    static func encode(_ offset: Int) -> String {
        Data("mamconf-page:\(offset)".utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    static func decode(_ token: String) -> Int? {
        var text = token.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while text.count % 4 != 0 { text += "=" }
        guard let data = Data(base64Encoded: text), let plain = String(data: data, encoding: .utf8),
              plain.hasPrefix("mamconf-page:"), let offset = Int(plain.dropFirst("mamconf-page:".count)), offset >= 0
        else { return nil }
        return offset
    }

    private static func percentEncoded(_ value: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value
    }
}
