/// Salted PIN hashing for the simulation.
///
/// SIMULATION ONLY: FNV-1a (64-bit) over salt + PIN, iterated, is NOT a password hash; the real SDK uses
/// proper key derivation in the keychain. It is here only so the state file never holds a PIN in clear.
enum PINHasher {
    static func makeSalt() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<16).map { _ in String(UInt8.random(in: 0...255, using: &generator), radix: 16) }
            .map { $0.count == 1 ? "0" + $0 : $0 }
            .joined()
    }

    static func hash(pin: String, salt: String) -> String {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        let bytes = Array((salt + ":" + pin).utf8)
        for _ in 0..<1000 {
            for byte in bytes {
                value ^= UInt64(byte)
                value = value &* 0x0000_0100_0000_01b3
            }
        }
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    static func verify(pin: String, record: SDKState.PINRecord) -> Bool {
        hash(pin: pin, salt: record.salt) == record.hash
    }
}
