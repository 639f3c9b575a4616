import AdapterProtocol
import ConformanceCore
import Foundation
import Yams

/// The requirement IDs suites may cite (`Suites/requirements.yaml`).
public struct RequirementCatalog: Sendable {
    public struct Entry: Sendable {
        public var id: String
        public var text: String
        public var checkable: Bool
        public var reason: String?
        /// The SDK versions the requirement applies to (nil: every version). A case citing it is skipped
        /// for an integration whose SDK is outside the range.
        public var sdk: SDKVersionRange?

        public init(id: String, text: String, checkable: Bool, reason: String?, sdk: SDKVersionRange? = nil) {
            self.id = id
            self.text = text
            self.checkable = checkable
            self.reason = reason
            self.sdk = sdk
        }
    }

    public var entries: [Entry]
    /// Where the catalog was read from, for messages.
    public var path: String?
    public var ids: Set<String> { Set(entries.map(\.id)) }

    public init(entries: [Entry], path: String? = nil) {
        self.entries = entries
        self.path = path
    }

    public func entry(_ id: String) -> Entry? { entries.first { $0.id == id } }

    /// Loads the catalog; errors carry file positions like suite errors.
    public static func load(path: String) -> (RequirementCatalog?, [SuiteError]) {
        let doc: YAMLDocument
        switch InputFile.read(path) {
        case .success(let data): doc = YAMLDocument(file: path, data: data)
        case .failure(.missing): return (nil, [SuiteError(SourceLocation(file: path, line: 1, column: 1), "requirement catalog not found")])
        case .failure(let problem):
            return (nil, [SuiteError(SourceLocation(file: path, line: 1, column: 1), "cannot read the requirement catalog: \(problem)")])
        }
        var entries: [Entry] = []
        if let root = doc.root, let fields = doc.fields(root, "the requirement catalog", required: ["requirements"]) {
            var seen: Set<String> = []
            for node in doc.sequence(fields["requirements"], "requirements") ?? [] {
                guard let f = doc.fields(node, "a requirement", required: ["id", "text"], optional: ["checkable", "reason", "observable", "sdk"]) else { continue }
                guard let id = doc.string(f["id"], "id"), let text = doc.string(f["text"], "text") else { continue }
                if !seen.insert(id).inserted { doc.error(f["id"], "duplicate requirement id '\(id)'") }
                let checkable = f["checkable"].map { doc.bool($0, "checkable") ?? true } ?? true
                let reason = f["reason"].flatMap { doc.string($0, "reason") }
                if !checkable && reason == nil { doc.error(node, "requirement \(id) is not checkable but gives no reason") }
                _ = f["observable"].flatMap { doc.string($0, "observable") }
                let sdk = f["sdk"].flatMap { versionRange($0, doc) }
                entries.append(Entry(id: id, text: text, checkable: checkable, reason: reason, sdk: sdk))
            }
        }
        return (doc.errors.isEmpty ? RequirementCatalog(entries: entries, path: path) : nil, doc.errors)
    }

    /// `sdk: {from: 17.5.0}`, `{before: 20.0.0}` or both.
    static func versionRange(_ node: Yams.Node, _ doc: YAMLDocument) -> SDKVersionRange? {
        guard let f = doc.fields(node, "sdk", optional: ["from", "before"]) else { return nil }
        func version(_ key: String) -> SDKVersion? {
            guard let value = f[key] else { return nil }
            guard case .scalar(let scalar) = value, let parsed = SDKVersion(scalar.string) else {
                doc.error(value, "\(key) must be an SDK version such as 17.5.0, found \(doc.kind(value))")
                return nil
            }
            return parsed
        }
        let range = SDKVersionRange(from: version("from"), before: version("before"))
        if range.from == nil && range.before == nil { doc.error(node, "sdk needs 'from', 'before' or both") }
        if let from = range.from, let before = range.before, !(from < before) { doc.error(node, "sdk: 'from' must come before 'before'") }
        return range
    }
}
