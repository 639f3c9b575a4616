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

    /// An opaque URL-safe random string of `byteCount` random bytes.
    static func opaque(byteCount: Int = 32) -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<byteCount).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
