/// Sebastiano Vigna's SplitMix64: a tiny, fully specified generator, so a seed means the same sequence on every
/// platform and in every version (the standard library's generators promise neither). Fault schedules and the
/// seeded tests draw from it, so a failing run or test replays from its seed.
public struct SplitMix64: RandomNumberGenerator, Sendable, Hashable, Codable {
    public private(set) var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A double in [0, 1) from the top 53 bits.
    public mutating func nextUnit() -> Double {
        Double(next() >> 11) / Double(UInt64(1) << 53)
    }
}
