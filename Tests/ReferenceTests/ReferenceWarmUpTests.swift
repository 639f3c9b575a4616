import Foundation
import ReferenceApp
import ReferenceSDK
import Testing

/// The fork server's warm-up (`mamconf-reference --fork-server`) works only while its samples still go through the
/// code they are meant to warm: a state file, service answer or request the code no longer reads would silently warm
/// nothing.
@Suite struct ReferenceWarmUpTests {
    @Test func everyWarmUpSampleGoesThroughItsRealCodePath() {
        #expect(ReferenceWarmUp.run() == ReferenceWarmUp.sampleCount)
    }

    @Test func theSDKPartWarmsEverySample() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("mamconf-sdk-warm-up-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        #expect(SDKWarmUp.run(scratch: scratch) == SDKWarmUp.sampleCount)
    }

    @Test func theForkServerServesStdioOnly() throws {
        #expect(try ReferenceOptions.parse(["--fork-server"]).forkServer)
        #expect(throws: ReferenceOptions.ParseError.self) { try ReferenceOptions.parse(["--fork-server", "--listen", "0"]) }
    }
}
