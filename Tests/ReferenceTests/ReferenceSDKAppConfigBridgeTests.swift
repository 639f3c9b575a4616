import AdapterProtocol
import Foundation
import Testing

/// Targeted app configuration through `mamconf-reference` (the wire contract of
/// docs/adapter-protocol.md): `sdk.appConfig`, `sdk.appConfigValue`, `app-config-changed`, and
/// `ValuesToScrubFromLogging` arriving as an array in `initialize.app.settings`.
@Suite("ReferenceSDK targeted app configuration over the adapter protocol", .serialized)
struct ReferenceSDKAppConfigBridgeTests {
    @Test("config requests, the change notification and the scrubbed log over the wire")
    func overTheWire() async throws {
        let backend = try await ReferenceAppTestBackend.start()
        try await backend.createAppConfig(["ProjectName": "Orion-Codes", "MaxItems": "10", "FeatureX": "yes"])
        let dataDir = ReferenceAppEndToEndTests.temporaryDataDir()
        defer { try? FileManager.default.removeItem(atPath: dataDir) }
        let alice = backend.user("alice")
        let id = JSONValue.string(alice.objectId)
        let answers = try await onDedicatedThread { () throws -> (ReferenceAppTestRunner, [JSONValue], JSONValue) in
            let runner = try ReferenceAppTestRunner(dataDir: dataDir)
            runner.answers = ReferenceAppAllowedAccountsTests.answers
            _ = try runner.request(RunnerMethod.initialize.rawValue, backend.initializeParams(
                dataDir: dataDir, values: ["ValuesToScrubFromLogging": ["Orion-Codes"], "MAMTelemetryDisabled": true]))
            _ = try runner.request(RunnerMethod.appLaunch.rawValue)
            var results = [try runner.request(RunnerMethod.sdkAppConfig.rawValue, ["accountId": id])]
            _ = try runner.request(RunnerMethod.appSignIn.rawValue, ["upn": .string(alice.upn), "password": .string(alice.password)])
            _ = try runner.request(RunnerMethod.sync.rawValue)
            results.append(try runner.request(RunnerMethod.sdkAppConfig.rawValue, ["accountId": id]))
            results.append(try runner.request(RunnerMethod.sdkAppConfigValue.rawValue, ["accountId": id, "key": "MaxItems", "type": "number", "query": "max"]))
            results.append(try runner.request(RunnerMethod.sdkAppConfigValue.rawValue, ["accountId": id, "key": "FeatureX", "type": "bool", "query": "and"]))
            results.append(try runner.request(RunnerMethod.sdkAppConfigValue.rawValue, ["accountId": id, "key": "ProjectName", "type": "string"]))
            results.append(try runner.request(RunnerMethod.sdkAppConfigValue.rawValue, ["accountId": id, "key": "Missing", "type": "string", "query": "min"]))
            var badQuery: JSONValue = .null
            do {
                _ = try runner.request(RunnerMethod.sdkAppConfigValue.rawValue, ["accountId": id, "key": "FeatureX", "type": "bool", "query": "max"])
            } catch {
                badQuery = .string("\(error)")
            }
            _ = try runner.request(RunnerMethod.shutdown.rawValue)
            _ = runner.finish()
            return (runner, results, badQuery)
        }
        await backend.stop()
        let (runner, results, badQuery) = answers
        #expect(results[0] == ["fullData": []])
        #expect(results[1] == ["fullData": [["ProjectName": "Orion-Codes", "MaxItems": "10", "FeatureX": "yes"]]])
        #expect(results[2] == ["value": 10, "all": [10], "hasConflict": false])
        #expect(results[3] == ["value": true, "all": [true], "hasConflict": false])
        #expect(results[4]["value"] == "Orion-Codes")
        #expect(results[5] == ["value": .null, "all": [], "hasConflict": false])
        #expect(badQuery.stringValue?.contains("-32602") == true, "\(badQuery)")
        #expect(runner.seen.filter { $0.isEvent(EventMethod.notification.rawValue, ["name": "app-config-changed", "accountId": id]) }.count == 1)
        let logs = runner.seen.compactMap { seen -> String? in
            guard case .event(EventMethod.log.rawValue, let params) = seen else { return nil }
            return params["message"]?.stringValue
        }
        #expect(logs.contains("sdk: app config MaxItems=10"))
        #expect(logs.contains("sdk: app config ProjectName=***"))
        #expect(!logs.contains { $0.contains("Orion-Codes") })
    }
}
