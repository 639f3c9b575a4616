import Foundation
import Testing

/// The reference SDK's tree shows its parts (issue 28): a reader finds a behaviour by folder, and
/// `docs/architecture.md` names those folders. A file dropped at the top, or a part renamed without the document,
/// would quietly make the tree and the map disagree.
@Suite struct ReferenceSDKTreeTests {
    static let root: URL = {
        var root = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { root.deleteLastPathComponent() }
        return root
    }()

    static let sdkFolder = root.appendingPathComponent("Sources/Reference/ReferenceSDK")

    /// The part folders the architecture document names: the backticked `Name/` words of its paragraph that begins
    /// "The reference SDK's folders".
    static func documentedParts() throws -> Set<String> {
        let text = try String(contentsOf: root.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        let paragraph = try #require(text.components(separatedBy: "\n\n").first { $0.hasPrefix("The reference SDK's folders") },
                                     "docs/architecture.md has no paragraph on the reference SDK's folders")
        let names = paragraph.matches(of: /`([A-Za-z]+)\/`/).map { String($0.output.1) }
        return Set(names)
    }

    /// The folders directly under the SDK's source folder, and the files lying beside them.
    static func topLevel() throws -> (folders: Set<String>, files: [String]) {
        var folders: Set<String> = []
        var files: [String] = []
        for entry in try FileManager.default.contentsOfDirectory(atPath: sdkFolder.path) {
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: sdkFolder.appendingPathComponent(entry).path, isDirectory: &isFolder)
            if isFolder.boolValue { folders.insert(entry) } else { files.append(entry) }
        }
        return (folders, files.sorted())
    }

    @Test func noSwiftFileLiesLooseAtTheTopOfTheReferenceSDK() throws {
        let loose = try Self.topLevel().files.filter { $0.hasSuffix(".swift") }
        #expect(loose.isEmpty, "put these in a part folder: \(loose)")
    }

    @Test func everyPartFolderTheArchitectureNamesExistsAndHoldsSwiftFiles() throws {
        let documented = try Self.documentedParts()
        #expect(documented.count >= 5, "the paragraph names the parts (found \(documented.sorted()))")
        for part in documented.sorted() {
            let folder = Self.sdkFolder.appendingPathComponent(part)
            let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
            #expect(files.contains { $0.hasSuffix(".swift") }, "docs/architecture.md names \(part)/, which holds no Swift file")
        }
    }

    @Test func everyPartFolderInTheTreeIsNamedByTheArchitecture() throws {
        let unnamed = try Self.topLevel().folders.subtracting(Self.documentedParts())
        #expect(unnamed.isEmpty, "docs/architecture.md does not name \(unnamed.sorted())")
    }
}
