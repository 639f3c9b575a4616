import Foundation
import Testing
import TestSupport

/// The Intune SDK releases' public headers, from the folder the environment variable `INTUNE_SDK` names (the same
/// variable `make check-binding` takes). `.ci/run` sets it only when the headers are next to the repository; a user's
/// clone has none, so the tests that read them skip there with the reason.
enum HeldIntuneSDK {
    static let root: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url
    }()

    /// The folder of release folders, when `INTUNE_SDK` names one that holds them.
    static let releases: URL? = {
        guard let path = ProcessInfo.processInfo.environment["INTUNE_SDK"], !path.isEmpty else { return nil }
        let folder = path.hasPrefix("/") ? URL(fileURLWithPath: path) : root.appendingPathComponent(path)
        return FileManager.default.fileExists(atPath: folder.appendingPathComponent("21.7.1").path) ? folder : nil
    }()

    static let skipReason: Comment = "needs INTUNE_SDK naming the Intune SDK releases' headers (.ci/run sets it when the SDK headers are checked out beside the clone)"
}

/// `make check-binding` (Tools/BindingCheck) against the Intune SDK releases `INTUNE_SDK` names: the binding shipped here type-checks against every one of them, and the check
/// does fail, against the right release, when the binding spells something the headers lack.
@Suite(.enabled(if: HeldIntuneSDK.releases != nil, HeldIntuneSDK.skipReason))
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

    /// `docs/intune-binding-symbols.md` lists what the headers give: every SDK symbol the binding resolves, with
    /// the releases that declare it (`Tools/BindingCheck/binding_symbols.py`).
    @Test func theSymbolListIsWhatTheHeadersGive() async throws {
        let releases = try #require(Self.releases)
        let script = Self.root.appendingPathComponent("Tools/BindingCheck/binding_symbols.py").path
        let run = try await runCommand(["python3", script, releases.path, "--check"])
        #expect(run.status == 0, "\(run.output)")
    }

    /// A copy of the binding with a misspelt selector in the account-ID spelling (16.0 on) and an argument of the
    /// wrong type in the UPN-era one (before 16.0): each is reported against the releases that compile it, and
    /// only those.
    @Test func aMisspeltSelectorAndAWrongArgumentTypeAreReportedAgainstTheReleasesThatCompileThem() async throws {
        let releases = try #require(Self.releases)
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("binding-check-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let binding = scratch.appendingPathComponent("IntuneBinding")
        let sdk = scratch.appendingPathComponent("sdk")
        try FileManager.default.createDirectory(at: sdk, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.root.appendingPathComponent("Sources/Reference/IntuneBinding"), to: binding)
        // The oldest and the newest release: one on each side of the account-ID API.
        for release in ["15.4.0", "21.7.1"] {
            try FileManager.default.createSymbolicLink(at: sdk.appendingPathComponent(release),
                                                       withDestinationURL: releases.appendingPathComponent(release))
        }
        let spelling = binding.appendingPathComponent("SDKSpelling.swift")
        var text = try String(contentsOf: spelling, encoding: .utf8)
        for (correct, broken) in [("manager.registeredAccountIds().compactMap", "manager.registeredAccountID().compactMap"),
                                  ("registerAndEnrollAccount(accountId)", "registerAndEnrollAccount(accountId.count)")] {
            #expect(text.components(separatedBy: correct).count == 2, "SDKSpelling.swift has one \(correct)")
            text = text.replacingOccurrences(of: correct, with: broken)
        }
        try text.write(to: spelling, atomically: true, encoding: .utf8)

        let run = try await Self.check(sdk, binding: binding)
        #expect(run.status == 1, "\(run.output)")
        let lines = run.output.split(separator: "\n").map(String.init)
        let misspelt = lines.filter { $0.contains("SDKSpelling.swift") && $0.contains("registeredAccountID") }
        let wrongType = lines.filter { $0.contains("SDKSpelling.swift") && $0.contains("'Int'") }
        #expect(misspelt.contains { $0.hasPrefix("[21.7.1] ") && $0.contains(": error: ") }, "\(run.output)")
        #expect(!misspelt.contains { $0.hasPrefix("[15.4.0] ") }, "\(run.output)")
        #expect(wrongType.contains { $0.hasPrefix("[15.4.0] ") && $0.contains(": error: ") }, "\(run.output)")
        #expect(!wrongType.contains { $0.hasPrefix("[21.7.1] ") }, "\(run.output)")
        #expect(lines.contains("check-binding: 15.4.0: FAILED") && lines.contains("check-binding: 21.7.1: FAILED"), "\(run.output)")
    }
}

/// What `make check-binding` cannot judge ends with status 2 and says why, before compiling anything.
@Suite struct BindingCheckRefusalTests {
    enum Layout: String, CaseIterable, Sendable {
        case missingFolder, emptyFolder, unnamedRelease
    }

    @Test(arguments: Layout.allCases)
    func aFolderWithoutAReleaseToCheckIsNothingToJudge(_ layout: Layout) async throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("binding-check-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        var sdk = scratch
        let expected: String
        switch layout {
        case .missingFolder:
            expected = "no such folder"
        case .emptyFolder:
            try FileManager.default.createDirectory(at: sdk, withIntermediateDirectories: true)
            expected = "no IntuneMAMSwift.framework in"
        case .unnamedRelease:
            sdk = scratch.appendingPathComponent("latest")
            try FileManager.default.createDirectory(at: sdk.appendingPathComponent("IntuneMAMSwift.framework"),
                                                    withIntermediateDirectories: true)
            expected = "cannot tell the release of"
        }
        let script = HeldIntuneSDK.root.appendingPathComponent("Tools/BindingCheck/check_binding.py").path
        let run = try await runCommand(["python3", script, sdk.path], environment: ProcessInfo.processInfo.environment
            .filter { $0.key != "INTUNE_SDK_VERSION" })
        #expect(run.status == 2, "\(run.output)")
        #expect(run.output.contains("check-binding: \(expected)"), "\(run.output)")
    }
}
