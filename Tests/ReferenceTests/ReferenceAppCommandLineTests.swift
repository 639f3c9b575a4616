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
        #expect(lines.contains { $0.hasPrefix("sign-out-without-deregister\tRST-06,WIP-08,WIP-12\t") })
        let (_, badStatus) = try await onDedicatedThread { try Self.run(["--mutant", "no-such-bug"]) }
        #expect(badStatus == 2)
    }

    @Test("every SDK and app variant has a kebab-case name, requirement IDs, a source and a decision point")
    func variantRegistry() {
        let names = ReferenceVariant.all.map(\.name)
        #expect(names.count == SDKVariant.allCases.count + AppVariant.allCases.count)
        #expect(names.count >= 25)
        #expect(Set(names).count == names.count)
        #expect(Set(names).isDisjoint(with: ReferenceMutant.all.map(\.name)), "a name is a mutant or a variant, not both")
        for variant in ReferenceVariant.all {
            #expect(variant.name.allSatisfy { $0.isLowercase || $0 == "-" })
            #expect(!variant.requirementIDs.isEmpty)
            #expect(variant.source.range(of: #"^(00[0-4]:\d+|spec/intune-sdk-api\.md:\d+|adapter-protocol\.md:\d+)$"#,
                                         options: .regularExpression) != nil, "\(variant.name): source \(variant.source)")
            #expect(variant.decisionPoint.hasPrefix("sdk.") || variant.decisionPoint.hasPrefix("app."))
            #expect(variant.listingLine.split(separator: "\t", omittingEmptySubsequences: false).count == 5)
        }
        #expect(ReferenceVariant.named("unenroll-reported-before-wipe")?.reading == .sdk(.unenrollReportedBeforeWipe))
        #expect(ReferenceVariant.named("sign-out-deletes-data-then-deregisters-without-wipe")?.reading
                == .app(.signOutDeletesDataThenDeregistersWithoutWipe))
    }

    @Test("--variant is repeatable, one per decision point, and must exist on the SDK version asked for")
    func variantParsing() throws {
        let options = try ReferenceOptions.parse(["--variant", "error-string-on-success", "--variant=registered-accounts-newest-first",
                                                  "--variant", "signed-in-accounts-newest-first", "--mutant", "pin-only-at-setup"])
        #expect(options.variants.map(\.name) == ["error-string-on-success", "registered-accounts-newest-first", "signed-in-accounts-newest-first"])
        #expect(options.sdkVariants == [.errorStringOnSuccess, .registeredAccountsNewestFirst])
        #expect(options.appVariants == [.signedInAccountsNewestFirst])
        #expect(options.mutant?.name == "pin-only-at-setup")
        #expect(try ReferenceOptions.parse(["--variant", "error-string-on-success", "--variant", "error-string-on-success"]).variants.count == 1)
        let exclusive = #expect(throws: ReferenceOptions.ParseError.self) {
            try ReferenceOptions.parse(["--variant", "config-logged-in-other-words", "--variant", "config-values-not-logged"])
        }
        #expect(exclusive?.message == "variants 'config-logged-in-other-words' and 'config-values-not-logged' exclude each other: both decide sdk.logging.configLines")
        #expect(throws: ReferenceOptions.ParseError.self) { try ReferenceOptions.parse(["--variant", "nope"]) }
        #expect(throws: ReferenceOptions.ParseError.self) { try ReferenceOptions.parse(["--variant"]) }
        #expect(throws: ReferenceOptions.ParseError.self) {
            try ReferenceOptions.parse(["--variant", "second-organization-account-switches-in-unmanaged"])
        }
        #expect(throws: ReferenceOptions.ParseError.self, "15.4.0 is the first release whose header answers NotAllowed") {
            try ReferenceOptions.parse(["--sdk-version", "15.4", "--variant", "second-organization-account-switches-in-unmanaged"])
        }
        let old = try ReferenceOptions.parse(["--sdk-version", "14.0", "--variant", "second-organization-account-switches-in-unmanaged"])
        #expect(old.sdkVariants == [.secondOrganizationAccountSwitchesInUnmanaged])
    }

    @Test("the executable lists the variants of the SDK version asked for (exit 0)")
    func executableListsVariants() async throws {
        let (listing, status) = try await onDedicatedThread { try Self.run(["--list-variants"]) }
        #expect(status == 0)
        let lines = listing.split(separator: "\n")
        #expect(lines.count == ReferenceVariant.available(in: SDKEdition(version: IntuneMAMVersionInfo.newest)!).count)
        #expect(lines.count >= 25)
        #expect(lines.contains { $0.hasPrefix("acknowledgement-retried-late\tRES-04\t000:672\tsdk.unenroll.acknowledgementRetryInterval\t") })
        let (old, _) = try await onDedicatedThread { try Self.run(["--sdk-version", "14.0", "--list-variants"]) }
        #expect(old.contains("second-organization-account-switches-in-unmanaged\t"))
        #expect(!listing.contains("second-organization-account-switches-in-unmanaged\t"))
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
