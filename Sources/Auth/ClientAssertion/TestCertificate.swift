import Foundation
import X509
import _CryptoExtras

/// A self-signed RSA certificate and its key, made on the spot: for tests and for trying certificate credentials
/// against the mock without touching a real PKI.
public struct TestCertificate: Sendable {
    public let certificatePEM: String
    public let privateKeyPEM: String

    /// A fresh 2048-bit key and a certificate for `commonName`, valid from an hour ago for `days`.
    public static func make(commonName: String = "mamconf test application", days: Int = 30) throws -> TestCertificate {
        let key = try _RSA.Signing.PrivateKey(keySize: .bits2048)
        let name = try DistinguishedName { CommonName(commonName) }
        let now = Date()
        let certificate = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: Certificate.PublicKey(key.publicKey),
            notValidBefore: now.addingTimeInterval(-3600), notValidAfter: now.addingTimeInterval(Double(days) * 86400),
            issuer: name, subject: name, signatureAlgorithm: .sha256WithRSAEncryption, extensions: Certificate.Extensions(),
            issuerPrivateKey: Certificate.PrivateKey(key))
        return TestCertificate(certificatePEM: try certificate.serializeAsPEM().pemString, privateKeyPEM: key.pemRepresentation)
    }
}
