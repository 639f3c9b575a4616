import Foundation

/// A dotted SDK version (`21.7.1`), compared numerically part by part.
public struct SDKVersion: Sendable, Hashable, Comparable, CustomStringConvertible, Codable {
    public var parts: [Int]

    public init(_ major: Int, _ minor: Int = 0, _ patch: Int = 0) {
        parts = [major, minor, patch]
    }

    /// Parses `21.7.1`, `17.5`, `16`; leading `v` and trailing labels (`-beta`) are ignored. Nil when the
    /// text does not start with a number.
    public init?(_ text: String) {
        var body = Substring(text.trimmingCharacters(in: .whitespaces))
        if body.first == "v" || body.first == "V" { body = body.dropFirst() }
        if let label = body.firstIndex(where: { $0 == "-" || $0 == "+" || $0 == " " }) { body = body[..<label] }
        let numbers = body.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
        guard !numbers.isEmpty, numbers.allSatisfy({ $0 != nil && $0! >= 0 }) else { return nil }
        parts = numbers.map { $0! }
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let version = SDKVersion(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "'\(text)' is not a version such as 17.5.0"))
        }
        self = version
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    public var description: String { parts.map(String.init).joined(separator: ".") }

    public static func < (lhs: SDKVersion, rhs: SDKVersion) -> Bool {
        for index in 0..<max(lhs.parts.count, rhs.parts.count) {
            let a = index < lhs.parts.count ? lhs.parts[index] : 0
            let b = index < rhs.parts.count ? rhs.parts[index] : 0
            if a != b { return a < b }
        }
        return false
    }

    public static func == (lhs: SDKVersion, rhs: SDKVersion) -> Bool { !(lhs < rhs) && !(rhs < lhs) }
    public func hash(into hasher: inout Hasher) {
        var trimmed = parts
        while trimmed.count > 1, trimmed.last == 0 { trimmed.removeLast() }
        hasher.combine(trimmed)
    }
}

/// The SDK versions a requirement applies to: from `from` (inclusive) up to `before` (exclusive).
public struct SDKVersionRange: Sendable, Hashable, CustomStringConvertible {
    public var from: SDKVersion?
    public var before: SDKVersion?

    public init(from: SDKVersion? = nil, before: SDKVersion? = nil) {
        self.from = from
        self.before = before
    }

    public func contains(_ version: SDKVersion) -> Bool {
        if let from, version < from { return false }
        if let before, !(version < before) { return false }
        return true
    }

    public var description: String {
        switch (from, before) {
        case let (from?, before?): return "SDK \(from) up to (not including) \(before)"
        case let (from?, nil): return "SDK \(from) and later"
        case let (nil, before?): return "SDK versions before \(before)"
        case (nil, nil): return "every SDK version"
        }
    }
}
