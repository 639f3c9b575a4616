import Foundation

/// Merges the reports of a sharded run (or any reports of the same suites) into one document.
///
/// Uses the properties in ``JUnitRunProperty``, which mamconf writes on every `<testsuite>`:
/// - all inputs must carry the same ``JUnitRunProperty/suitesDigest``, or none may carry one (reports of other
///   tools);
/// - each ``JUnitRunProperty/shard`` label must be `I/N` with 1 ≤ I ≤ N ≤ ``shardLimit``, every input of the
///   same N, and no shard in two inputs;
/// - suites of the same name are combined: their cases joined, times summed, the earliest timestamp kept
///   (an unknown 1970 timestamp only when no other is known), properties taken from the first input that has
///   them and ``JUnitRunProperty/shard`` dropped;
/// - suites are ordered by ``JUnitRunProperty/suiteIndex`` and cases by their place in
///   ``JUnitRunProperty/cases`` (a case is found there by its name, or by the first word of its name when the
///   name is an ID followed by a title); suites and cases without that information follow the known ones in
///   input order;
/// - an input given twice, or a case (suite, classname, name) found twice, is an error naming where.
///
/// A merged report is read as the whole run, so one that lacks a shard or planned cases would show part of
/// the run green: that is an error, unless missing shards are allowed. Then the report says so in a way every
/// reader shows red: each planned case in no input is an `<error type="NotRun">` in its place, and each missing
/// shard an `<error type="MissingShard">` in a suite of its own (``incompleteSuite``).
public enum JUnitMerger {
    public struct Input: Sendable {
        /// Names the input in errors and warnings (its path).
        public var source: String
        public var document: JUnitDocument

        public init(source: String, document: JUnitDocument) {
            self.source = source
            self.document = document
        }
    }

    public struct Result: Sendable, Equatable {
        public var document: JUnitDocument
        /// Human-readable notes about what the merged report lacks (only when missing shards are allowed).
        public var warnings: [String]
    }

    /// The largest shard total a label may name: far beyond any CI's parallelism (GitLab's `parallel` stops at
    /// 200), and small enough that a report of one error case per missing shard stays small.
    public static let shardLimit = 10_000

    /// The suite that holds one error case per missing shard when missing shards are allowed.
    public static let incompleteSuite = "mamconf-merge"

    public static func merge(_ inputs: [Input], allowMissingShards: Bool = false) throws(JUnitMergeError) -> Result {
        guard !inputs.isEmpty else { throw .noInputs }
        try checkSources(inputs)
        try checkDigests(inputs)
        let shards = try shardLabels(inputs)
        let groups = try grouped(inputs)
        let missingShards = missing(shards).map(\.description)
        let missingCases = groups.flatMap { group in group.missing().map { "\(group.name)/\($0)" } }
        guard allowMissingShards || (missingShards.isEmpty && missingCases.isEmpty) else {
            throw .incomplete(missingShards: missingShards, missingCases: missingCases)
        }
        let notRun = "not in any merged report" + (missingShards.isEmpty ? "" : " (\(JUnitMergeError.shardPhrase(missingShards)))")
        var suites = groups.map { $0.merged(notRun: notRun, inputs: listed(inputs.map(\.source))) }
        var warnings: [String] = []
        if !missingShards.isEmpty || !missingCases.isEmpty {
            var parts: [String] = []
            if !missingShards.isEmpty {
                parts.append(JUnitMergeError.shardPhrase(missingShards))
                suites.append(incomplete(missingShards, sources: sources(shards), timestamp: suites.map(\.timestamp).min()))
            }
            if !missingCases.isEmpty { parts.append("\(missingCases.count) planned case(s) are in no input") }
            warnings.append("the merged report is incomplete: \(parts.joined(separator: ", ")); each is an <error> case")
        }
        let name = inputs.lazy.map(\.document.name).first { !$0.isEmpty } ?? ""
        return Result(document: JUnitDocument(name: name, suites: suites), warnings: warnings)
    }

