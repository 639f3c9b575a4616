import Foundation
import Testing

/// The folders of the larger modules are the parts `docs/architecture.md` names ("Inside the larger modules"), so
/// the tree and the page cannot drift apart: a new folder is named there, a renamed one is renamed there, and no
/// Swift file sits loose beside the parts.
@Suite struct ModuleLayoutTests {
    /// One bullet of the section: a module and the folder names (`Name/`) it lists.
    struct Layout: CustomStringConvertible {
        var module: String
        var folders: Set<String>
        var description: String { module }
    }

    static func layouts(in page: String) throws -> [Layout] {
        guard let start = page.range(of: "### Inside the larger modules") else { return [] }
        let section = page[start.upperBound...]
        let end = section.range(of: "\n## ")?.lowerBound ?? section.endIndex
        var layouts: [Layout] = []
        let folder = try Regex(#"`([A-Za-z][A-Za-z0-9+]*)/`"#)
        let bullet = try Regex(#"^- `([A-Za-z]+)`:"#)
        for line in section[..<end].split(separator: "\n") {
            if let match = line.firstMatch(of: bullet) {
                layouts.append(Layout(module: String(match.output[1].substring ?? ""), folders: []))
            }
            guard !layouts.isEmpty else { continue }
            for match in line.matches(of: folder) { layouts[layouts.count - 1].folders.insert(String(match.output[1].substring ?? "")) }
        }
        return layouts
    }

    /// Where a module's sources are: `Sources/<group>/<module>`.
    static func folder(of module: String) -> URL? {
        let sources = URL(fileURLWithPath: "\(Repository.root)/Sources")
        let groups = (try? FileManager.default.contentsOfDirectory(atPath: sources.path)) ?? []
        return groups.map { sources.appendingPathComponent($0).appendingPathComponent(module) }
            .first { FileManager.default.fileExists(atPath: $0.path) }
    }

    static var documented: [Layout] {
        let page = (try? String(contentsOfFile: "\(Repository.root)/docs/architecture.md", encoding: .utf8)) ?? ""
        return (try? layouts(in: page)) ?? []
    }

    @Test func thePageNamesTheLayoutOfTheMockAtLeast() {
        #expect(Self.documented.map(\.module).contains("MockMAMService"), "\(Self.documented)")
    }

    @Test(arguments: documented)
    func everyFolderOfTheModuleIsNamedOnThePageAndEveryFileIsInOne(layout: Layout) throws {
        let root = try #require(Self.folder(of: layout.module), "no Sources/*/\(layout.module)")
        let entries = try FileManager.default.contentsOfDirectory(atPath: root.path)
        let loose = entries.filter { $0.hasSuffix(".swift") }
        #expect(loose.isEmpty, "Swift files outside the parts of \(layout.module): \(loose.sorted())")
        var folders: Set<String> = []
        let walker = try #require(FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isDirectoryKey]))
        for case let url as URL in walker where (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true {
            folders.insert(url.lastPathComponent)
        }
        #expect(folders.subtracting(layout.folders).isEmpty, "folders of \(layout.module) the page does not name: \(folders.subtracting(layout.folders).sorted())")
        #expect(layout.folders.subtracting(folders).isEmpty, "folders the page names that \(layout.module) does not have: \(layout.folders.subtracting(folders).sorted())")
    }

    @Test func aBulletListsItsFoldersAcrossWrappedLines() throws {
        let page = """
            ### Inside the larger modules

            - `A`: `One/` (with `Inner/`), and
              `Two/`.
            - `B`: `Three/`.

            ## Next
            - `C`: `Four/`.
            """
        let layouts = try Self.layouts(in: page)
        #expect(layouts.map(\.module) == ["A", "B"])
        #expect(layouts.first?.folders == ["One", "Inner", "Two"])
        #expect(layouts.last?.folders == ["Three"])
    }
}
