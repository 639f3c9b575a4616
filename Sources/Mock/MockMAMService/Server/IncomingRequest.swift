import Foundation
import Hummingbird

/// The parts of an HTTP request a face needs, read off the connection before the request enters the state actor.
struct IncomingRequest: Sendable {
    /// Largest body accepted; every legitimate body is a few kilobytes.
    static let maximumBodySize = 1 << 20

    let method: String
    let path: String
    let query: [String: String]
    let authorization: String?
    let contentType: String?
    let body: [UInt8]
    /// The `Host` the client used (`127.0.0.1:8080`, `[::1]:8080`), for URLs handed back to it.
    let host: String?
    /// Route parameters (`tenant`, `id`), already percent-decoded by the router.
    let parameters: [String: String]

    /// Reads the request, collecting its body.
    static func read(_ request: Request, context: BasicRequestContext) async throws -> IncomingRequest {
        var request = request
        let buffer: ByteBuffer
        do {
            buffer = try await request.collectBody(upTo: maximumBodySize)
        } catch {
            // The rest of an oversized body is not read: the connection closes with the answer instead of
            // waiting for bytes nobody will look at.
            throw HTTPError(.contentTooLarge, headers: [.connection: "close"],
                            message: "the request body exceeds \(maximumBodySize) bytes")
        }
        var query: [String: String] = [:]
        for (key, value) in request.uri.queryParameters where query[String(key)] == nil {
            query[String(key)] = String(value)
        }
        var parameters: [String: String] = [:]
        for name in ["tenant", "id", "member"] {
            if let value = context.parameters.get(name) { parameters[name] = value }
        }
        return IncomingRequest(
            method: request.method.rawValue,
            path: request.uri.path,
            query: query,
            authorization: request.headers[.authorization],
            contentType: request.headers[.contentType],
            body: Array(buffer.readableBytesView),
            host: request.head.authority,
            parameters: parameters
        )
    }

    /// The bearer token of the `Authorization` header, if there is one.
    ///
    /// Read on every tenant request, so plain UTF-8 work rather than Foundation's locale-aware comparisons.
    var bearerToken: String? {
        guard let authorization else { return nil }
        let bytes = Array(authorization.utf8)
        let scheme = Array("bearer".utf8)
        guard bytes.count > scheme.count, bytes[scheme.count] == UInt8(ascii: " "),
              zip(bytes, scheme).allSatisfy({ $0 | 0x20 == $1 }) else { return nil }
        let token = bytes[(scheme.count + 1)...].drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        let trimmed = token.reversed().drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }.reversed()
        return trimmed.isEmpty ? nil : String(decoding: Array(trimmed), as: UTF8.self)
    }

    /// Route parameter `id` (present on every route that declares it).
    var id: String { parameters["id"] ?? "" }
}
