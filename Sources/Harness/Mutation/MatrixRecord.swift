import AdapterProtocol
import ConformanceCore
import Foundation

/// The last mutation matrix, kept on disk so `mamconf list --requirements` can answer from it instead of
/// running mutants again. It is used only while it still describes what would run now: the same suite and
/// fixture files (their digest), the same adapter executable (path, size and modification time) and the same
/// mutant and variant listings; otherwise it is stale and says why.
///
/// Problems of failed cells are not kept (only errors'), so nothing a case's expectation printed, such as a
/// token, lands in the file.
public struct MatrixRecord: Codable, Sendable {
    /// 2: the variants and their runs.
    public static let currentFormat = 2
    /// Where `mamconf mutants` writes it and `mamconf list --requirements` looks, by default.
    public static let defaultPath = "reports/mutation-matrix.json"

    public var format: Int
    public var written: Date
    public var suitesDigest: String
    public var suites: [String]
    public var adapter: String
    public var scope: MatrixScope
    public var mutants: [MutantInfo]
    public var clean: [MatrixCell]
    public var runs: [String: [MatrixCell]]
    public var variants: [VariantInfo]
    public var variantRuns: [VariantRun]

    public init(matrix: MutationMatrix, suitesDigest: String, adapter: String, written: Date = Date()) {
        func kept(_ cell: MatrixCell) -> MatrixCell {
            var cell = cell
            if cell.verdict != .errored { cell.problem = nil }
            return cell
        }
        self.format = Self.currentFormat
        self.written = written
        self.suitesDigest = suitesDigest
        self.suites = matrix.suites.map(\.id)
        self.adapter = adapter
        self.scope = matrix.scope
        self.mutants = matrix.mutants
        self.clean = matrix.clean.map(kept)
        self.runs = matrix.runs.mapValues { $0.map(kept) }
        self.variants = matrix.variants
        self.variantRuns = matrix.variantRuns.map { VariantRun(variants: $0.variants, cells: $0.cells.map(kept)) }
    }

    private enum CodingKeys: String, CodingKey {
        case format, written, suitesDigest, suites, adapter, scope, mutants, clean, runs, variants, variantRuns
    }

    /// Reads records of every format: one written before variants existed lacks them, and is then found stale by its
    /// format rather than unreadable.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        format = try container.decode(Int.self, forKey: .format)
        written = try container.decode(Date.self, forKey: .written)
        suitesDigest = try container.decode(String.self, forKey: .suitesDigest)
        suites = try container.decode([String].self, forKey: .suites)
        adapter = try container.decode(String.self, forKey: .adapter)
        scope = try container.decode(MatrixScope.self, forKey: .scope)
        mutants = try container.decode([MutantInfo].self, forKey: .mutants)
        clean = try container.decode([MatrixCell].self, forKey: .clean)
        runs = try container.decode([String: [MatrixCell]].self, forKey: .runs)
        variants = try container.decodeIfPresent([VariantInfo].self, forKey: .variants) ?? []
        variantRuns = try container.decodeIfPresent([VariantRun].self, forKey: .variantRuns) ?? []
    }

    /// Why this record cannot stand for a run of `suites` with `adapter` listing `mutants` and `variants` now; nil
    /// when it can.
    public func staleness(suitesDigest: String, suites: [Suite], adapter: String, mutants: [MutantInfo],
                          variants: [VariantInfo] = []) -> String? {
        if format != Self.currentFormat { return "it has format \(format), this mamconf writes \(Self.currentFormat)" }
        if self.suitesDigest != suitesDigest { return "the suites or fixtures changed since it was written" }
        if self.suites != suites.map(\.id) { return "it covers suites \(self.suites.joined(separator: ", ")), not all of them" }
        if self.adapter != adapter { return "the adapter changed since it was written" }
        if self.mutants != mutants { return "the adapter lists other mutants now" }
        if self.variants != variants { return "the adapter lists other variants now" }
        return nil
    }

    public func matrix(suites: [Suite]) -> MutationMatrix {
        MutationMatrix(suites: suites, mutants: mutants, clean: clean, runs: runs, scope: scope,
                       variants: variants, variantRuns: variantRuns)
    }

    public enum Failure: Error, CustomStringConvertible {
        case unreadable(path: String, reason: String)
        case unwritable(path: String, reason: String)

        public var description: String {
            switch self {
            case .unreadable(let path, let reason): return "cannot read the mutation matrix \(path): \(reason)"
            case .unwritable(let path, let reason): return "cannot write the mutation matrix \(path): \(reason)"
            }
        }
    }

    /// The record at `path`, or nil when there is none.
    public static func load(path: String) throws(Failure) -> MatrixRecord? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        do {
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .iso8601
            return try decoder.decode(MatrixRecord.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw .unreadable(path: path, reason: "\(error)")
        }
    }

    /// Writes the record atomically (a reader sees the old file or the new one), creating its folder.
    public func write(path: String) throws(Failure) {
        do {
            let encoder = JSONEncoder()
            encoder.dateEncodingStrategy = .iso8601
            encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
            let folder = (path as NSString).deletingLastPathComponent
            if !folder.isEmpty { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
            try encoder.encode(self).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw .unwritable(path: path, reason: "\(error)")
        }
    }

    /// Writes the record for the next `list --requirements`; a record that cannot be written is a warning on
    /// stderr, never a reason to lose the matrix just printed.
    public func keep(at path: String) {
        do { try write(path: path) } catch { StandardStreams.err("warning: \(error)") }
    }

    /// The adapter as far as its mutants' behaviour goes: its command, and its executable's size and
    /// modification time, so a rebuilt binary at the same path makes the record stale. Kept as a digest, so
    /// a token in an adapter argument never reaches the file.
    public static func adapterIdentity(command: [String]) -> String {
        "fnv1a64:" + String(FNV1a.hash(adapterDescription(command: command).utf8), radix: 16)
    }

    private static func adapterDescription(command: [String]) -> String {
        var identity = command.joined(separator: " ")
        guard let executable = command.first else { return identity }
        let resolved = executable.contains("/") ? executable : searchPath(executable) ?? executable
        var status = stat()
        if stat(resolved, &status) == 0 {
            identity += " [\(status.st_size) bytes, modified \(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec)]"
        }
        return identity
    }

    private static func searchPath(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
