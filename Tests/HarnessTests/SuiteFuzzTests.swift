#if canImport(Glibc)
import Glibc
#endif
import AdapterProtocol
import Foundation
import TestSupport
import MamconfCLI
import SuiteLoader
import Testing

/// Hundreds of seeded mutations of the bundled suites: whatever they contain, loading them never crashes or
/// hangs, and every problem is reported at a real position of the file (`mamconf validate` then exits 2).
@Suite(.serialized) struct SuiteFuzzTests {
    /// A seeded generator, so a failing variant can be reproduced from its seed.
    typealias Seeded = SplitMix64

    static let wrongValues = ["[1, 2]", "{a: 1}", "99999999999999999999999", "\"\"", "null", "true", "-1", "1e309", "$",
                              "$nobody", "inf", ".nan", "0x1F", "[[[[[[[[[[]]]]]]]]]]", String(repeating: "x", count: 100_000)]

    /// One mutation of a suite's bytes.
    static func mutate(_ original: [UInt8], _ random: inout Seeded) -> [UInt8] {
        var lines = String(decoding: original, as: UTF8.self).components(separatedBy: "\n")
        let index = Int.random(in: 0..<max(1, lines.count), using: &random)
        switch Int.random(in: 0..<13, using: &random) {
        case 0: lines.remove(at: index)
        case 1: lines.insert(lines[index], at: index)
        case 2:
            if let colon = lines[index].firstIndex(of: ":") {
                lines[index] = String(lines[index][...colon]) + " " + wrongValues.randomElement(using: &random)!
            }
        case 3: lines.insert("deep: " + String(repeating: "[", count: 400) + String(repeating: "]", count: 400), at: index)
        case 4: lines.insert("anchored: &a [x]\nused: *a", at: index)
        case 5: lines[index] = lines[index].replacingOccurrences(of: "  ", with: "\t")
        case 6: lines.swapAt(index, Int.random(in: 0..<lines.count, using: &random))
        case 7: lines[index] += " # " + String(repeating: "é", count: 50)
        case 8: lines.insert(String(repeating: " ", count: Int.random(in: 0...12, using: &random)) + "- do: app.launch", at: index)
        case 9: lines = Array(lines.prefix(index))
        default: break
        }
        var bytes = Array(lines.joined(separator: "\n").utf8)
        switch Int.random(in: 0..<8, using: &random) {
        case 0: bytes.insert(contentsOf: [0xC3, 0x28, 0xFF], at: Int.random(in: 0...bytes.count, using: &random))
        case 1: bytes.insert(0, at: Int.random(in: 0...bytes.count, using: &random))
        case 2: bytes.insert(contentsOf: [0xEF, 0xBB, 0xBF], at: 0)
        default: break
        }
        return bytes
    }

    @Test func hundredsOfMutatedSuitesNeverCrashAndReportRealPositions() throws {
        let (catalog, _) = RequirementCatalog.load(path: "\(Repository.suites)/requirements.yaml")
        let loader = SuiteLoader(fixturesDirectory: Repository.fixtures, catalog: catalog)
        let folder = NSTemporaryDirectory() + "mamconf-fuzz-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let originals = try SuiteFiles.bundled.map { [UInt8](try Data(contentsOf: URL(fileURLWithPath: $0))) }
        var random = Seeded(seed: 20261122)
        var withErrors = 0
        let variants = 400
        for number in 0..<variants {
            var bytes = originals[number % originals.count]
            for _ in 0...Int.random(in: 0..<3, using: &random) { bytes = Self.mutate(bytes, &random) }
            let path = "\(folder)/variant-\(number).yaml"
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let lineCount = bytes.filter { $0 == 0x0A }.count + 1
            let result = loader.load(paths: [path])
            if !result.errors.isEmpty { withErrors += 1 }
            for error in result.errors where error.location.file == path {
                #expect(error.location.line >= 1 && error.location.line <= lineCount && error.location.column >= 1,
                        "variant \(number): \(error) is outside the file (\(lineCount) lines)")
                #expect(!error.message.isEmpty)
            }
            try? FileManager.default.removeItem(atPath: path)
        }
        #expect(withErrors > variants / 2, "most mutations must be caught (\(withErrors) of \(variants))")
    }

    @Test func validatingAHostileSuiteFolderStaysInBoundedMemory() async throws {
        // A nine-level billion-laughs file beside 100 mutated suites, checked by the real binary in one process:
        // its peak memory (read from the kernel once it has ended) stays far below what expanding would take.
        let folder = NSTemporaryDirectory() + "mamconf-fuzz-memory-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var laughs = "suite: s\ntitle: t\nlol0: &l0 [lol]\n"
        for level in 1...9 { laughs += "lol\(level): &l\(level) [" + Array(repeating: "*l\(level - 1)", count: 9).joined(separator: ", ") + "]\n" }
        try laughs.write(toFile: "\(folder)/laughs.yaml", atomically: true, encoding: .utf8)
        let originals = try SuiteFiles.bundled.map { [UInt8](try Data(contentsOf: URL(fileURLWithPath: $0))) }
        var random = Seeded(seed: 99)
        for number in 0..<100 {
            try Data(Self.mutate(originals[number % originals.count], &random)).write(to: URL(fileURLWithPath: "\(folder)/v\(number).yaml"))
        }
        // The peak comes from the kernel (the children's ru_maxrss once validate has ended), measured by a small
        // Python parent: a child started by vfork, fork or posix_spawn from this test process would be charged the
        // test process's own peak at exec (Linux keeps the larger of the two), and that grows with the tests run before.
        let measure = """
            import resource, subprocess, sys
            code = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode
            print(code, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
            """
        let run = try await runCommand(["python3", "-c", measure, InterruptionTests.mamconf, "validate", "--suites-dir",
                                         Repository.suites, "--fixtures-dir", Repository.fixtures, folder], mergingStandardError: false)
        let figures = run.output.split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        try #require(figures.count == 2, "the measuring parent printed \(run.output)")
        let (status, peakKiB) = (figures[0], figures[1])
        #expect(status == 2, "validate exits 2 on the invalid files, was \(status)")
        #expect(peakKiB < 256 * 1024, "peak memory of validate: \(peakKiB / 1024) MiB")
    }

    @Test func theValidateCommandExitsTwoOnAMutatedSuite() async throws {
        let folder = NSTemporaryDirectory() + "mamconf-fuzz-cli-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var random = Seeded(seed: 7)
        var checked = 0
        for (index, file) in SuiteFiles.bundled.enumerated() {
            var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
            bytes.insert(contentsOf: Array("\nbogus: [".utf8), at: bytes.count)
            bytes = Self.mutate(bytes, &random)
            let path = "\(folder)/variant-\(index).yaml"
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let code = await Mamconf.run(["validate", "--suites-dir", Repository.suites, "--fixtures-dir", Repository.fixtures, path])
            #expect(code == 2, "\(path)")
            checked += 1
        }
        #expect(checked == SuiteFiles.bundled.count)
    }
}
