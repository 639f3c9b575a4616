import AdapterProtocol
import AdapterKit
import Foundation
import ReferenceApp
import ReferenceSDK
import Testing
import TestSupport

@Suite("Reference app command line")
struct ReferenceAppCommandLineTests {
    @Test("every SDK and app defect is a mutant with a kebab-case name and requirement IDs")
    func mutantRegistry() {
        let names = ReferenceMutant.all.map(\.name)
        #expect(names.count == SDKDefect.allCases.count + AppDefect.allCases.count)
        #expect(Set(names).count == names.count)
        for name in ["no-restart-request", "restart-dialog-despite-app-restart", "restart-on-every-check-in",
                     "pin-only-at-setup", "untargeted-becomes-managed", "unlicensed-reported-as-untargeted",
                     "restart-after-launch-enrollment", "no-periodic-check-in", "sign-out-without-deregister",
                     "wipe-callback-skipped", "wipe-callback-gets-upn", "false-return-ignored", "wipe-despite-no-wipe",
                     "tokens-dropped-before-deregister", "retry-after-deregister", "admin-wipe-ignored",
                     "unenroll-not-reported", "policy-kept-after-unenroll", "registration-kept-after-deregister",
                     "retry-after-one-hour", "retries-continue-after-enrollment", "telemetry-despite-disabled",
                     "duplicate-enrollment-status", "case-sensitive-identities", "missing-accounts-not-registered",
                     "policy-required-not-enforced", "absent-policy-not-warned", "login-without-prompt",
                     "auto-enroll-prompts-without-policy-required", "enrollment-deferred-to-retry"] {
            #expect(ReferenceMutant.named(name) != nil, "missing mutant \(name)")
        }
        for mutant in ReferenceMutant.all {
            #expect(mutant.name.allSatisfy { $0.isLowercase || $0 == "-" })
            #expect(!mutant.requirementIDs.isEmpty)
            #expect(mutant.listingLine.split(separator: "\t").count == 3)
        }
        #expect(ReferenceMutant.named("sign-out-without-deregister")?.appDefects == [.signOutWithoutDeregister])
        #expect(ReferenceMutant.named("no-restart-request")?.sdkDefects == [.noRestartRequest])
        #expect(ReferenceMutant.named("tokens-dropped-before-deregister")?.appDefects == [.tokensDroppedBeforeDeregister])
        #expect(ReferenceMutant.named("wipe-callback-gets-upn")?.requirementIDs == ["WIP-04", "WIP-10"])
    }

    @Test("flags parse; unknown mutants, capabilities and arguments are refused")
    func parsing() throws {
        let options = try ReferenceOptions.parse(["--mutant", "pin-only-at-setup", "--disable-capability", "ui.prompts",
                                                  "--disable-capability=app.restart", "--line-limit", "4096"])
        #expect(options.mutant?.name == "pin-only-at-setup")
        #expect(!options.capabilities.contains(.uiPrompts) && !options.capabilities.contains(.appRestart))
        #expect(options.capabilities.contains(.virtualClock))
        #expect(options.lineLimit == 4096)
        #expect(try ReferenceOptions.parse([]).capabilities == Capability.allCases)
        let protocol0 = try ReferenceOptions.parse(["--protocol-version", "0"])
        #expect(Set(protocol0.declaredCapabilities) == Capability.protocol0)
        #expect(try ReferenceOptions.parse([]).lineLimit == AdapterServer.defaultLineLimit)
        #expect(throws: ReferenceOptions.ParseError.self) { try ReferenceOptions.parse(["--mutant", "nope"]) }
        #expect(throws: ReferenceOptions.ParseError.self) { try ReferenceOptions.parse(["--mutant"]) }
        #expect(throws: ReferenceOptions.ParseError.self) { try ReferenceOptions.parse(["--disable-capability", "x"]) }
        #expect(throws: ReferenceOptions.ParseError.self) { try ReferenceOptions.parse(["--line-limit", "0"]) }
        #expect(throws: ReferenceOptions.ParseError.self) { try ReferenceOptions.parse(["--frobnicate"]) }
    }

    @Test("the executable lists mutants (exit 0) and refuses an unknown one (exit 2)")
    func executableFlags() async throws {
        let (listing, listStatus) = try await onDedicatedThread { try Self.run(["--list-mutants"]) }
        #expect(listStatus == 0)
        let lines = listing.split(separator: "\n")
        #expect(lines.count == ReferenceMutant.available(in: SDKEdition(version: IntuneMAMVersionInfo.newest)!).count)
        #expect(lines.count < ReferenceMutant.all.count, "a mutant of an older SDK's behaviour is not listed for 21.7.1")
        #expect(lines.contains { $0.hasPrefix("sign-out-without-deregister\tRST-06,WIP-08\t") })
        let (_, badStatus) = try await onDedicatedThread { try Self.run(["--mutant", "no-such-bug"]) }
        #expect(badStatus == 2)
    }

    private static func run(_ arguments: [String]) throws -> (String, Int32) {
        let output = Pipe()
        let nothing = open("/dev/null", O_RDWR | O_CLOEXEC)
        defer { close(nothing) }
        let process = try SpawnedProcess([ReferenceAppTestRunner.executable.path] + arguments, stdin: nothing,
                                         stdout: output.fileHandleForWriting.fileDescriptor, stderr: nothing)
        try output.fileHandleForWriting.close()
        let data = readToEnd(output.fileHandleForReading.fileDescriptor)
        return (String(decoding: data, as: UTF8.self), process.waitForExit())
    }
}
