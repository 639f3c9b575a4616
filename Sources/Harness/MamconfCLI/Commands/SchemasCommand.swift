import AdapterProtocol
import ArgumentParser
import Foundation
import SuiteLoader

/// Writes (or checks) the JSON Schemas of the adapter protocol and the suite format.
struct SchemasCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schemas",
        abstract: "Write the JSON Schemas of every protocol message and of suite files (generated from the protocol's types).",
        discussion: "Exit 1 with --check when the files in the folder differ from what this build generates.")

    @Option(help: "Folder to write to (or to compare with).")
    var directory = "docs/schemas"

    @Option(name: .customLong("suite-format"), help: "The suite format page whose vocabulary block is generated too.")
    var suiteFormat = "docs/suite-format.md"

    @Flag(help: "Compare instead of writing.")
    var check = false

    func run() throws {
        var stale = try SchemaFiles.sync(into: directory, write: !check)
        if try SchemaFiles.syncVocabulary(page: suiteFormat, write: !check) { stale.append(suiteFormat) }
        if check {
            for path in stale { print("differs: \(path)") }
            if !stale.isEmpty { throw MamconfExit(MamconfExit.failed, "\(stale.count) schema file(s) differ; run: mamconf schemas --directory \(directory)") }
            print("\(SchemaFiles.all.count) schema files up to date")
        } else {
            print("\(SchemaFiles.all.count) schema files in \(directory): \(stale.count) written or removed")
        }
    }
}

/// Every schema file mamconf publishes, by path below `docs/schemas/`.
public enum SchemaFiles {
    public static var all: [(path: String, text: String)] {
        ProtocolSchemas.files.map { ($0.path, $0.schema.prettyText()) } + [("suite.schema.json", SuiteSchema.document.prettyText())]
    }

    /// Refreshes the generated vocabulary block of the suite format page; true when it was stale.
    @discardableResult
    public static func syncVocabulary(page path: String, write: Bool) throws -> Bool {
        let page = try String(contentsOfFile: path, encoding: .utf8)
        guard let refreshed = SuiteVocabularyDoc.refresh(page) else {
            throw MamconfExit(MamconfExit.notJudged, "\(path) has no generated vocabulary block (markers missing)")
        }
        guard refreshed != page else { return false }
        if write { try refreshed.write(toFile: path, atomically: true, encoding: .utf8) }
        return true
    }

    /// Writes the files (when `write`) and returns the paths whose content differed or was missing, plus
    /// schema files in the folder that this build no longer generates.
    @discardableResult
    public static func sync(into directory: String, write: Bool) throws -> [String] {
        var differing: [String] = []
        let files = all
        for (path, text) in files {
            let full = (directory as NSString).appendingPathComponent(path)
            let existing = try? String(contentsOfFile: full, encoding: .utf8)
            guard existing != text else { continue }
            differing.append(path)
            if write {
                try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try text.write(toFile: full, atomically: true, encoding: .utf8)
            }
        }
        let known = Set(files.map(\.path))
        let enumerator = FileManager.default.enumerator(atPath: directory)
        while let relative = enumerator?.nextObject() as? String {
            guard relative.hasSuffix(".json"), !known.contains(relative) else { continue }
            differing.append(relative)
            if write { try FileManager.default.removeItem(atPath: (directory as NSString).appendingPathComponent(relative)) }
        }
        return differing
    }
}