    /// The inputs' suites grouped by name, in the run's order (``JUnitRunProperty/suiteIndex``, then input
    /// order); throws when a case is in two inputs or twice in one.
    private static func grouped(_ inputs: [Input]) throws(JUnitMergeError) -> [Group] {
        var groups: [Group] = []
        var groupIndex: [String: Int] = [:]
        var caseSources: [CaseKey: String] = [:]
        for input in inputs {
            // The stand-in of a shard that ran no case has done its part (its label and digest were checked).
            for suite in input.document.suites where !(suite.name == JUnitRunProperty.emptyShard && suite.cases.isEmpty) {
                for testCase in suite.cases {
                    let key = CaseKey(suite: suite.name, classname: testCase.classname, name: testCase.name)
                    if let first = caseSources[key] {
                        throw .duplicateCase(suite: suite.name, classname: testCase.classname, name: testCase.name,
                                             firstSource: first, source: input.source)
                    }
                    caseSources[key] = input.source
                }
                if let index = groupIndex[suite.name] {
                    groups[index].add(suite)
                } else {
                    groupIndex[suite.name] = groups.count
                    groups.append(Group(suite))
                }
            }
        }
        return groups.enumerated().sorted { left, right in
            switch (left.element.index, right.element.index) {
            case let (l?, r?): return l != r ? l < r : left.offset < right.offset
            case (_?, nil): return true
            case (nil, _?): return false
            case (nil, nil): return left.offset < right.offset
            }
        }.map(\.element)
    }

    /// The suite of one `<error type="MissingShard">` case per missing shard, which makes every reader show an
    /// incomplete merge red.
    private static func incomplete(_ missingShards: [String], sources: String, timestamp: Date?) -> JUnitSuite {
        JUnitSuite(name: incompleteSuite, timestamp: timestamp ?? Date(timeIntervalSince1970: 0), cases: missingShards.map { shard in
            JUnitCase(classname: incompleteSuite, name: "shard \(shard)", outcome: .error(
                message: "shard \(shard) is missing from the merged report: its cases were not judged", type: "MissingShard",
                details: "merged from \(sources); the report of shard \(shard) was not given to mamconf merge"))
        })
    }

    private static func checkSources(_ inputs: [Input]) throws(JUnitMergeError) {
        var seen = Set<String>()
        for input in inputs {
            guard seen.insert(input.source).inserted else { throw .sameInput(source: input.source, other: input.source) }
        }
    }

    /// Every suite carries the same digest, or none does: a report without one beside reports with one was not
    /// written by a run of those suites (or was edited), and could hide anything.
    private static func checkDigests(_ inputs: [Input]) throws(JUnitMergeError) {
        var first: (source: String, digest: String)?
        var without: String?
        for input in inputs {
            for suite in input.document.suites {
                guard let digest = suite.property(JUnitRunProperty.suitesDigest) else {
                    if without == nil { without = input.source }
                    continue
                }
                guard let known = first else {
                    first = (input.source, digest)
                    continue
                }
                if digest != known.digest {
                    throw .differentSuites(source: input.source, digest: digest, firstSource: known.source, firstDigest: known.digest)
                }
            }
        }
        if let without, let first {
            throw .missingDigest(source: without, firstSource: first.source, firstDigest: first.digest)
        }
    }

    /// One shard of a run, as its label `I/N` says.
    struct Shard: Hashable, CustomStringConvertible {
        var index: Int
        var total: Int

        /// `I/N` with 1 ≤ I ≤ N ≤ ``JUnitMerger/shardLimit``; nil for anything else. Checked by length first, so
        /// a label of a million digits costs nothing.
        static func parse(_ label: String) -> Shard? {
            let parts = label.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
            guard parts.count == 2, parts.allSatisfy({ (1...5).contains($0.count) && $0.allSatisfy { (48...57).contains($0) } }),
                  let index = Int(String(decoding: parts[0], as: UTF8.self)), let total = Int(String(decoding: parts[1], as: UTF8.self)),
                  index >= 1, index <= total, total <= JUnitMerger.shardLimit else { return nil }
            return Shard(index: index, total: total)
        }

        var description: String { "\(index)/\(total)" }
    }

    /// The shards each input holds, in input order; throws when a label is malformed, the inputs come from runs
    /// split differently, or one shard is in two inputs.
    private static func shardLabels(_ inputs: [Input]) throws(JUnitMergeError) -> [(source: String, shards: [Shard])] {
        var result: [(source: String, shards: [Shard])] = []
        var first: (source: String, shard: Shard)?
        var holder: [Shard: String] = [:]
        for input in inputs {
            var mine: [Shard] = []
            for suite in input.document.suites {
                guard let label = suite.property(JUnitRunProperty.shard) else { continue }
                guard let shard = Shard.parse(label) else { throw .badShard(source: input.source, label: label) }
                if let known = first, known.shard.total != shard.total {
                    throw .differentSplits(source: input.source, label: shard.description, firstSource: known.source, firstLabel: known.shard.description)
                }
                if first == nil { first = (input.source, shard) }
                if let other = holder[shard], other != input.source {
                    throw .duplicateShard(label: shard.description, firstSource: other, source: input.source)
                }
                holder[shard] = input.source
                if !mine.contains(shard) { mine.append(shard) }
            }
            result.append((input.source, mine.sorted { $0.index < $1.index }))
        }
        return result
    }

