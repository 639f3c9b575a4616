import Foundation

/// Fresh identifiers and secrets.
///
/// Tenants and objects get lowercase UUIDs (Graph's GUID form); secrets and tokens get 256 random bits so they
/// cannot be guessed by a misbehaving integration, which would otherwise hide authentication bugs.
enum Identifiers {
    /// A lowercase UUID string.
    static func uuid() -> String {
        UUID().uuidString.lowercased()
    }

    /// An opaque URL-safe random string of `byteCount` random bytes (base64url, unpadded).
    ///
    /// The bytes are drawn eight at a time: the system generator costs a system call per draw, and drawing byte by
    /// byte made minting a token a fifth of the mock's request handling (issue 30).
    static func opaque(byteCount: Int = 32) -> String {
        var generator = SystemRandomNumberGenerator()
        var bytes: [UInt8] = []
        bytes.reserveCapacity(byteCount + 7)
        while bytes.count < byteCount {
            withUnsafeBytes(of: generator.next()) { bytes.append(contentsOf: $0) }
        }
        let standard = Data(bytes.prefix(byteCount)).base64EncodedData()
        return String(decoding: standard.compactMap(urlSafe), as: UTF8.self)
    }

    /// base64's one character to base64url's: `+` and `/` become `-` and `_`, padding goes.
    private static func urlSafe(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "+"): UInt8(ascii: "-")
        case UInt8(ascii: "/"): UInt8(ascii: "_")
        case UInt8(ascii: "="): nil
        default: byte
        }
    }
}
