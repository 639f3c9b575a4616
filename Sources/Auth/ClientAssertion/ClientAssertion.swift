import Crypto
import Foundation
import SwiftASN1
import X509
import _CryptoExtras

/// OAuth 2.0 client assertions (RFC 7523) as Entra ID takes them: an RS256 JWT signed with the application's
/// certificate key, naming the certificate by its SHA-256 thumbprint (`x5t#S256`).
///
/// One place for both sides, so the harness signs exactly what the mock checks: the Graph client proves itself
/// with a certificate instead of a secret, and the mock's token endpoint verifies it as Entra would. RSA and X.509
/// come from swift-crypto and swift-certificates; nothing here does cryptography by hand.
public enum ClientAssertion {
    /// The `client_assertion_type` that goes with an assertion.
    public static let type = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer"

    /// Why an assertion could not be made; each says which file to fix.
    public enum Problem: Error, Sendable, Equatable, CustomStringConvertible {
        case unreadableCertificate(String)
        case unreadableKey(String)
        case notRSA
        case keyDoesNotMatchCertificate
        case signingFailed(String)

        public var description: String {
            switch self {
            case .unreadableCertificate(let why): return "the certificate is not a PEM X.509 certificate: \(why)"
            case .unreadableKey(let why): return "the private key is not a PEM RSA private key: \(why)"
            case .notRSA: return "the certificate's key is not RSA (Entra client assertions are RS256)"
            case .keyDoesNotMatchCertificate: return "the private key does not belong to the certificate"
            case .signingFailed(let why): return "signing the client assertion failed: \(why)"
            }
        }
    }

    /// Why the token endpoint refuses an assertion.
    public enum Rejection: Error, Sendable, Equatable, CustomStringConvertible {
        case malformed(String)
        case unsupportedAlgorithm(String)
        case unknownCertificate
        case badSignature
        case wrongAudience(String)
        case wrongClient(String)
        case notYetValid
        case expired

        public var description: String {
            switch self {
            case .malformed(let why): return "the client assertion is not a JWT: \(why)"
            case .unsupportedAlgorithm(let alg): return "the client assertion is signed with \(alg), not RS256"
            case .unknownCertificate: return "the client assertion names a certificate that is not registered for the application"
            case .badSignature: return "the client assertion's signature does not verify with the registered certificate"
            case .wrongAudience(let audience): return "the client assertion's audience '\(audience)' is not this token endpoint"
            case .wrongClient(let client): return "the client assertion's iss and sub must both be the client id, not '\(client)'"
            case .notYetValid: return "the client assertion is not valid yet (nbf)"
            case .expired: return "the client assertion has expired (exp)"
            }
        }
    }

    /// What a verified assertion says.
    public struct Claims: Sendable, Equatable {
        public var id: String
        public var expires: Date
    }

    /// A signed assertion for `clientId` at `tokenURL`, valid from `now` for `lifetime` seconds.
    public static func make(clientId: String, tokenURL: String, certificatePEM: String, privateKeyPEM: String,
                            now: Date = Date(), lifetime: TimeInterval = 600, id: String = UUID().uuidString) throws(Problem) -> String {
        let (certificate, der) = try parseCertificate(certificatePEM)
        let key: _RSA.Signing.PrivateKey
        do { key = try _RSA.Signing.PrivateKey(pemRepresentation: privateKeyPEM) } catch { throw .unreadableKey("\(error)") }
        guard let certificateKey = _RSA.Signing.PublicKey(certificate.publicKey) else { throw .notRSA }
        guard certificateKey.derRepresentation == key.publicKey.derRepresentation else { throw .keyDoesNotMatchCertificate }
        let header: [String: Any] = ["alg": "RS256", "typ": "JWT", "x5t#S256": Base64URL.encode(Data(SHA256.hash(data: der)))]
        let seconds = Int(now.timeIntervalSince1970)
        let claims: [String: Any] = [
            "aud": tokenURL, "iss": clientId, "sub": clientId, "jti": id,
            "iat": seconds, "nbf": seconds, "exp": seconds + Int(lifetime),
        ]
        let input = Base64URL.encode(json(header)) + "." + Base64URL.encode(json(claims))
        do {
            let signature = try key.signature(for: Data(input.utf8), padding: .insecurePKCS1v1_5)
            return input + "." + Base64URL.encode(signature.rawRepresentation)
        } catch {
            throw .signingFailed("\(error)")
        }
    }

