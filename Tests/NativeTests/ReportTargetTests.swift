#if canImport(Glibc)
import Glibc
#endif
import Foundation
import JUnitXML
import Testing

/// A report goes where the user asked, and never damages what is there instead: a symlink's target is
/// updated, a device or FIFO is written in place, and what cannot be written is an error naming the path.
@Suite(.serialized) struct ReportTargetTests {
    static let document = JUnitDocument(name: "t", suites: [JUnitSuite(name: "s", timestamp: Date(timeIntervalSince1970: 0), time: 0, properties: [], cases: [
        JUnitCase(classname: "s", name: "c", time: 0, outcome: .passed, systemOut: ""),
    ])])

    static func folder() throws -> String {
        let path = NSTemporaryDirectory() + "mamconf-targets-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func kind(_ path: String) -> mode_t {
        var status = stat()
        lstat(path, &status)
        return status.st_mode & S_IFMT
    }

    @Test func devNullStaysACharacterDevice() throws {
        try JUnitWriter.write(Self.document, to: URL(fileURLWithPath: "/dev/null"))
        #expect(Self.kind("/dev/null") == S_IFCHR)
        try JUnitWriter.checkWritable("/dev/null")
    }

    @Test func aSymlinksTargetIsUpdatedAndTheLinkStays() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: "\(folder)/real", withIntermediateDirectories: true)
        try "old".write(toFile: "\(folder)/real/report.xml", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: "\(folder)/link.xml", withDestinationPath: "real/report.xml")
        try JUnitWriter.write(Self.document, to: URL(fileURLWithPath: "\(folder)/link.xml"))
        #expect(Self.kind("\(folder)/link.xml") == S_IFLNK)
        #expect(try String(contentsOfFile: "\(folder)/real/report.xml", encoding: .utf8).contains("<testsuites"))
    }

    @Test func aFIFOIsWrittenInPlaceWhenSomeoneReadsIt() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fifo = "\(folder)/report.fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        #expect(reader >= 0)
        defer { close(reader) }
        try JUnitWriter.write(Self.document, to: URL(fileURLWithPath: fifo))
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        let count = read(reader, &buffer, buffer.count)
        #expect(count > 0)
        #expect(String(decoding: buffer.prefix(max(0, count)), as: UTF8.self).contains("<testsuites"))
        #expect(Self.kind(fifo) == S_IFIFO)
    }

    @Test func aFIFONobodyReadsIsAnErrorNotAHang() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fifo = "\(folder)/report.fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(throws: JUnitWriterError.unwritable(path: fifo, reason: "it is a FIFO nobody reads")) {
            try JUnitWriter.write(Self.document, to: URL(fileURLWithPath: fifo))
        }
        #expect(Self.kind(fifo) == S_IFIFO)
    }

    @Test(arguments: [("", "the path is empty"), ("/tmp", "it is a directory")])
    func whatCannotBeWrittenIsAnErrorNamingThePath(path: String, reason: String) {
        #expect(throws: JUnitWriterError.unwritable(path: path, reason: reason)) { try JUnitWriter.checkWritable(path) }
        if !path.isEmpty {
            #expect(throws: JUnitWriterError.unwritable(path: path, reason: reason)) { try JUnitWriter.write(Self.document, to: URL(fileURLWithPath: path)) }
        }
    }
}