    /// The shards of the run that no input holds (none when no input is a shard).
    private static func missing(_ inputs: [(source: String, shards: [Shard])]) -> [Shard] {
        let present = Set(inputs.flatMap(\.shards))
        guard let total = present.first?.total else { return [] }
        return (1...total).map { Shard(index: $0, total: total) }.filter { !present.contains($0) }
    }

    /// The inputs as an error case's details name them: `a.xml (shard 1/2), b.xml`, at most ten.
    private static func sources(_ shards: [(source: String, shards: [Shard])]) -> String {
        listed(shards.map { entry in
            entry.shards.isEmpty ? entry.source : "\(entry.source) (\(entry.shards.map { "shard \($0)" }.joined(separator: ", ")))"
        })
    }

    /// At most ten names, comma-separated, then how many there are.
    private static func listed(_ names: [String]) -> String {
        names.prefix(10).joined(separator: ", ") + (names.count > 10 ? ", … (\(names.count) inputs)" : "")
    }

    private struct CaseKey: Hashable {
        var suite: String
        var classname: String
        var name: String
    }

    /// The parts of one suite from every input, in input order.
    private struct Group {
        var parts: [JUnitSuite]

        init(_ suite: JUnitSuite) {
            parts = [suite]
        }

        mutating func add(_ suite: JUnitSuite) {
            parts.append(suite)
        }

        var name: String { parts[0].name }

        var index: Int? {
            parts.lazy.compactMap { $0.property(JUnitRunProperty.suiteIndex).flatMap { Int($0.trimmingCharacters(in: .whitespaces)) } }.first
        }

        /// The properties of the combined suite: each name once, from the first part that has it, without `shard`.
        var properties: [JUnitProperty] {
            var properties: [JUnitProperty] = []
            var names = Set<String>()
            for property in parts.flatMap(\.properties) where property.name != JUnitRunProperty.shard && !names.contains(property.name) {
                names.insert(property.name)
                properties.append(property)
            }
            return properties
        }

        /// The planned case IDs and where each first appears.
        private var plan: (ids: [String], position: [String: Int]) {
            let planned = properties.first { $0.name == JUnitRunProperty.cases }.map {
                $0.value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            } ?? []
            var position: [String: Int] = [:]
            for (offset, id) in planned.enumerated() where position[id] == nil { position[id] = offset }
            return (planned, position)
        }

        private static func place(_ testCase: JUnitCase, _ position: [String: Int]) -> Int? {
            position[testCase.name] ?? testCase.name.split(separator: " ", maxSplits: 1).first.flatMap { position[String($0)] }
        }

        /// The planned case IDs that no part has.
        func missing() -> [String] {
            let (planned, position) = plan
            let present = Set(parts.flatMap(\.cases).compactMap { Self.place($0, position) })
            return planned.enumerated().filter { !present.contains($0.offset) && position[$0.element] == $0.offset }.map(\.element)
        }

        /// The combined suite; each planned case that no part has is an error with the `notRun` message in its place.
        func merged(notRun: String, inputs: String) -> JUnitSuite {
            let (_, position) = plan
            let unknown = Date(timeIntervalSince1970: 0)
            let timestamp = parts.map(\.timestamp).filter { $0 != unknown }.min() ?? unknown
            var all = parts.flatMap(\.cases)
            let classname = all.first?.classname ?? name
            for id in missing() {
                all.append(JUnitCase(classname: classname, name: id, outcome: .error(
                    message: notRun, type: "NotRun", details: "\(name)/\(id) is planned in the run but none of the merged reports holds it: \(inputs)")))
            }
            let cases = all.enumerated().sorted { left, right in
                switch (Self.place(left.element, position), Self.place(right.element, position)) {
                case let (l?, r?): return l != r ? l < r : left.offset < right.offset
                case (_?, nil): return true
                case (nil, _?): return false
                case (nil, nil): return left.offset < right.offset
                }
            }.map(\.element)
            return JUnitSuite(name: name, timestamp: timestamp, time: parts.reduce(0) { $0 + $1.time }, properties: properties, cases: cases)
        }
    }
}
