import Foundation

/// The simulated format of `IntuneMAMDataProtectionManager.protect` output: a header naming the owner,
/// then the payload, encrypted or as is (IDS-10).
///
/// Not real cryptography: "encryption" is a reversible XOR with a keystream derived from the device tag,
/// enough to make the payload unreadable as text and to round-trip through `unprotect`. Layout: magic
/// `MAMP`, one flag byte (1 = encrypted), owner length (UInt16, big-endian), owner UTF-8, payload.
struct DataProtectionEnvelope: Equatable {
    static let magic = Data("MAMP".utf8)

    var owner: String
    var encrypted: Bool
    var payload: Data

    /// Serialises, encrypting the payload with `key` when `encrypted`.
    func serialized(key: Data) -> Data {
        let ownerBytes = Data(owner.utf8.prefix(Int(UInt16.max)))
        var out = Self.magic
        out.append(encrypted ? 1 : 0)
        out.append(UInt8(ownerBytes.count >> 8))
        out.append(UInt8(ownerBytes.count & 0xFF))
        out.append(ownerBytes)
        out.append(encrypted ? Self.xor(payload, key: key) : payload)
        return out
    }

    /// Parses protected data (decrypting with `key`); nil when `data` was not produced by `serialized`.
    init?(parsing data: Data, key: Data) {
        let bytes = [UInt8](data)
        let magic = [UInt8](Self.magic)
        guard bytes.count >= magic.count + 3, Array(bytes[0..<magic.count]) == magic else { return nil }
        let flag = bytes[magic.count]
        let length = Int(bytes[magic.count + 1]) << 8 | Int(bytes[magic.count + 2])
        let ownerStart = magic.count + 3
        guard flag <= 1, bytes.count >= ownerStart + length,
              let owner = String(bytes: bytes[ownerStart..<ownerStart + length], encoding: .utf8) else { return nil }
        let body = Data(bytes[(ownerStart + length)...])
        self.init(owner: owner, encrypted: flag == 1, payload: flag == 1 ? Self.xor(body, key: key) : body)
    }

    init(owner: String, encrypted: Bool, payload: Data) {
        self.owner = owner
        self.encrypted = encrypted
        self.payload = payload
    }

    private static func xor(_ data: Data, key: Data) -> Data {
        guard !key.isEmpty else { return data }
        let keyBytes = [UInt8](key)
        return Data(data.enumerated().map { index, byte in byte ^ keyBytes[index % keyBytes.count] })
    }
}
