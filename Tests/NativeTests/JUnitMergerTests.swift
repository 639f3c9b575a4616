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

    @Test func aMissingShardOrPlannedCaseIsAWarningNotAnError() throws {
        let result = try JUnitMerger.merge([ShardFixtures.shards()[0]])
        #expect(result.warnings == [
            "shard(s) 2/2 missing: the merged report covers part of the run",
            "suite alpha: 1 planned case(s) are in no input: a2",
            "suite beta: 1 planned case(s) are in no input: b1",
        ])
        #expect(result.document.suites.map { $0.cases.map(\.name) } == [["a1", "a3"], ["b2"]])
    }

    @Test func suitesAndCasesWithoutRunPropertiesFollowTheKnownOnesInInputOrder() throws {
        var inputs = ShardFixtures.shards()
        inputs[0].document.suites.insert(JUnitSuite(name: "foreign", cases: [JUnitCase(classname: "f", name: "z"), JUnitCase(classname: "f", name: "y")]), at: 0)
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
