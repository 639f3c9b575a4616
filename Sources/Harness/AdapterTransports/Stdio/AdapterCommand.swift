#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// An adapter's command line: the program (found on PATH like a shell would) and its arguments.
///
/// `--adapter "path/with space/host --flag 'two words'"` is split the way a POSIX shell splits words
/// (single quotes, double quotes, backslash escapes); after `--` the words are taken exactly as given.
public struct AdapterCommand: Sendable, Hashable, CustomStringConvertible {
    /// The program as resolved (an absolute or relative path that exists and is executable).
    public var program: String
    public var arguments: [String]

    public var words: [String] { [program] + arguments }

    /// Why a command line cannot be used.
    public enum Problem: Error, Sendable, Hashable, CustomStringConvertible {
        case empty
        case unterminatedQuote(Character)
        case notFound(String)

        public var description: String {
            switch self {
            case .empty: return "the adapter command is empty"
            case .unterminatedQuote(let quote): return "the adapter command has an unterminated \(quote) quote"
            case .notFound(let program):
                return program.contains("/")
                    ? "adapter program \(program) does not exist or is not executable"
                    : "adapter program \(program) is not on PATH"
            }
        }
    }

    /// A command from words taken as they are (after `--`); the program is looked up on PATH.
    public init(words: [String]) throws(Problem) {
        guard let first = words.first, !first.isEmpty else { throw .empty }
        guard let resolved = Self.resolve(first) else { throw .notFound(first) }
        program = resolved
        arguments = Array(words.dropFirst())
    }

    /// A command from one string, split into words as a shell would.
    public init(parsing text: String) throws(Problem) {
        try self.init(words: try Self.split(text))
    }

    public var description: String { words.map(Self.quoted).joined(separator: " ") }

    /// Splits a command line into words: whitespace separates, quotes group, backslash escapes.
    public static func split(_ text: String) throws(Problem) -> [String] {
        var words: [String] = []
        var current = ""
        var inWord = false
        var quote: Character?
        var escaped = false
        for character in text {
            if escaped {
                current.append(character)
                escaped = false
                continue
            }
            if let open = quote {
                if character == open {
                    quote = nil
                } else if character == "\\" && open == "\"" {
                    escaped = true
                } else {
                    current.append(character)
                }
                continue
            }
            switch character {
            case "\\": escaped = true; inWord = true
            case "'", "\"": quote = character; inWord = true
            case " ", "\t", "\n":
                if inWord { words.append(current); current = ""; inWord = false }
            default: current.append(character); inWord = true
            }
        }
        if let quote { throw .unterminatedQuote(quote) }
        if inWord || escaped { words.append(current) }
        return words
    }

    /// The program's path: as given when it contains a slash, else the first match on PATH.
    public static func resolve(_ program: String) -> String? {
        if program.contains("/") { return access(program, X_OK) == 0 ? program : nil }
        let searchPath = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in searchPath.split(separator: ":") {
            let candidate = "\(directory)/\(program)"
            var isDirectory: ObjCBool = false
            if access(candidate, X_OK) == 0, FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory), !isDirectory.boolValue {
                return candidate
            }
        }
        return nil
    }

    static func quoted(_ word: String) -> String {
        word.contains(where: { " \t\"'\\".contains($0) }) ? "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'" : word
    }
}
