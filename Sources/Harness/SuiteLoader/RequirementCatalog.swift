import ConformanceCore
import Foundation

/// The requirement IDs suites may cite (`Suites/requirements.yaml`).
public struct RequirementCatalog: Sendable {
    public struct Entry: Sendable {
        public var id: String
        public var text: String
        public var checkable: Bool
        public var reason: String?
    }

    public var entries: [Entry]
    public var ids: Set<String> { Set(entries.map(\.id)) }

    public init(entries: [Entry]) {
        self.entries = entries
    }

    /// Loads the catalog; errors carry file positions like suite errors.
    public static func load(path: String) -> (RequirementCatalog?, [SuiteError]) {
        guard let data = FileManager.default.contents(atPath: path) else {
            return (nil, [SuiteError(SourceLocation(file: path, line: 1, column: 1), "requirement catalog not found")])
        }
        let doc = YAMLDocument(file: path, text: String(decoding: data, as: UTF8.self))
        var entries: [Entry] = []
        if let root = doc.root, let fields = doc.fields(root, "the requirement catalog", required: ["requirements"]) {
            var seen: Set<String> = []
            for node in doc.sequence(fields["requirements"], "requirements") ?? [] {
                guard let f = doc.fields(node, "a requirement", required: ["id", "text"], optional: ["checkable", "reason", "observable"]) else { continue }
                guard let id = doc.string(f["id"], "id"), let text = doc.string(f["text"], "text") else { continue }
                if !seen.insert(id).inserted { doc.error(f["id"], "duplicate requirement id '\(id)'") }
                let checkable = f["checkable"].map { doc.bool($0, "checkable") ?? true } ?? true
                let reason = f["reason"].flatMap { doc.string($0, "reason") }
                if !checkable && reason == nil { doc.error(node, "requirement \(id) is not checkable but gives no reason") }
                _ = f["observable"].flatMap { doc.string($0, "observable") }
                entries.append(Entry(id: id, text: text, checkable: checkable, reason: reason))
            }
        }
        return (doc.errors.isEmpty ? RequirementCatalog(entries: entries) : nil, doc.errors)
    }
}
