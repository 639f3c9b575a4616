import Crypto
import Foundation

/// The detached signature of a manifest: P-256 ECDSA over the manifest's bytes, written to `manifest.json.sig` as
/// the base64 of the signature's DER form. It binds the manifest (and so, through its digests, every report) to
/// whoever holds the private key; the digests alone show only that the bundle is unedited.
enum ManifestSignature {
    /// Keys and signatures are small; anything larger is not one.
    static let sizeLimit = 64 << 10

    static func signingKey(at path: String) throws(CertificationError) -> P256.Signing.PrivateKey {
        let pem = try pemText(path)
        do { return try P256.Signing.PrivateKey(pemRepresentation: pem) } catch {
            throw .badKey(path: path, reason: "not a P-256 private key in PEM")
        }
    }

    static func publicKey(at path: String) throws(CertificationError) -> P256.Signing.PublicKey {
        let pem = try pemText(path)
        do { return try P256.Signing.PublicKey(pemRepresentation: pem) } catch {
            throw .badKey(path: path, reason: "not a P-256 public key in PEM")
        }
    }

    /// The signature file's text for `manifest`.
    static func sign(_ manifest: Data, with key: P256.Signing.PrivateKey) throws(CertificationError) -> Data {
        do { return Data((try key.signature(for: manifest).derRepresentation.base64EncodedString() + "\n").utf8) } catch {
            throw .badKey(path: CertificationManifest.signatureFileName, reason: "signing failed")
        }
    }

    /// Whether `signatureFile` (base64 DER, surrounding whitespace ignored) is `key`'s signature over `manifest`.
    static func isValid(_ signatureFile: Data, over manifest: Data, for key: P256.Signing.PublicKey) -> Bool {
        let text = String(decoding: signatureFile, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let der = Data(base64Encoded: text), let signature = try? P256.Signing.ECDSASignature(derRepresentation: der) else { return false }
        return key.isValidSignature(signature, for: manifest)
    }

    private static func pemText(_ path: String) throws(CertificationError) -> String {
        let data: Data
        do { data = try CertificationBundle.readBounded(path, limit: sizeLimit) } catch {
            throw .badKey(path: path, reason: "the key cannot be read")
        }
        return String(decoding: data, as: UTF8.self)
    }
}
