import Foundation
import JUnitXML
import Testing

@Suite("JUnitWriter.writeDirectory (Surefire layout)")
struct JUnitDirectoryTests {
    private func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mamconf-junit-dir-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test func fileNamesAreSafeAndUniqueEvenWithoutCase() {
        #expect(JUnitWriter.fileNames(for: ["first-policy", "a/b c", "../up", "", "A/B C", "日本", "x.y_z"])
            == ["TEST-first-policy.xml", "TEST-a_b_c.xml", "TEST-.._up.xml", "TEST-_.xml", "TEST-A_B_C-2.xml", "TEST-__.xml", "TEST-x.y_z.xml"])
        #expect(JUnitWriter.fileNames(for: ["s", "s", "s"]) == ["TEST-s.xml", "TEST-s-2.xml", "TEST-s-3.xml"])
        let long = JUnitWriter.fileNames(for: [String(repeating: "n", count: 1000)])[0]
        #expect(long.utf8.count <= 255)
    }

    @Test func writesOneValidFilePerSuiteCreatingTheDirectory() throws {
        let base = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: base) }
        let directory = base.appendingPathComponent("reports/junit")
        var document = JUnitFixtures.everyKind()
        for s in document.suites.indices {
            for c in document.suites[s].cases.indices { document.suites[s].cases[c].attempts = [] }
        }
        let files = try JUnitWriter.writeDirectory(document, to: directory)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { !$0.hasPrefix(".") }.sorted()
            == ["TEST-policy.pin.xml", "TEST-policy.wipe.xml"])
        for (file, suite) in zip(files, document.suites) {
            let xml = try Data(contentsOf: file)
            #expect(xml == (try JUnitWriter.render(suite)))
            #expect(try SchemaFixtures.surefire().validate(xml) == [], "Surefire's root element is <testsuite>")
            #expect(try SchemaFixtures.junit10().validate(xml) == [])
            #expect(try SchemaFixtures.jenkins().validate(xml) == [])
        }
        let antDirectory = base.appendingPathComponent("ant")
        for file in try JUnitWriter.writeDirectory(JUnitFixtures.everyKind(), to: antDirectory, dialect: .ant) {
            #expect(try JUnitSchemaValidator(xsdPath: SchemaFixtures.path("JUnit.xsd")).validate(Data(contentsOf: file)) == [])
        }
    }

    @Test func reportFilesOfAnEarlierRunAreRemovedAndOtherFilesKept() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try JUnitWriter.writeDirectory(JUnitDocument(name: "old", suites: [JUnitSuite(name: "gone"), JUnitSuite(name: "kept")]), to: directory)
        try Data("notes".utf8).write(to: directory.appendingPathComponent("notes.txt"))
        try Data("x".utf8).write(to: directory.appendingPathComponent("TEST-gone.txt"))
        try JUnitWriter.writeDirectory(JUnitDocument(name: "new", suites: [JUnitSuite(name: "kept")]), to: directory)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { !$0.hasPrefix(".") }.sorted()
            == ["TEST-gone.txt", "TEST-kept.xml", "notes.txt"])
        #expect(try JUnitReader.read(path: directory.path).suites.map(\.name) == ["kept"])
    }

    @Test func reportFilesAnotherToolWroteAreNeitherRemovedNorReplaced() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let foreign = Data("<testsuite name=\"theirs\"/>".utf8)
        try foreign.write(to: directory.appendingPathComponent("TEST-theirs.xml"))
        try JUnitWriter.writeDirectory(JUnitDocument(name: "run", suites: [JUnitSuite(name: "ours")]), to: directory)
        #expect(try Data(contentsOf: directory.appendingPathComponent("TEST-theirs.xml")) == foreign, "another tool's report is kept")

        // A suite whose file name another tool's report has: refused, and nothing of this run is written.
        let clash = JUnitDocument(name: "run", suites: [JUnitSuite(name: "first"), JUnitSuite(name: "theirs")])
        let error = #expect(throws: JUnitWriterError.self) { try JUnitWriter.writeDirectory(clash, to: directory) }
        let path = directory.appendingPathComponent("TEST-theirs.xml").path
        #expect(error == .unwritable(path: path, reason: "mamconf's --junit-dir did not write this file (another tool's report, "
            + "or the --junit report?), so it is neither replaced nor removed; remove it, or give --junit-dir a directory of its own"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == foreign)
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("TEST-first.xml").path))
    }

    @Test func aReportFileChangedSinceMamconfWroteItIsNoLongerMamconfsToRemove() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try JUnitWriter.writeDirectory(JUnitDocument(name: "old", suites: [JUnitSuite(name: "gone"), JUnitSuite(name: "edited")]), to: directory)
        let edited = Data("<testsuite name=\"edited by hand\"/>".utf8)
        try edited.write(to: directory.appendingPathComponent("TEST-edited.xml"))
        try JUnitWriter.writeDirectory(JUnitDocument(name: "new", suites: [JUnitSuite(name: "kept")]), to: directory)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { !$0.hasPrefix(".") }.sorted()
            == ["TEST-edited.xml", "TEST-kept.xml"])
        #expect(try Data(contentsOf: directory.appendingPathComponent("TEST-edited.xml")) == edited)
    }

    @Test func aSymbolicLinkWhereAReportGoesIsNotFollowed() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let target = directory.appendingPathComponent("precious.txt")
        try Data("keep me".utf8).write(to: target)
        try FileManager.default.createSymbolicLink(atPath: directory.appendingPathComponent("TEST-s.xml").path, withDestinationPath: target.path)
        #expect(throws: JUnitWriterError.self) { try JUnitWriter.writeDirectory(JUnitDocument(name: "run", suites: [JUnitSuite(name: "s")]), to: directory) }
        #expect(try String(contentsOf: target, encoding: .utf8) == "keep me")
    }

    @Test func aFileInTheWayOfTheDirectoryIsRefused() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("junit")
        try Data("x".utf8).write(to: file)
        let error = #expect(throws: JUnitWriterError.self) { try JUnitWriter.writeDirectory(JUnitFixtures.everyKind(), to: file) }
        #expect(error == .unwritable(path: file.path, reason: "it is not a directory"))
    }
}
