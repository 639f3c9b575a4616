import AdapterProtocol
import Foundation
import Testing
import TestSupport

/// A vendor's typed handler is checked by the compiler: these tests type-check a small handler written against
/// AdapterKit's built modules, as a vendor's test host would import them, once complete and once with a method left
/// unhandled or answered with another method's result.
@Suite(.enabled(if: VendorHandlerSource.modules != nil, "AdapterKit's built modules (a Modules folder beside the test binary) and swiftc are needed"))
struct TypedHandlerCompileTests {
    @Test func aHandlerThatAnswersEveryMethodCompiles() async throws {
        let result = try await VendorHandlerSource.typecheck(VendorHandlerSource.handler(leavingOut: nil))
        #expect(result.status == 0, "\(result.output)")
    }

    @Test func aHandlerThatLeavesAMethodUnhandledFailsToCompile() async throws {
        let result = try await VendorHandlerSource.typecheck(VendorHandlerSource.handler(leavingOut: .sdkPolicy))
        #expect(result.status != 0)
        #expect(result.output.contains("switch must be exhaustive"), "\(result.output)")
        #expect(result.output.contains(".sdkPolicy"), "\(result.output)")
    }

    @Test func aHandlerThatAnswersAMethodWithAnothersResultFailsToCompile() async throws {
        let source = VendorHandlerSource.handler(leavingOut: nil)
            .replacingOccurrences(of: "request.reply(ManagedResult(managed: false))", with: "request.reply(AllowedResult(allowed: false))")
        let result = try await VendorHandlerSource.typecheck(source)
        #expect(result.status != 0)
        #expect(result.output.contains("cannot convert value of type 'AllowedResult'"), "\(result.output)")
    }
}

/// The vendor handler the tests compile, and where the modules it imports are.
enum VendorHandlerSource {
    /// The build's `Modules` folder, beside the test binary, when it holds AdapterKit and swiftc is on the PATH.
    static let modules: String? = {
        let me = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var directory = URL(fileURLWithPath: me).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("Modules")
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("AdapterKit.swiftmodule").path) {
                let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
                let swiftc = path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/swiftc") }
                return swiftc ? candidate.path : nil
            }
            directory = directory.deletingLastPathComponent()
        }
        return nil
    }()

    /// A handler with one `case` per method (generated from the vocabulary, so it stays complete), `sdk.isManaged`
    /// answered with its result and the others refused; `leavingOut` drops one method's case.
    static func handler(leavingOut omitted: RunnerMethod?) -> String {
        let cases = RunnerMethod.allCases.filter { $0 != omitted && $0 != .sdkIsManaged }.map {
            "        case .\($0)(let request): throw RPCError(.methodNotFound, request.method.rawValue)"
        }
        return """
            import AdapterKit
            import AdapterProtocol

            final class VendorHost: TypedAdapterHandler {
                func handle(_ call: RunnerCall, server: AdapterServer) throws(RPCError) -> RunnerReply {
                    switch call {
                    case .sdkIsManaged(let request): return request.reply(ManagedResult(managed: false))
            \(cases.joined(separator: "\n"))
                    }
                }
            }

            """
    }

    /// `swiftc -typecheck` of `source` against the built modules: its exit status and what it printed.
    static func typecheck(_ source: String) async throws -> (status: Int32, output: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("typed-handler-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("VendorHost.swift")
        try source.write(to: file, atomically: true, encoding: .utf8)
        return try await runCommand(["swiftc", "-typecheck", "-swift-version", "6", "-I", try #require(modules), file.path])
    }
}
