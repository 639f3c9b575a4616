/// Checks that a request can be put on the wire unchanged.
///
/// libcurl receives strings as C strings, so a NUL would silently cut a value short, and a CR or LF
/// in a header would let a value inject extra header lines. Both are rejected before anything is sent.
enum RequestValidation {
    static func check(_ request: HTTPRequest) throws(HTTPClientError) {
        guard !request.method.isEmpty, request.method.utf8.allSatisfy(isTokenByte) else {
            throw .invalidRequest("method \(String(reflecting: request.method)) is not an HTTP token")
        }
        guard !request.url.isEmpty else { throw .invalidRequest("empty URL") }
        guard !request.url.utf8.contains(where: { $0 <= 0x20 || $0 == 0x7F }) else {
            throw .invalidRequest("URL \(String(reflecting: request.url)) contains a space or control character")
        }
        for header in request.headers {
            guard !header.name.isEmpty, header.name.utf8.allSatisfy(isTokenByte) else {
                throw .invalidRequest("header name \(String(reflecting: header.name)) is not an HTTP token")
            }
            guard !header.value.utf8.contains(where: { $0 == 0 || $0 == 0x0A || $0 == 0x0D }) else {
                throw .invalidRequest("header \(header.name) has a NUL, CR or LF in its value")
            }
        }
        if request.method == "HEAD", let body = request.body, !body.isEmpty {
            throw .invalidRequest("HEAD request with a body")
        }
    }

    /// RFC 9110 `tchar`.
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }
}
