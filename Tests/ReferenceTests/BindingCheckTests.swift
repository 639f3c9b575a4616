import Foundation
import Testing
import TestSupport

/// The Intune SDK releases' public headers next to the repository (`<repo>/../shared/data/intune-sdk-ios`), which a
/// clone without that neighbour lacks: the tests that read them skip there.
enum HeldIntuneSDK {
    static let root: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url
    }()

    /// The folder of release folders, when the repository has its neighbour.
    static let releases: URL? = {
        let folder = root.deletingLastPathComponent().appendingPathComponent("shared/data/intune-sdk-ios")
        return FileManager.default.fileExists(atPath: folder.appendingPathComponent("21.7.1").path) ? folder : nil
    }()
}

/// `make check-binding` (Tools/BindingCheck) against the Intune SDK releases held next to the repository, in
/// `../shared/data/intune-sdk-ios`: the binding shipped here type-checks against every one of them, and the check
/// does fail, against the right release, when the binding spells something the headers lack.
@Suite(.enabled(if: HeldIntuneSDK.releases != nil, "needs the Intune SDK headers in ../shared/data/intune-sdk-ios"))
struct BindingCheckTests {
    static var root: URL { HeldIntuneSDK.root }
    static var releases: URL? { HeldIntuneSDK.releases }

    static func check(_ sdk: URL, binding: URL? = nil) async throws -> (status: Int32, output: String) {
        var arguments = ["python3", root.appendingPathComponent("Tools/BindingCheck/check_binding.py").path, sdk.path]
        if let binding { arguments += ["--binding", binding.path] }
        return try await runCommand(arguments)
    }

    @Test func theBindingTypeChecksAgainstEveryReleaseHeld() async throws {
        let releases = try #require(Self.releases)
        let run = try await Self.check(releases)
        #expect(run.status == 0, "\(run.output)")
        for release in ["15.4.0", "17.5.0", "18.2.0", "19.7.14", "20.9.6", "21.7.1"] {
            #expect(run.output.contains("check-binding: \(release): type-checks"), "\(run.output)")
        }
    }
}
