import Foundation

/// Merges the reports of a sharded run (or any reports of the same suites) into one document.
///
/// Uses the properties in ``JUnitRunProperty``, which mamconf writes on every `<testsuite>`:
/// - all inputs must carry the same ``JUnitRunProperty/suitesDigest`` (inputs without one are not checked);
/// - suites of the same name are combined: their cases joined, times summed, the earliest timestamp kept
///   (an unknown 1970 timestamp only when no other is known), properties taken from the first input that has
///   them and ``JUnitRunProperty/shard`` dropped;
/// - suites are ordered by ``JUnitRunProperty/suiteIndex`` and cases by their place in
///   ``JUnitRunProperty/cases`` (a case is found there by its name, or by the first word of its name when the
///   name is an ID followed by a title); suites and cases without that information follow the known ones in
///   input order;
/// - a case (suite, classname, name) found in two inputs is an error naming both.
///
/// The result also lists what looks incomplete (a shard or planned cases missing) as warnings: the merge itself
/// still succeeds, because merging part of a run can be intended.
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
        /// Human-readable notes about what the inputs seem to lack.
        public var warnings: [String]
    }

    public static func merge(_ inputs: [Input]) throws(JUnitMergeError) -> Result {
        guard !inputs.isEmpty else { throw .noInputs }
        try checkDigests(inputs)

        var groups: [Group] = []
        var groupIndex: [String: Int] = [:]
        var caseSources: [CaseKey: String] = [:]
        var shards: [(source: String, label: String)] = []
        for input in inputs {
            var labels = Set<String>()
            for suite in input.document.suites {
                if let label = suite.property(JUnitRunProperty.shard) { labels.insert(label) }
                for testCase in suite.cases {
                    let key = CaseKey(suite: suite.name, classname: testCase.classname, name: testCase.name)
                    if let first = caseSources[key], first != input.source {
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
            shards += labels.sorted().map { (input.source, $0) }
        }

        let ordered = groups.enumerated().sorted { left, right in
            switch (left.element.index, right.element.index) {
            case let (l?, r?): return l != r ? l < r : left.offset < right.offset
            case (_?, nil): return true
            case (nil, _?): return false
            case (nil, nil): return left.offset < right.offset
            }
        }.map(\.element)

        var warnings = missingShards(shards)
        var suites: [JUnitSuite] = []
        for group in ordered {
            let (suite, missing) = group.merged()
            if !missing.isEmpty {
                let shown = missing.prefix(10).joined(separator: ", ") + (missing.count > 10 ? ", …" : "")
                warnings.append("suite \(suite.name): \(missing.count) planned case(s) are in no input: \(shown)")
            }
            suites.append(suite)
        }
        let name = inputs.lazy.map(\.document.name).first { !$0.isEmpty } ?? ""
        return Result(document: JUnitDocument(name: name, suites: suites), warnings: warnings)
    }

    private static func checkDigests(_ inputs: [Input]) throws(JUnitMergeError) {
        var first: (source: String, digest: String)?
        for input in inputs {
            for suite in input.document.suites {
                guard let digest = suite.property(JUnitRunProperty.suitesDigest) else { continue }
                guard let known = first else {
                    first = (input.source, digest)
                    continue
                }
                if digest != known.digest {
                    throw .differentSuites(source: input.source, digest: digest, firstSource: known.source, firstDigest: known.digest)
                }
            }
        }
    }

    /// Warnings when the inputs are shards `I/N` of one run but some `I` is missing or given twice.
    private static func missingShards(_ shards: [(source: String, label: String)]) -> [String] {
        var totals = Set<Int>()
        var seen: [Int: [String]] = [:]
        for (source, label) in shards {
            let parts = label.split(separator: "/")
            guard parts.count == 2, let index = Int(parts[0]), let total = Int(parts[1]) else { continue }
            totals.insert(total)
            seen[index, default: []].append(source)
        }
        guard totals.count == 1, let total = totals.first, total > 0 else {
            return totals.count > 1 ? ["the inputs are shards of runs split differently (\(totals.sorted().map { "of \($0)" }.joined(separator: ", ")))"] : []
        }
        var warnings: [String] = []
        let missing = (1...total).filter { seen[$0] == nil }
        if !missing.isEmpty {
            warnings.append("shard(s) \(missing.map { "\($0)/\(total)" }.joined(separator: ", ")) missing: the merged report covers part of the run")
        }
        for (index, sources) in seen.sorted(by: { $0.key < $1.key }) where Set(sources).count > 1 {
            warnings.append("shard \(index)/\(total) is in more than one input: \(Set(sources).sorted().joined(separator: ", "))")
        }
        return warnings
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

        var index: Int? {
            parts.lazy.compactMap { $0.property(JUnitRunProperty.suiteIndex).flatMap { Int($0.trimmingCharacters(in: .whitespaces)) } }.first
        }

        /// The combined suite and the planned case IDs that no part has.
        func merged() -> (JUnitSuite, [String]) {
            var properties: [JUnitProperty] = []
            var names = Set<String>()
            for property in parts.flatMap(\.properties) where property.name != JUnitRunProperty.shard && !names.contains(property.name) {
                names.insert(property.name)
                properties.append(property)
            }
            let unknown = Date(timeIntervalSince1970: 0)
            let timestamps = parts.map(\.timestamp)
            let timestamp = timestamps.filter { $0 != unknown }.min() ?? unknown
            let planned = properties.first { $0.name == JUnitRunProperty.cases }.map {
                $0.value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            } ?? []
            var position: [String: Int] = [:]
            for (offset, id) in planned.enumerated() where position[id] == nil { position[id] = offset }
            func place(_ testCase: JUnitCase) -> Int? {
                position[testCase.name] ?? testCase.name.split(separator: " ", maxSplits: 1).first.flatMap { position[String($0)] }
            }
            let all = parts.flatMap(\.cases)
            let cases = all.enumerated().sorted { left, right in
                switch (place(left.element), place(right.element)) {
                case let (l?, r?): return l != r ? l < r : left.offset < right.offset
                case (_?, nil): return true
                case (nil, _?): return false
                case (nil, nil): return left.offset < right.offset
                }
            }.map(\.element)
            let present = Set(all.compactMap(place))
            let missing = planned.enumerated().filter { !present.contains($0.offset) && position[$0.element] == $0.offset }.map(\.element)
            let suite = JUnitSuite(name: parts[0].name, timestamp: timestamp, time: parts.reduce(0) { $0 + $1.time },
                                   properties: properties, cases: cases)
            return (suite, missing)
        }
    }
}
