import CurlHTTP
import Foundation

/// What a fork server (`mamconf-reference --fork-server`) does once so that every case it forks starts warm.
///
/// A new process pays for the first use of everything a case touches: type metadata and protocol conformances
/// looked up by the Swift runtime, the JSON coders' generic paths, reflection behind `"\(code)"`, libcurl's and
/// OpenSSL's initialisation. Measured with callgrind on one case, that first use was over half of the case's
/// instructions. Each step here runs the same code on sample data, on the calling thread only: a fork copies only
/// the calling thread, so nothing here may start one (the server checks before it forks).
public enum SDKWarmUp {
    /// Runs every step in `scratch` (a folder it may fill and leave), and returns how many samples went through
    /// their real code path: a test holds it to ``sampleCount``, so a sample the code no longer reads is noticed.
    @discardableResult
    public static func run(scratch: URL) -> Int {
        var warmed = 0
        // Log lines name status codes by case name, which reflection finds on first use.
        for code in IntuneMAMEnrollmentStatusCode.allCases { _ = "\(code)" }
        warmed += 1
        warmed += stateFiles(in: scratch)
        warmed += serviceBodies()
        // libcurl and OpenSSL set themselves up on first use: one request to a closed port on loopback goes through
        // the client's whole path (an IP address needs no resolver thread) and fails at once.
        let client = BlockingHTTPClient(timeouts: HTTPTimeouts(connect: .seconds(1), total: .seconds(2)))
        do { _ = try client.send(.json("POST", "http://127.0.0.1:1/warm-up", body: Data("{}".utf8), bearer: "t")) } catch { warmed += 1 }
        return warmed
    }

    /// How many samples ``run(scratch:)`` puts through when every one still decodes.
    public static let sampleCount = 6

    /// The state store opened over a state an enrolled app leaves behind (decoded), changed (encoded and written,
    /// keychain included), and opened again.
    private static func stateFiles(in scratch: URL) -> Int {
        let state = scratch.appendingPathComponent("sdk/state.json")
        let keychain = scratch.appendingPathComponent("keychain/intune-mam.json")
        do {
            try FileManager.default.createDirectory(at: state.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(sampleState.utf8).write(to: state)
        } catch {
            return 0
        }
        let log = SDKLog { _, _ in }
        let store = SDKStateStore(fileURL: state, keychainURL: keychain, log: log)
        guard store.snapshot.enrolledAccountId != nil else { return 0 }
        store.mutate { $0.lastCheckInAt = Date(timeIntervalSince1970: 1_767_312_000) }
        let reopened = SDKStateStore(fileURL: state, keychainURL: keychain, log: log)
        return reopened.snapshot.policyJSON != nil ? 1 : 0
    }

    /// A check-in answer and its policy as the service client reads them, and a request body as it writes one.
    private static func serviceBodies() -> Int {
        var warmed = 0
        if let object = (try? JSONSerialization.jsonObject(with: Data(sampleCheckIn.utf8))) as? [String: Any],
           let policy = object["policy"] as? [String: Any],
           let policyData = try? JSONSerialization.data(withJSONObject: policy, options: [.sortedKeys]) {
            warmed += 1
            if MAMServicePolicy(settingsJSON: policyData, policyVersion: object["policyVersion"] as? String) != nil { warmed += 1 }
        }
        let event = TelemetryEvent(name: "checkin", time: "2026-01-02T00:00:00Z", sdkVersion: "s", appVersion: "a",
                                   bundleId: "b", checkIn: TelemetryEvent.CheckIn(statusCode: 100, policyVersion: nil))
        let body = MAMServiceRequest.Telemetry(accountId: "a", deviceTag: "d", events: [event])
        if let text = try? MAMServiceClient.requestBody(body),
           (try? JSONDecoder().decode(TelemetryEvent.self, from: MAMServiceClient.requestBody(event))) == event,
           !text.isEmpty {
            warmed += 1
        }
        return warmed
    }

    /// The SDK state file of an app enrolled with a PIN policy, as the reference writes it.
    static let sampleState = """
        {"appConfig":{"accountId":"5b7c1f0e-2d4a-4c8e-9f31-6a2b8d0e4c11","data":[],"version":"09612b07b5ecb5a5"},\
        "deviceConfig":{"values":{},"version":"08f44b07b5901a25"},"deviceTag":"72252012-1a45-4656-9415-d18549418a80",\
        "enrolledAccountId":"5b7c1f0e-2d4a-4c8e-9f31-6a2b8d0e4c11","enrolledUPN":"alice@contoso.example","fileOwners":{},\
        "formatVersion":1,"lastAccessCheckAt":1767225600,"lastCheckInAt":1767283200,"lastCheckInAttemptAt":1767283200,\
        "launchedBuild":{"appVersion":"1.0","sdkVersion":"21.7.1"},"nextCheckInAt":1767312000,\
        "pin":{"accountId":"5b7c1f0e-2d4a-4c8e-9f31-6a2b8d0e4c11","hash":"7d453583e13d809d","salt":"dc1cc9f100c501639827bd5983536122"},\
        "policyJSON":"{\\"allowedOutboundDataTransferDestinations\\":\\"managedApps\\",\\"minimumPinLength\\":4,\\"pinRequired\\":true,\\"saveAsBlocked\\":true}",\
        "policyVersion":"2d3d8aeb-4cd7-4a86-974d-89c1cc01ed03:1",\
        "registeredAccounts":[{"accountId":"5b7c1f0e-2d4a-4c8e-9f31-6a2b8d0e4c11","upn":"alice@contoso.example"}],\
        "tokenCache":[{"accountId":"5b7c1f0e-2d4a-4c8e-9f31-6a2b8d0e4c11","upn":"alice@contoso.example","accessToken":"t",\
        "expiresAt":1767312000}]}
        """

    /// A check-in answer carrying a policy, app configuration and no command.
    static let sampleCheckIn = """
        {"policyVersion":"p:1","policy":{"allowedDataStorageLocations":["oneDriveForBusiness"],\
        "allowedOutboundDataTransferDestinations":"managedApps","minimumPinLength":4,"pinRequired":true,\
        "periodOfflineBeforeAccessCheck":"PT12H","saveAsBlocked":true,"version":"1"},\
        "appConfig":[{"key":"k","value":"v"}],"appConfigVersion":"c:1","commands":[]}
        """
}
