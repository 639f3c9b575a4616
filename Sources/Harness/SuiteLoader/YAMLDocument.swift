import AdapterProtocol
import ConformanceCore
import Foundation
import Yams

/// A parsed YAML file plus the errors found while reading it, with positions for every node.
///
/// Readers never stop at the first problem: every accessor records what is wrong and returns nil, so
/// one `mamconf validate` shows a user every mistake in a file at once.
final class YAMLDocument {
    let file: String
    let root: Node?
    private(set) var errors: [SuiteError] = []

    /// Reads a file's bytes: suites are UTF-8 (a UTF-8 byte order mark is allowed); anything else is
    /// reported at the first offending byte instead of being silently replaced.
    convenience init(file: String, data: Data) {
        var bytes = [UInt8](data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            self.init(file: file, failure: SuiteError(SourceLocation(file: file, line: 1, column: 1), "the file is UTF-16; suite files must be UTF-8"))
            return
        }
        if let bad = Self.firstInvalidByte(bytes) {
            let location = Self.position(of: bad, in: bytes, file: file)
            let what = bytes[bad] == 0 ? "a NUL byte" : String(format: "the byte 0x%02X, which is not valid UTF-8", bytes[bad])
            self.init(file: file, failure: SuiteError(location, "the file contains \(what); suite files must be UTF-8 text"))
            return
        }
        let text = String(decoding: bytes, as: UTF8.self)
        if text.allSatisfy(\.isWhitespace) {
            self.init(file: file, failure: SuiteError(SourceLocation(file: file, line: 1, column: 1), "the file is empty"))
            return
        }
        self.init(file: file, text: text)
    }

    private init(file: String, failure: SuiteError) {
        self.file = file
        self.root = nil
        self.errors = [failure]
    }

