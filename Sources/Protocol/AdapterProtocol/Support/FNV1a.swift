/// FNV-1a over 64 bits: a fast, fully specified digest for detecting change (suite digests, the mock's content
/// versions and body digests, the kept mutation matrix, fault seeds per case). Not for security.
public struct FNV1a: Sendable, Hashable {
    public private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    public init() {}

    public mutating func combine<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        for byte in bytes {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01b3
        }
    }

    /// The digest of `bytes` alone.
    public static func hash<Bytes: Sequence>(_ bytes: Bytes) -> UInt64 where Bytes.Element == UInt8 {
        var fnv = FNV1a()
        fnv.combine(bytes)
        return fnv.value
    }

    /// `value` as 16 lower-case hex digits.
    public var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
