/// FNV-1a over 64 bits: a fast, fully specified digest for detecting change (suite digests, the mock's content
/// versions and body digests, the kept mutation matrix, fault seeds per case). Not for security.
public struct FNV1a: Sendable, Hashable {
    public private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    public init() {}

    public mutating func combine<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        // Callers in other modules reach this generic unspecialised, one witness call per byte: hashing the mock's
        // request bodies that way was 2.7% of its event loop (issue 30). Contiguous bytes (arrays, `Data`, native
        // strings' UTF-8) take one call and a plain loop instead.
        if bytes.withContiguousStorageIfAvailable({ combine(contiguous: $0) }) != nil { return }
        for byte in bytes {
            value ^= UInt64(byte)
            value = value &* Self.prime
        }
    }

    private static let prime: UInt64 = 0x0000_0100_0000_01b3

    private mutating func combine(contiguous bytes: UnsafeBufferPointer<UInt8>) {
        var hash = value
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* Self.prime
        }
        value = hash
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
