import Foundation
import Testing

/// Every module a target imports is one it declares in `Package.swift`: an import that works only because a
/// dependency happens to build the module (Yams' internal `CYaml` once) breaks the day that dependency
/// reorganises, and hides what the target really needs.
@Suite struct DeclaredImportsTests {
    /// Modules the toolchain provides to every target.
    static let toolchain: Set<String> = [
        "Foundation", "FoundationEssentials", "FoundationNetworking", "Dispatch", "Glibc", "Musl", "Darwin",
        "Synchronization", "Testing", "XCTest", "_Concurrency", "os",
    ]

    /// One target of the manifest: its name, its folder and the modules it may import (its dependencies,
    /// products named by their module).
    struct Target: CustomStringConvertible {
        var name: String
        var path: String
        var dependencies: Set<String>
        var description: String { name }
    }

    /// Reads the targets off `Package.swift`'s text: each `.target(`, `.executableTarget(`, `.testTarget(` or
    /// `.systemLibrary(` entry with its `name:`, `path:` and the quoted names in its `dependencies:`.
    static func targets(manifest: String) throws -> [Target] {
        let entry = try Regex(#"\.(target|executableTarget|testTarget|systemLibrary)\(\s*name:\s*"([^"]+)""#)
        let starts = manifest.matches(of: entry)
        var targets: [Target] = []
        for (index, match) in starts.enumerated() {
            let end = index + 1 < starts.count ? starts[index + 1].range.lowerBound : manifest.endIndex
            let body = manifest[match.range.lowerBound..<end]
            let kind = String(match.output[1].substring ?? "")
            let name = String(match.output[2].substring ?? "")
            var dependencies: Set<String> = []
            if let list = body.range(of: "dependencies:") {
                let tail = body[list.upperBound...]
                let closing = tail.range(of: "path:")?.lowerBound ?? tail.range(of: "exclude:")?.lowerBound ?? tail.endIndex
                for quoted in tail[..<closing].matches(of: try Regex(#""([^"]+)""#)) {
                    dependencies.insert(String(quoted.output[1].substring ?? ""))
                }
            }
            let pathMatch = body.firstMatch(of: try Regex(#"path:\s*"([^"]+)""#))
            let defaultFolder = kind == "testTarget" ? "Tests/\(name)" : "Sources/\(name)"
            let path = pathMatch.map { String($0.output[1].substring ?? "") } ?? defaultFolder
            targets.append(Target(name: name, path: path, dependencies: dependencies))
        }
        return targets
    }

    /// The modules a Swift file imports (`import X`, `@testable import X`, `import struct X.Y`, …). Left out: an
    /// import right under `#if canImport(X)` of the same module (the target builds without it), and lines inside
    /// multi-line string literals (Swift or Python source the tests write out).
    static func imports(in text: String) throws -> [(line: Int, module: String)] {
        let pattern = try Regex(#"^\s*(?:@[A-Za-z_]+(?:\([^)]*\))?\s+)*import\s+(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?([A-Za-z_][A-Za-z0-9_]*)"#)
        let guarded = try Regex(#"^\s*#(?:else)?if\s+canImport\(([A-Za-z_][A-Za-z0-9_]*)\)"#)
        var found: [(line: Int, module: String)] = []
        var inString = false
        var condition: String?
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let delimiters = line.ranges(of: "\"\"\"").count
            defer { if delimiters % 2 == 1 { inString.toggle() } }
            guard !inString, delimiters == 0 else { continue }
            if let match = line.firstMatch(of: guarded) {
                condition = String(match.output[1].substring ?? "")
                continue
            }
            defer { condition = nil }
            guard let match = line.firstMatch(of: pattern) else { continue }
            let module = String(match.output[1].substring ?? "")
            if module != condition { found.append((index + 1, module)) }
        }
        return found
    }

    @Test func everyImportedModuleIsADeclaredDependencyOfItsTarget() throws {
        let manifest = try String(contentsOfFile: "\(Repository.root)/Package.swift", encoding: .utf8)
        let targets = try Self.targets(manifest: manifest)
        #expect(targets.count > 20, "the manifest scan must see the targets (saw \(targets.count))")
        var undeclared: [String] = []
        var scanned = 0
        for target in targets {
            let folder = URL(fileURLWithPath: "\(Repository.root)/\(target.path)")
            guard let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { continue }
            for case let url as URL in files where url.pathExtension == "swift" {
                // Test data (adapters the tests build by path) is not part of the target.
                guard !url.path.contains("/Data/") else { continue }
                scanned += 1
                for (line, module) in try Self.imports(in: String(contentsOf: url, encoding: .utf8))
                where module != target.name && !Self.toolchain.contains(module) && !target.dependencies.contains(module) {
                    undeclared.append("\(url.path.replacingOccurrences(of: Repository.root + "/", with: "")):\(line): \(target.name) imports \(module)")
                }
            }
        }
        #expect(scanned > 300, "the scan must see the sources (saw \(scanned) files)")
        #expect(undeclared.isEmpty, "imports of modules the target does not declare:\n\(undeclared.joined(separator: "\n"))")
    }

    @Test(arguments: [
        ("import CYaml", "CYaml"),
        ("@testable import MamconfCLI", "MamconfCLI"),
        ("@_implementationOnly import CLibXML2", "CLibXML2"),
        ("import struct Foundation.Date", "Foundation"),
        ("  import Logging", "Logging"),
    ])
    func anImportIsReadInEveryForm(line: String, module: String) throws {
        #expect(try Self.imports(in: line).map(\.module) == [module])
    }

    @Test(arguments: [
        ("#if canImport(IntuneMAMSwift)\n@preconcurrency import IntuneMAMSwift\n#else\nimport ReferenceSDK\n#endif", ["ReferenceSDK"]),
        ("#if canImport(Glibc)\nimport Glibc\n#elseif canImport(Musl)\nimport Musl\n#endif\nimport Logging", ["Logging"]),
        ("#if canImport(Darwin)\nimport Yams\n#endif", ["Yams"]),
        ("let source = \"\"\"\n    import resource, subprocess\n    \"\"\"\nimport CurlHTTP", ["CurlHTTP"]),
    ])
    func importsTheTargetBuildsWithoutAreNotCounted(text: String, modules: [String]) throws {
        #expect(try Self.imports(in: text).map(\.module) == modules)
    }

    @Test func aTargetsDependenciesAreReadFromItsEntryOnly() throws {
        let manifest = """
            .target(name: "A", dependencies: ["B", .product(name: "Yams", package: "Yams")], path: "Sources/A"),
            .systemLibrary(name: "B", path: "Sources/B", pkgConfig: "b"),
            .testTarget(name: "ATests", dependencies: ["A"]),
            """
        let targets = try Self.targets(manifest: manifest)
        #expect(targets.map(\.name) == ["A", "B", "ATests"])
        #expect(targets[0].dependencies == ["B", "Yams"])
        #expect(targets[1].dependencies.isEmpty)
        #expect(targets[2].path == "Tests/ATests")
        #expect(targets[2].dependencies == ["A"])
    }
}
