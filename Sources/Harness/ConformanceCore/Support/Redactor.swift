import Foundation
import Synchronization

/// The one place that decides what counts as a secret. Every transcript, report, log line and error
/// message passes through it: known secret values (passwords, client secrets, PINs, anything a suite
/// marks secret) and the shapes secrets travel in (bearer tokens, token fields in JSON and forms).
public final class Redactor: Sendable {
    private let secrets = Mutex(SecretIndex())
    /// Secrets under 4 characters: masked only where they stand alone (not inside a longer word or number),
    /// so a PIN "12" is hidden in "pin 12" without turning every "2012" into "20[REDACTED]".
    private let shortSecrets = Mutex<Set<String>>([])
    public static let mask = "[REDACTED]"

    /// Patterns whose captured group is a secret wherever it appears, each with the lower-case words a
    /// line must contain for the pattern to be worth running (regular expressions are the slow part of
    /// redaction, and most transcript lines contain no secret-shaped text at all).
    private static let patterns: [(triggers: [String], expression: NSRegularExpression)] = {
        let sources: [([String], String)] = [
            (["authorization", "cookie"], #"(?i)(authorization|cookie|set-cookie)\s*[:=]\s*([^\r\n"]+)"#),
            (["bearer"], #"(?i)(bearer)\s+([A-Za-z0-9\-._~+/=]+)"#),
            (["token", "secret", "password", "\"pin\""],
             #"(?i)"(access_token|refresh_token|id_token|client_secret|clientSecret|password|pin|token|secret)"\s*:\s*"((?:[^"\\]|\\.)*)""#),
            (["token=", "secret=", "password=", "pin="], #"(?i)\b(access_token|refresh_token|client_secret|password|pin)=([^&\s"]+)"#),
        ]
        return sources.compactMap { triggers, source in
            (try? NSRegularExpression(pattern: source)).map { (triggers, $0) }
        }
    }()

    public init(secrets: [String] = []) {
        add(secrets)
    }

    /// Registers secret values. Values under 4 characters are masked where they stand alone as a word or
    /// number (and in the structured shapes above), since masking "1" everywhere would make transcripts
    /// unreadable.
    public func add(_ values: [String]) {
        let long = values.filter { $0.count >= 4 }
        let short = values.filter { !$0.isEmpty && $0.count < 4 }
        if !long.isEmpty { secrets.withLock { index in long.forEach { index.add($0) } } }
        if !short.isEmpty { shortSecrets.withLock { $0.formUnion(short) } }
    }

    public func add(_ value: String) { add([value]) }

    /// The secret values registered so far (tests grep outputs for them).
    public var knownSecrets: [String] { secrets.withLock { Array($0.values) } + shortSecrets.withLock { Array($0) } }

    public func redact(_ text: String) -> String {
        // One pass over the text finds every known secret, however many the run has registered.
        let index = secrets.withLock { $0 }
        var result = index.masking(text, with: Self.mask) ?? text
        for secret in shortSecrets.withLock({ $0 }) where Self.occurs(secret, in: result) {
            result = Self.maskStandingAlone(secret, in: result)
        }
        // Lower-casing every line was 2.3% of the runner's time (issue 30); a line is searched with its ASCII letters
        // folded instead, unless a character in it has a case mapping of its own (the Kelvin sign folds to "k", the
        // long s to "s"): such a line is lower-cased, so a key spelled with one still triggers the patterns, which match
        // such keys too. The transcript's own arrows and rules have no case, so nearly every line takes the fold.
        let folds = Self.foldingASCIIIsEnough(result)
        let searched = folds ? result : result.lowercased()
        for (triggers, pattern) in Self.patterns where triggers.contains(where: { Self.occurs($0, in: searched, ignoringASCIICase: folds) }) {
            let range = NSRange(result.startIndex..., in: result)
            let matches = pattern.matches(in: result, range: range).reversed()
            for match in matches where match.numberOfRanges >= 3 {
                guard let valueRange = Range(match.range(at: 2), in: result) else { continue }
                if result[valueRange] == Self.mask { continue }
                result.replaceSubrange(valueRange, with: Self.mask)
            }
        }
        return result
    }

    /// Whether folding ASCII letters finds every trigger word `text` holds in any case: true unless a character
    /// outside ASCII changes when lower-cased or case-folded (and so might become an ASCII letter).
    static func foldingASCIIIsEnough(_ text: String) -> Bool {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return true }
        return text.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII || !(scalar.properties.changesWhenCaseFolded || scalar.properties.changesWhenLowercased)
        }
    }

    /// Whether `needle` occurs in `haystack`, compared as UTF-8 bytes: every transcript line is checked
    /// against every trigger word, and Foundation's `contains` converted each line to UTF-16 to do it.
    ///
    /// With `ignoringASCIICase`, `needle` must be lower case and ASCII letters of `haystack` match either case: the
    /// trigger words are.
    static func occurs(_ needle: String, in haystack: String, ignoringASCIICase: Bool = false) -> Bool {
        var haystack = haystack, needle = needle
        return haystack.withUTF8 { text in
            needle.withUTF8 { word in
                guard let first = word.first else { return true }
                guard text.count >= word.count else { return false }
                if !ignoringASCIICase {
                    for start in 0...(text.count - word.count) where text[start] == first {
                        if memcmp(text.baseAddress! + start, word.baseAddress!, word.count) == 0 { return true }
                    }
                    return false
                }
                func folded(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }
                for start in 0...(text.count - word.count) where folded(text[start]) == first {
                    var offset = 1
                    while offset < word.count, folded(text[start + offset]) == word[offset] { offset += 1 }
                    if offset == word.count { return true }
                }
                return false
            }
        }
    }

    /// Masks the occurrences of `secret` that no letter or digit touches on either side.
    static func maskStandingAlone(_ secret: String, in text: String) -> String {
        var result = ""
        var rest = text[...]
        func isWordCharacter(_ character: Character?) -> Bool { character.map { $0.isLetter || $0.isNumber } ?? false }
        while let range = rest.range(of: secret) {
            let before = range.lowerBound > rest.startIndex ? rest[rest.index(before: range.lowerBound)] : result.last
            let after = range.upperBound < rest.endIndex ? rest[range.upperBound] : nil
            result += rest[..<range.lowerBound]
            result += isWordCharacter(before) || isWordCharacter(after) ? String(rest[range]) : mask
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