    /// The offset of the first byte that is NUL or breaks UTF-8, or nil.
    static func firstInvalidByte(_ bytes: [UInt8]) -> Int? {
        // Nearly every file is valid, and the standard library checks a whole buffer far faster than this walk checks
        // it character by character (11% of loading the suites, issue 30): the walk only finds where a bad file breaks.
        if !bytes.contains(0), String(validating: bytes, as: UTF8.self) != nil { return nil }
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            let length: Int
            switch lead {
            case 0x00: return index
            case 0x01...0x7F: length = 1
            case 0xC2...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF4: length = 4
            default: return index
            }
            guard index + length <= bytes.count,
                  String(validating: bytes[index..<(index + length)], as: UTF8.self) != nil else { return index }
            index += length
        }
        return nil
    }

    static func position(of offset: Int, in bytes: [UInt8], file: String) -> SourceLocation {
        var line = 1
        var lineStart = 0
        for (index, byte) in bytes[..<offset].enumerated() where byte == 0x0A {
            line += 1
            lineStart = index + 1
        }
        let column = String(decoding: bytes[lineStart..<offset], as: UTF8.self).count + 1
        return SourceLocation(file: file, line: line, column: column)
    }

    init(file: String, text: String) {
        self.file = file
        // Refused before composing: composing expands aliases, and nested ones grow without bound.
        if let found = AnchorScan.firstAnchorOrAlias(in: text) {
            root = nil
            errors.append(SuiteError(SourceLocation(file: file, line: found.line, column: found.column),
                                     "YAML \(found.alias ? "aliases (*name)" : "anchors (&name)") are not supported in suites; write the value out"))
            return
        }
        do {
            root = try Yams.compose(yaml: text, .basic)
        } catch let error as YamlError {
            root = nil
            errors.append(Self.describe(error, file: file))
        } catch {
            root = nil
            errors.append(SuiteError(SourceLocation(file: file, line: 1, column: 1), "cannot read YAML: \(error)"))
        }
    }

    /// The YAML types a suite's plain scalars can have: Yams' default rules without merge keys (`<<`), `=` and
    /// timestamps, which suites never use (a date is text to them).
    ///
    /// Documents are composed with no rules (`Resolver.basic`) and a plain scalar is typed only where a value is read
    /// (``plainType(_:)``): Yams resolves every mapping key against its resolver's rules while it checks for repeated
    /// keys, a regular expression per rule and key, and that was a fifth of loading the suites (issue 30). Keys are
    /// text to a suite anyway: `1` and `"1"` are the same key, and repeating it is an error.
    static let resolver = Resolver.default.removing(.merge).removing(.timestamp).removing(.value)

    /// The type of a plain scalar's text under ``resolver``'s rules. Text whose first character can begin no null,
    /// boolean or number (`~`, `null`, `yes`/`no`/`on`/`off`/`true`/`false`, a sign, a digit or a dot) is text without
    /// running a rule: most values are names, addresses and identifiers.
    static func plainType(_ text: String) -> Tag.Name {
        guard let first = text.utf8.first else { return .null }
        switch first {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."), UInt8(ascii: "~"),
             UInt8(ascii: "n"), UInt8(ascii: "N"), UInt8(ascii: "y"), UInt8(ascii: "Y"), UInt8(ascii: "t"), UInt8(ascii: "T"),
             UInt8(ascii: "f"), UInt8(ascii: "F"), UInt8(ascii: "o"), UInt8(ascii: "O"):
            return resolver.resolveTag(of: Node.scalar(Node.Scalar(text)))
        default:
            return .str
        }
    }

    /// A plain scalar's value as YAML types it (nil for a quoted scalar, a collection, or text): null, a boolean, a
    /// whole number or another number.
    enum Typed: Equatable {
        case null
        case bool(Bool)
        case int(Int)
        case float(Double)
    }

    static func typed(_ node: Node) -> Typed? {
        guard case .scalar(let scalar) = node, scalar.style == .plain else { return nil }
        switch plainType(scalar.string) {
        case .null: return .null
        // Yams builds a Boolean only from a scalar not tagged as text, and these documents tag every scalar as text.
        case .bool: return Bool.construct(from: Node.Scalar(scalar.string, Tag(.bool), .plain)).map(Typed.bool)
        case .int: return Int.construct(from: scalar).map(Typed.int) ?? Double.construct(from: scalar).map(Typed.float)
        case .float: return Double.construct(from: scalar).map(Typed.float)
        default: return nil
        }
    }

    static func boolValue(_ node: Node) -> Bool? {
        if case .bool(let value)? = typed(node) { return value }
        return nil
    }

    static func describe(_ error: YamlError, file: String) -> SuiteError {
        switch error {
        case .scanner(let context, let problem, let mark, _),
             .parser(let context, let problem, let mark, _),
             .composer(let context, let problem, let mark, _):
            var suffix = context.map { " (\($0.text) at \($0.mark.line):\($0.mark.column))" } ?? ""
            if context?.text == "while scanning a tag" {
                // YAML ends a tag only at a space, a line break or (inside {…}) a comma: `{a: !present}` is not
                // the matcher followed by '}'.
                suffix += "; inside {…} write a space after a matcher: {errorString: !present }"
            }
            return SuiteError(SourceLocation(file: file, line: mark.line, column: mark.column), "YAML syntax error: \(problem)\(suffix)")
        case .reader(let problem, _, _, _):
            return SuiteError(SourceLocation(file: file, line: 1, column: 1), "YAML cannot be read: \(problem)")
        default:
            return SuiteError(SourceLocation(file: file, line: 1, column: 1), "YAML error: \(error)")
        }
    }

    func location(_ node: Node?) -> SourceLocation {
        SourceLocation(file: file, line: node?.mark?.line ?? 1, column: node?.mark?.column ?? 1)
    }

    func error(_ node: Node?, _ message: String) {
        errors.append(SuiteError(location(node), message))
    }

    // MARK: Typed access

    /// The pairs of a mapping, in file order; reports anything else.
    func mapping(_ node: Node?, _ what: String) -> [(key: String, keyNode: Node, value: Node)]? {
        guard let node else { return nil }
        guard case .mapping(let mapping) = node else {
            error(node, "\(what) must be a mapping, found \(kind(node))")
            return nil
        }
        var pairs: [(String, Node, Node)] = []
        var seen: Set<String> = []
        for (key, value) in mapping {
            guard case .scalar(let scalar) = key else {
                error(key, "keys of \(what) must be plain names")
                continue
            }
            if !seen.insert(scalar.string).inserted {
                error(key, "duplicate key '\(scalar.string)' in \(what)")
                continue
            }
            pairs.append((scalar.string, key, value))
        }
        return pairs.map { (key: $0.0, keyNode: $0.1, value: $0.2) }
    }

    /// Checks a mapping's keys against the allowed set and returns value nodes by key.
    func fields(_ node: Node?, _ what: String, required: [String] = [], optional: [String] = []) -> [String: Node]? {
        guard let pairs = mapping(node, what) else { return nil }
        let allowed = Set(required + optional)
        var out: [String: Node] = [:]
        for pair in pairs {
            if allowed.contains(pair.key) {
                out[pair.key] = pair.value
            } else {
                error(pair.keyNode, "unknown key '\(pair.key)' in \(what) (expected one of: \((required + optional).joined(separator: ", ")))")
            }
        }
        for key in required where out[key] == nil {
            error(node, "\(what) is missing required key '\(key)'")
        }
        return out
    }

    func sequence(_ node: Node?, _ what: String) -> [Node]? {
        guard let node else { return nil }
        guard case .sequence(let sequence) = node else {
            error(node, "\(what) must be a list, found \(kind(node))")
            return nil
        }
        return Array(sequence)
    }

    func string(_ node: Node?, _ what: String) -> String? {
        guard let node else { return nil }
        guard case .scalar(let scalar) = node, node.null == nil || scalar.style != .plain else {
            error(node, "\(what) must be a string, found \(kind(node))")
            return nil
        }
        return scalar.string
    }

    /// A string naming one case of a closed set; an unknown name is an error listing the known ones.
    func enumeration<Value: WireEnum>(_ node: Node?, _ what: String, as type: Value.Type) -> Value? {
        guard let text = string(node, what) else { return nil }
        guard let value = Value(rawValue: text) else {
            error(node, Vocabulary.unknown(what, text, known: Value.allCases.map(\.rawValue)))
            return nil
        }
        return value
    }

    func bool(_ node: Node?, _ what: String) -> Bool? {
        guard let node else { return nil }
        guard let value = Self.boolValue(node) else {
            error(node, "\(what) must be true or false, found \(kind(node))")
            return nil
        }
        return value
    }

    func int(_ node: Node?, _ what: String) -> Int? {
        guard let node else { return nil }
        guard case .scalar(let scalar) = node, scalar.style == .plain, let value = node.int else {
            error(node, "\(what) must be a whole number, found \(kind(node))")
            return nil
        }
        return value
    }

    func strings(_ node: Node?, _ what: String) -> [String]? {
        guard let items = sequence(node, what) else { return nil }
        return items.compactMap { string($0, "an entry of \(what)") }
    }

    /// A duration: a number of seconds, or a number with unit ms, s, m, h or d ("8h", "90s", "1.5d", "250ms").
    func duration(_ node: Node?, _ what: String) -> Duration? {
        guard let node else { return nil }
        if case .scalar(let scalar) = node {
            let text = scalar.string.trimmingCharacters(in: .whitespaces)
            let units: [Character: Double] = ["s": 1, "m": 60, "h": 3600, "d": 86400]
            // At most ten years: a larger (or infinite) duration is a typo, and would overflow clocks.
            let limit = 3650.0 * 86400
            if text.hasSuffix("ms"), let value = Double(text.dropLast(2)), value >= 0, value / 1000 <= limit {
                return .seconds(value / 1000)
            }
            if let unit = text.last, let factor = units[unit], let value = Double(text.dropLast()), value >= 0, value * factor <= limit {
                return .seconds(value * factor)
            }
            if let value = Double(text), value >= 0, value <= limit { return .seconds(value) }
        }
        error(node, "\(what) must be a duration such as 250ms, 90s, 30m, 8h or 2d (at most 3650d), found \(kind(node))")
        return nil
    }

    /// Any YAML value as JSON, resolving scalars by their YAML type (quoted scalars stay strings).
    func json(_ node: Node, resolve: (String, Node) -> JSONValue?) -> JSONValue? {
        if let tag = localTag(node) {
            error(node, "'\(tag)' is a matcher: it belongs in an expectation ('result', 'is' or an event pattern), "
                  + "not in a value the runner sends")
            return nil
        }
        switch node {
        case .scalar(let scalar):
            switch Self.typed(node) {
            case .null?: return .null
            case .bool(let b)?: return .bool(b)
            case .int(let i)?: return .number(Double(i))
            case .float(let d)?: return .number(d)
            case nil: return resolve(scalar.string, node)
            }
        case .mapping:
            guard let pairs = mapping(node, "a value") else { return nil }
            var object: [String: JSONValue] = [:]
            for pair in pairs {
                guard let value = json(pair.value, resolve: resolve),
                      let key = memberKey(pair.key, pair.keyNode, resolve: resolve) else { return nil }
                object[key] = value
            }
            return .object(object)
        case .sequence(let sequence):
            var items: [JSONValue] = []
            for item in sequence {
                guard let value = json(item, resolve: resolve) else { return nil }
                items.append(value)
            }
            return .array(items)
        case .alias:
            error(node, "YAML aliases are not supported in suites")
            return nil
        }
    }

    /// A mapping key as a value's member name: keys may name users too (`$alice: [notes.txt]` in expected app
    /// data); nil when such a reference does not resolve.
    func memberKey(_ key: String, _ keyNode: Node, resolve: (String, Node) -> JSONValue?) -> String? {
        key.hasPrefix("$") ? resolve(key, keyNode)?.stringValue : key
    }

    /// The local tag a node carries (`!present`), or nil when it has none (standard `!!` tags resolve to
    /// `tag:yaml.org,2002:…` and are not local).
    ///
    /// It reads the tag as written, not `Node.tag`: that resolves an untagged scalar against every rule of the
    /// resolver (seven regular expressions for a plain string), which was a fifth of loading the suites.
    func localTag(_ node: Node) -> String? {
        let name: String
        switch node {
        case .scalar(let scalar): name = scalar.tag.rawValue
        case .mapping(let mapping): name = mapping.tag.rawValue
        case .sequence(let sequence): name = sequence.tag.rawValue
        case .alias: return nil
        }
        return name.count > 1 && name.hasPrefix("!") && !name.hasPrefix("!!") ? name : nil
    }

    func kind(_ node: Node) -> String {
        switch node {
        case .scalar(let scalar):
            if scalar.style == .plain {
                switch Self.typed(node) {
                case .null?: return "nothing"
                case .bool?: return "a boolean (\(scalar.string))"
                case .int?, .float?: return "a number (\(scalar.string))"
                case nil: if scalar.string.isEmpty { return "nothing" }
                }
            }
            return "the text '\(scalar.string)'"
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .alias: return "an alias"
        }
    }
}