    /// Checks `assertion` against the registered certificate: thumbprint, RS256 signature, audience, client and
    /// validity window (with `skew` seconds of clock difference allowed, as Entra allows five minutes).
    public static func verify(_ assertion: String, certificatePEM: String, clientId: String, audience: String, now: Date,
                              skew: TimeInterval = 300) throws(Rejection) -> Claims {
        let parts = assertion.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, let headerData = Base64URL.decode(parts[0]), let claimsData = Base64URL.decode(parts[1]),
              let signature = Base64URL.decode(parts[2]) else { throw .malformed("three base64url parts expected") }
        guard let header = (try? JSONSerialization.jsonObject(with: headerData)) as? [String: Any],
              let claims = (try? JSONSerialization.jsonObject(with: claimsData)) as? [String: Any] else {
            throw .malformed("header and claims must be JSON objects")
        }
        guard let alg = header["alg"] as? String, alg == "RS256" else { throw .unsupportedAlgorithm("\(header["alg"] ?? "none")") }
        guard let (certificate, der) = try? parseCertificate(certificatePEM),
              let key = _RSA.Signing.PublicKey(certificate.publicKey) else { throw .unknownCertificate }
        let sha256 = Base64URL.encode(Data(SHA256.hash(data: der)))
        let sha1 = Base64URL.encode(Data(Insecure.SHA1.hash(data: der)))
        guard header["x5t#S256"] as? String == sha256 || header["x5t"] as? String == sha1 else { throw .unknownCertificate }
        let input = Data((parts[0] + "." + parts[1]).utf8)
        guard key.isValidSignature(_RSA.Signing.RSASignature(rawRepresentation: signature), for: input, padding: .insecurePKCS1v1_5) else {
            throw .badSignature
        }
        guard let aud = claims["aud"] as? String, aud == audience else { throw .wrongAudience("\(claims["aud"] ?? "")") }
        guard let iss = claims["iss"] as? String, iss == clientId, claims["sub"] as? String == clientId else {
            throw .wrongClient("\(claims["iss"] ?? "")")
        }
        guard let exp = (claims["exp"] as? NSNumber)?.doubleValue, let jti = claims["jti"] as? String, !jti.isEmpty else {
            throw .malformed("exp and jti are required")
        }
        if let nbf = (claims["nbf"] as? NSNumber)?.doubleValue, now.timeIntervalSince1970 + skew < nbf { throw .notYetValid }
        guard now.timeIntervalSince1970 - skew < exp else { throw .expired }
        return Claims(id: jti, expires: Date(timeIntervalSince1970: exp))
    }

    /// The certificate's `x5t#S256` thumbprint, or why the PEM is not a certificate.
    public static func thumbprint(certificatePEM: String) throws(Problem) -> String {
        Base64URL.encode(Data(SHA256.hash(data: try parseCertificate(certificatePEM).der)))
    }

    private static func parseCertificate(_ pem: String) throws(Problem) -> (certificate: Certificate, der: [UInt8]) {
        do {
            let document = try PEMDocument(pemString: pem)
            guard document.discriminator == "CERTIFICATE" else { throw Problem.unreadableCertificate("a \(document.discriminator), not a CERTIFICATE") }
            return (try Certificate(derEncoded: document.derBytes), document.derBytes)
        } catch let problem as Problem {
            throw problem
        } catch {
            throw .unreadableCertificate("\(error)")
        }
    }

    private static func json(_ object: [String: Any]) -> Data {
        (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
    }
}

/// Base64url without padding (RFC 7515 §2), the encoding of every JWT part.
public enum Base64URL {
    public static func encode(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    public static func decode(_ text: String) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        return Data(base64Encoded: base64)
    }
}
