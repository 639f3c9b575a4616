import Foundation
@testable import ReferenceSDK
import Testing

/// ``StateFileWriter``: a state file is replaced whole or not at all, is the user's alone, and leaves no
/// temporary file behind, whether the write succeeded or not.
@Suite struct StateFileWriterTests {
    /// A fresh directory per test.
    struct Folder {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("state-file-writer-\(UUID().uuidString)", isDirectory: true)

        init() throws { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }

        var entries: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted() }

        func tearDown() { try? FileManager.default.removeItem(at: url) }
    }

    @Test("a new file gets the data, mode 0600 and no temporary file beside it")
    func writesNewFile() throws {
        let folder = try Folder()
        defer { folder.tearDown() }
        let file = folder.url.appendingPathComponent("state.json")
        try StateFileWriter.replace(file, with: Data("{\"a\":1}".utf8))
        #expect(try Data(contentsOf: file) == Data("{\"a\":1}".utf8))
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(folder.entries == ["state.json"])
    }

    @Test("a destination worked out once replaces the file again and again, and sees it come and go")
    func destinationReplacesRepeatedly() throws {
        let folder = try Folder()
        defer { folder.tearDown() }
        let file = folder.url.appendingPathComponent("sdk/state.json")
        let destination = StateFileWriter.Destination(file)
        #expect(!destination.exists)
        for round in 1...3 {
            try StateFileWriter.replace(destination, with: Data("{\"round\":\(round)}".utf8))
            #expect(try Data(contentsOf: file) == Data("{\"round\":\(round)}".utf8))
        }
        #expect(destination.exists)
        #expect(try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path) == ["state.json"])
        try FileManager.default.removeItem(at: file)
        #expect(!destination.exists)
    }

    @Test("an existing file readable by others is replaced whole and becomes the user's alone")
    func replacesExistingFile() throws {
        let folder = try Folder()
        defer { folder.tearDown() }
        let file = folder.url.appendingPathComponent("app.json")
        try Data(String(repeating: "old ", count: 1000).utf8).write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.path)
        try StateFileWriter.replace(file, with: Data("new".utf8))
        #expect(try Data(contentsOf: file) == Data("new".utf8))
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(folder.entries == ["app.json"])
    }

    @Test("a missing folder is created, with its parents, before the file is written")
    func createsMissingFolder() throws {
        let folder = try Folder()
        defer { folder.tearDown() }
        let file = folder.url.appendingPathComponent("sdk/deeper/state.json")
        try StateFileWriter.replace(file, with: Data("{}".utf8))
        #expect(try Data(contentsOf: file) == Data("{}".utf8))
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path)) ?? []) == ["state.json"])
    }

    /// Targets that cannot be written: the failing call is named, and nothing is left in the folder.
    @Test("a target that cannot be written fails with the call that failed and leaves the folder as it was",
          arguments: [
              (target: "plain/state.json", operation: "create a temporary file for"),
              (target: "folder", operation: "rename"),
          ])
    func failureLeavesNothing(target: String, operation: String) throws {
        let folder = try Folder()
        defer { folder.tearDown() }
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("folder"),
                                                withIntermediateDirectories: false)
        try Data("a file, not a folder".utf8).write(to: folder.url.appendingPathComponent("plain"))
        let url = folder.url.appendingPathComponent(target)
        let failure = #expect(throws: StateFileWriter.Failure.self) {
            try StateFileWriter.replace(url, with: Data("x".utf8))
        }
        #expect(failure?.operation == operation)
        #expect(failure?.path == url.path)
        #expect(failure?.code != 0)
        #expect(folder.entries == ["folder", "plain"])
    }

    @Test("a folder that cannot be created fails naming that step, with the system's reason")
    func uncreatableFolderFails() {
        // procfs refuses new directories even to root.
        let url = URL(fileURLWithPath: "/proc/self/mamconf-\(UUID().uuidString)/state.json")
        let failure = #expect(throws: StateFileWriter.Failure.self) {
            try StateFileWriter.replace(url, with: Data("x".utf8))
        }
        #expect(failure?.operation == "create the folder of")
        #expect(failure?.path == url.path)
        #expect(failure?.code != 0)
    }
}
