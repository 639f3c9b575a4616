import Foundation

/// Collects one transfer's body and headers from libcurl's callbacks.
///
/// The C callbacks cannot capture context, so curl gets an unretained pointer to this object
/// (`CURLOPT_WRITEDATA`/`CURLOPT_HEADERDATA`); the caller keeps it alive across `curl_easy_perform`.
///
/// The body is held only up to `limit` bytes: a server that sends more (or never stops) makes the write callback
/// refuse the bytes, which aborts the transfer, instead of filling the client's memory.
final class ResponseSink {
    private(set) var body = Data()
    private(set) var headers: [String: String] = [:]
    private var lastHeaderName: String?
    let limit: Int
    /// Whether the server sent more than `limit` body bytes.
    private(set) var overflowed = false

    init(limit: Int) {
        self.limit = limit
    }

    /// Keeps `bytes`; false (keeping nothing) when they would pass the limit.
    func appendBody(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard bytes.count <= limit - body.count else {
            overflowed = true
            return false
        }
        body.append(contentsOf: bytes)
        return true
    }

    /// Takes one raw header line as curl delivers it (including the status line and the CRLF).
    /// A status line starts a new response, so only the last response's headers survive
    /// (interim `100 Continue` responses, for example, are dropped).
    func appendHeaderLine(_ bytes: UnsafeRawBufferPointer) {
        var line = Substring(String(decoding: bytes, as: UTF8.self))
        while let last = line.last, last == "\r\n" || last == "\n" || last == "\r" { line = line.dropLast() }
        if line.hasPrefix("HTTP/") {
            headers = [:]
            lastHeaderName = nil
            return
        }
        guard !line.isEmpty else { return }
        if let first = line.first, first == " " || first == "\t" {
            // obs-fold continuation of the previous header (RFC 9112 §5.2).
            if let name = lastHeaderName {
                let extra = trimmed(line)
                let existing = headers[name] ?? ""
                headers[name] = existing.isEmpty ? extra : existing + " " + extra
            }
            return
        }
        guard let colon = line.firstIndex(of: ":") else { return }
        let name = line[..<colon].lowercased()
        let value = trimmed(line[line.index(after: colon)...])
        if let existing = headers[name] {
            headers[name] = existing + ", " + value
        } else {
            headers[name] = value
        }
        lastHeaderName = name
    }

    /// Without its leading and trailing spaces and tabs. Indices, not `reversed()`: a reversed drop is a generic type
    /// the runtime builds on first use, which cost a new process about 3 M instructions at its first response.
    private func trimmed(_ text: Substring) -> String {
        var start = text.startIndex, end = text.endIndex
        while start < end, text[start] == " " || text[start] == "\t" { start = text.index(after: start) }
        while start < end {
            let last = text.index(before: end)
            guard text[last] == " " || text[last] == "\t" else { break }
            end = last
        }
        return String(text[start..<end])
    }
}
