import Foundation
import JUnitXML
import Testing

/// Shard reports as mamconf writes them: every suite carries the run properties of ``JUnitRunProperty``.
enum ShardFixtures {
    static let digest = "sha256:1f2e3d"

    static func suite(_ name: String, index: Int?, planned: [String], cases: [String], shard: String?, digest: String = digest,
                      start: TimeInterval = 0, time: Double = 1) -> JUnitSuite {
        var properties = [JUnitProperty(name: "requirements", value: "ENR-01")]
        properties.append(JUnitProperty(name: JUnitRunProperty.suitesDigest, value: digest))
        if let index { properties.append(JUnitProperty(name: JUnitRunProperty.suiteIndex, value: String(index))) }
        properties.append(JUnitProperty(name: JUnitRunProperty.cases, value: planned.joined(separator: ",")))
        if let shard { properties.append(JUnitProperty(name: JUnitRunProperty.shard, value: shard)) }
        return JUnitSuite(name: name, timestamp: JUnitFixtures.timestamp.addingTimeInterval(start), time: time, properties: properties,
                          cases: cases.map { JUnitCase(classname: name, name: $0, time: 0.5) })
    }

    /// A run of two suites (alpha: a1 a2 a3, beta: b1 b2) split in two shards, each listing its suites in the
    /// order it ran them.
    static func shards() -> [JUnitMerger.Input] {
        let one = JUnitDocument(name: "mamconf", suites: [
            suite("alpha", index: 0, planned: ["a1", "a2", "a3"], cases: ["a3", "a1"], shard: "1/2", start: 30, time: 2),
            suite("beta", index: 1, planned: ["b1", "b2"], cases: ["b2"], shard: "1/2", start: 40),
        ])
        let two = JUnitDocument(name: "mamconf", suites: [
            suite("beta", index: 1, planned: ["b1", "b2"], cases: ["b1"], shard: "2/2", start: 10),
            suite("alpha", index: 0, planned: ["a1", "a2", "a3"], cases: ["a2"], shard: "2/2", start: 20, time: 3),
        ])
        return [JUnitMerger.Input(source: "shard-1.xml", document: one), JUnitMerger.Input(source: "shard-2.xml", document: two)]
    }
}

@Suite("JUnitMerger")
struct JUnitMergerTests {
    @Test func shardsMergeIntoTheOrderOfTheUnshardedRun() throws {
        let result = try JUnitMerger.merge(ShardFixtures.shards())
        #expect(result.warnings == [])
        let document = result.document
        #expect(document.name == "mamconf")
        #expect(document.suites.map(\.name) == ["alpha", "beta"])
        #expect(document.suites[0].cases.map(\.name) == ["a1", "a2", "a3"])
        #expect(document.suites[1].cases.map(\.name) == ["b1", "b2"])
    }

    @Test func suiteTimesAreSummedTheEarliestTimestampKeptAndTheShardPropertyDropped() throws {
        let document = try JUnitMerger.merge(ShardFixtures.shards()).document
        #expect(document.suites[0].time == 5)
        #expect(document.suites[0].timestamp == JUnitFixtures.timestamp.addingTimeInterval(20))
        #expect(document.suites[1].timestamp == JUnitFixtures.timestamp.addingTimeInterval(10))
        #expect(document.suites[0].properties.map(\.name) == ["requirements", "suites.digest", "suite.index", "cases"])
        #expect(document.suites.allSatisfy { $0.property(JUnitRunProperty.shard) == nil })
    }

    @Test func theMergedReportIsValidAgainstAllThreeSchemas() throws {
        let xml = try JUnitWriter.render(JUnitMerger.merge(ShardFixtures.shards()).document)
        #expect(try SchemaFixtures.allSchemaErrors(xml) == [])
    }

