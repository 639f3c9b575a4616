import Foundation
import JUnitXML
import Testing

@Suite("JUnitWriter.write (atomic replace)")
struct JUnitAtomicWriteTests {
    private func makeDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mamconf-junit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    private func listing(_ directory: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    }

    @Test func replacesAnExistingFileAndLeavesNoTemporaryFile() throws {
        let directory = try makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let target = directory.appendingPathComponent("report.xml")
        try Data("old contents".utf8).write(to: target)

        let document = JUnitFixtures.document()
        try JUnitWriter.write(document, to: target)
        #expect(try Data(contentsOf: target) == JUnitWriter.render(document))
        #expect(try listing(directory) == ["report.xml"])

        try JUnitWriter.write(JUnitDocument(name: "second"), to: target)
        #expect(XMLElement.parse(try Data(contentsOf: target))?.attributes["name"] == "second")
        #expect(try listing(directory) == ["report.xml"])
    }

    @Test func aDirectoryInTheWayIsRefusedAndNothingIsLeftBehind() throws {
        let directory = try makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // A non-empty directory in the way: refused before any temporary file is made.
        let blocker = directory.appendingPathComponent("report.xml")
        try FileManager.default.createDirectory(at: blocker, withIntermediateDirectories: false)
        try Data("keep".utf8).write(to: blocker.appendingPathComponent("inside"))

        let error = #expect(throws: JUnitWriterError.self) { try JUnitWriter.write(JUnitFixtures.document(), to: blocker) }
        #expect(error == .unwritable(path: blocker.path, reason: "it is a directory"))
        #expect(try listing(directory) == ["report.xml"])
        #expect(try listing(blocker) == ["inside"])
    }

    @Test func missingDirectoryFailsWithoutCreatingAnything() throws {
        let directory = try makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let target = directory.appendingPathComponent("missing/report.xml")
        let error = #expect(throws: JUnitWriterError.self) { try JUnitWriter.write(JUnitFixtures.document(), to: target) }
        if case let .io(operation, _, code)? = error {
            #expect(operation == "open")
            #expect(code == ENOENT)
        }
        #expect(try listing(directory) == [])
    }
}