    @Test func reportsOfDifferentSuitesAreRefusedNamingBothFilesAndDigests() throws {
        var inputs = ShardFixtures.shards()
        inputs[1].document.suites[1] = ShardFixtures.suite("alpha", index: 0, planned: ["a1"], cases: ["a2"], shard: "2/2", digest: "sha256:999")
        let error = #expect(throws: JUnitMergeError.self) { try JUnitMerger.merge(inputs) }
        #expect(error?.description == "shard-2.xml was made from different suites (digest sha256:999) than shard-1.xml (digest sha256:1f2e3d); "
            + "rerun the shards from the same commit")
    }

    @Test func aCaseInTwoInputsIsRefusedNamingBothFiles() throws {
        var inputs = ShardFixtures.shards()
        inputs[1].document.suites[0].cases.append(JUnitCase(classname: "beta", name: "b2"))
        let error = #expect(throws: JUnitMergeError.self) { try JUnitMerger.merge(inputs) }
        #expect(error == .duplicateCase(suite: "beta", classname: "beta", name: "b2", firstSource: "shard-1.xml", source: "shard-2.xml"))
        #expect(error?.description.hasPrefix("case beta/b2 is in both shard-1.xml and shard-2.xml; ") == true)
    }

    @Test func aMissingShardIsRefusedNamingItAndTheWayToMergeAnyway() throws {
        let error = #expect(throws: JUnitMergeError.self) { try JUnitMerger.merge([ShardFixtures.shards()[0]]) }
        #expect(error?.description == "shard 2/2 is missing: the merged report would show part of the run as all of it; "
            + "merge the report of every shard, or pass --allow-missing-shards to write it marked incomplete")
        let four = (1...4).map { index in
            JUnitMerger.Input(source: "shard-\(index).xml", document: JUnitDocument(name: "mamconf", suites: [
                ShardFixtures.suite("s", index: 0, planned: ["c1", "c2", "c3", "c4"], cases: ["c\(index)"], shard: "\(index)/4"),
            ]))
        }
        let two = #expect(throws: JUnitMergeError.self) { try JUnitMerger.merge([four[2], four[0]]) }
        #expect(two?.description.hasPrefix("shards 2/4, 4/4 are missing: ") == true, "\(String(describing: two))")
    }

    @Test func theStandInSuiteOfAShardThatRanNoCaseCountsItAndIsDropped() throws {
        // Three cases in four shards: shard 4 runs none, and its report holds only a suite without cases.
        let three = (1...3).map { index in
            JUnitMerger.Input(source: "shard-\(index).xml", document: JUnitDocument(name: "mamconf", suites: [
                ShardFixtures.suite("s", index: 0, planned: ["c1", "c2", "c3"], cases: ["c\(index)"], shard: "\(index)/4"),
            ]))
        }
        let empty = JUnitMerger.Input(source: "shard-4.xml", document: JUnitDocument(name: "mamconf", suites: [
            ShardFixtures.suite(JUnitRunProperty.emptyShard, index: nil, planned: [], cases: [], shard: "4/4"),
        ]))
        let merged = try JUnitMerger.merge(three + [empty])
        #expect(merged.document.suites.map { $0.cases.map(\.name) } == [["c1", "c2", "c3"]])
        #expect(merged.warnings == [])
        #expect(throws: JUnitMergeError.self, "without its report, shard 4 is missing") { try JUnitMerger.merge(three) }
    }

    @Test func plannedCasesInNoInputAreRefusedEvenWhenEveryShardIsThere() throws {
        var inputs = ShardFixtures.shards()
        inputs[1].document.suites[1].cases.removeAll()
        let error = #expect(throws: JUnitMergeError.self) { try JUnitMerger.merge(inputs) }
        #expect(error?.description == "planned case alpha/a2 is in no input: the merged report would show part of the run as all of it; "
            + "merge the report of every shard, or pass --allow-missing-shards to write it marked incomplete")
    }

    @Test func allowedMissingShardsAndCasesBecomeErrorCasesSoEveryReaderShowsTheRunRed() throws {
        let result = try JUnitMerger.merge([ShardFixtures.shards()[0]], allowMissingShards: true)
        let document = result.document
        #expect(document.suites.map(\.name) == ["alpha", "beta", JUnitMerger.incompleteSuite])
        #expect(document.suites[0].cases.map(\.name) == ["a1", "a2", "a3"], "a planned case in no input keeps its place")
        #expect(document.suites[0].cases[1].outcome == .error(
            message: "not in any merged report (shard 2/2 is missing)", type: "NotRun",
            details: "alpha/a2 is planned in the run but none of the merged reports holds it: shard-1.xml"))
        #expect(document.suites[1].cases.map(\.name) == ["b1", "b2"])
        #expect(document.suites[2].cases == [JUnitCase(classname: JUnitMerger.incompleteSuite, name: "shard 2/2", outcome: .error(
            message: "shard 2/2 is missing from the merged report: its cases were not judged", type: "MissingShard",
            details: "merged from shard-1.xml (shard 1/2); the report of shard 2/2 was not given to mamconf merge"))])
        #expect(document.errors == 3)
        #expect(result.warnings == ["the merged report is incomplete: shard 2/2 is missing, 2 planned case(s) are in no input; each is an <error> case"])
        #expect(try SchemaFixtures.allSchemaErrors(JUnitWriter.render(document)) == [])
    }

    @Test func aCompleteRunMergesWithoutErrorCasesWhenMissingShardsAreAllowed() throws {
        let allowed = try JUnitMerger.merge(ShardFixtures.shards(), allowMissingShards: true)
        #expect(allowed == (try JUnitMerger.merge(ShardFixtures.shards())))
        #expect(allowed.document.errors == 0)
    }

    @Test func theSameReportTwiceIsRefused() throws {
        let shards = ShardFixtures.shards()
        let error = #expect(throws: JUnitMergeError.self) { try JUnitMerger.merge([shards[0], shards[1], shards[0]]) }
        #expect(error == .sameInput(source: "shard-1.xml", other: "shard-1.xml"))
        #expect(error?.description == "shard-1.xml is given twice; each shard's report must be merged once")
        #expect(JUnitMergeError.sameInput(source: "a/shard-1.xml", other: "./a/shard-1.xml").description
            == "a/shard-1.xml and ./a/shard-1.xml are the same report; each shard's report must be merged once")
    }

    @Test func aCaseTwiceInOneInputIsRefused() throws {
        var inputs = ShardFixtures.shards()
        inputs[0].document.suites[0].cases.append(JUnitCase(classname: "alpha", name: "a1"))
        let error = #expect(throws: JUnitMergeError.self) { try JUnitMerger.merge(inputs) }
        #expect(error == .duplicateCase(suite: "alpha", classname: "alpha", name: "a1", firstSource: "shard-1.xml", source: "shard-1.xml"))
        #expect(error?.description == "case alpha/a1 is twice in shard-1.xml; each case must be in the merged reports once")
    }

    @Test func aShardInTwoInputsIsRefused() throws {
        var inputs = ShardFixtures.shards()
        inputs.append(JUnitMerger.Input(source: "again.xml", document: JUnitDocument(name: "mamconf", suites: [
            ShardFixtures.suite("alpha", index: 0, planned: ["a1", "a2", "a3"], cases: [], shard: "2/2"),
        ])))
        let error = #expect(throws: JUnitMergeError.self) { try JUnitMerger.merge(inputs) }
        #expect(error?.description == "shard 2/2 is in both shard-2.xml and again.xml; were two shards run with the same shard number?")
    }

    @Test func aReportWithoutADigestBesideOneWithADigestIsRefused() throws {
        var inputs = ShardFixtures.shards()
        for s in inputs[1].document.suites.indices {
            inputs[1].document.suites[s].properties.removeAll { $0.name == JUnitRunProperty.suitesDigest }
        }
        let error = #expect(throws: JUnitMergeError.self) { try JUnitMerger.merge(inputs) }
        #expect(error?.description == "shard-2.xml has no suites.digest but shard-1.xml has one (sha256:1f2e3d): "
            + "every report must come from a mamconf run of the same suites; rerun the shards from the same commit")
        inputs = ShardFixtures.shards()
        inputs[0].document.suites[1].properties.removeAll { $0.name == JUnitRunProperty.suitesDigest }
        let within = #expect(throws: JUnitMergeError.self) { try JUnitMerger.merge(inputs) }
        #expect(within?.description.hasPrefix("shard-1.xml has suites without suites.digest beside suites with one (sha256:1f2e3d): ") == true,
                "\(String(describing: within))")
    }

    @Test func shardsOfRunsSplitDifferentlyAreRefused() throws {
        var inputs = ShardFixtures.shards()
        for s in inputs[1].document.suites.indices {
            inputs[1].document.suites[s].properties = inputs[1].document.suites[s].properties.map {
                $0.name == JUnitRunProperty.shard ? JUnitProperty(name: $0.name, value: "2/3") : $0
            }
        }
        let error = #expect(throws: JUnitMergeError.self) { try JUnitMerger.merge(inputs) }
        #expect(error?.description == "shard-2.xml is shard 2/3 but shard-1.xml is shard 1/2: they come from runs split differently")
    }

    /// Shard labels no run writes: totals that would make the merge enumerate or allocate without bound,
    /// indices outside the total, and text that is no label at all (shown cut in the message).
    static let hostileShardLabels: [String] = [
        "1/9223372036854775807", "1/300000000", "1/10001", "0/2", "3/2", "1/0", "-1/2", "x/2", "1/2/3", "1/", " 1/2",
        String(repeating: "9", count: 200_000) + "/1", "1/" + String(repeating: "9", count: 200_000),
    ]

    @Test(arguments: hostileShardLabels)
    func aShardLabelThatIsNotIOfAtMostTenThousandIsRefusedAtOnce(label: String) throws {
        let input = JUnitMerger.Input(source: "shard.xml", document: JUnitDocument(name: "mamconf", suites: [
            ShardFixtures.suite("alpha", index: 0, planned: ["a1"], cases: ["a1"], shard: label),
        ]))
        let error = #expect(throws: JUnitMergeError.self) { try JUnitMerger.merge([input], allowMissingShards: true) }
        let shown = label.count > 40 ? String(label.prefix(40)) + "…" : label
        #expect(error?.description == "shard.xml: shard '\(shown)' is not I/N with 1 ≤ I ≤ N ≤ \(JUnitMerger.shardLimit)")
    }

    @Test func suitesAndCasesWithoutRunPropertiesFollowTheKnownOnesInInputOrder() throws {
        var inputs = ShardFixtures.shards()
        // Without an index or planned cases; the digest stays, a report without one beside others is refused.
        let digest = JUnitProperty(name: JUnitRunProperty.suitesDigest, value: ShardFixtures.digest)
        inputs[0].document.suites.insert(JUnitSuite(name: "foreign", properties: [digest],
                                                    cases: [JUnitCase(classname: "f", name: "z"), JUnitCase(classname: "f", name: "y")]), at: 0)
        inputs[1].document.suites[1].cases.insert(JUnitCase(classname: "alpha", name: "unplanned"), at: 0)
        // A case named by its ID and a title is still found in the planned list.
        inputs[1].document.suites[1].cases[1].name = "a2 the second case"
        let document = try JUnitMerger.merge(inputs).document
        #expect(document.suites.map(\.name) == ["alpha", "beta", "foreign"])
        #expect(document.suites[0].cases.map(\.name) == ["a1", "a2 the second case", "a3", "unplanned"])
        #expect(document.suites[2].cases.map(\.name) == ["z", "y"])
    }

    @Test func inputsWithoutDigestsMergeAndNothingIsNoInput() throws {
        let plain = JUnitDocument(name: "", suites: [JUnitSuite(name: "s", cases: [JUnitCase(classname: "c", name: "1")])])
        let other = JUnitDocument(name: "second", suites: [JUnitSuite(name: "s", cases: [JUnitCase(classname: "c", name: "2")])])
        let merged = try JUnitMerger.merge([.init(source: "a.xml", document: plain), .init(source: "b.xml", document: other)])
        #expect(merged.document.name == "second", "the first name that is not empty")
        #expect(merged.document.suites.map { $0.cases.map(\.name) } == [["1", "2"]])
        #expect(throws: JUnitMergeError.noInputs) { try JUnitMerger.merge([]) }
    }
}
