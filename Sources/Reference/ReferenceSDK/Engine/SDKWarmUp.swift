import CurlHTTP
import Foundation
import Locking

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
        warmed += timerTable()
        warmed += engine(in: scratch)
        // libcurl and OpenSSL set themselves up on first use: one request to a closed port on loopback goes through
        // the client's whole path (an IP address needs no resolver thread) and fails at once.
        let client = BlockingHTTPClient(timeouts: HTTPTimeouts(connect: .seconds(1), total: .seconds(2)))
        do { _ = try client.send(.json("POST", "http://127.0.0.1:1/warm-up", body: Data("{}".utf8), bearer: "t")) } catch { warmed += 1 }
        return warmed
    }

    /// How many samples ``run(scratch:)`` puts through when every one still decodes.
    public static let sampleCount = 9

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
        // The held policy, read as a check-in reads it (an optional policy, looked up by name when first destroyed).
        return reopened.read({ $0.policy })?.isPINRequired == true ? 1 : 0
    }

    /// A check-in answer and its policy as the service client reads them, and a request body as it writes one.
    private static func serviceBodies() -> Int {
        var warmed = 0
        if let object = (try? JSONSerialization.jsonObject(with: Data(sampleCheckIn.utf8))) as? [String: Any],
           let policy = object["policy"] as? [String: Any],
           let policyData = try? PolicyJSON.data(policy) {
            warmed += 1
            if MAMServicePolicy(settingsJSON: policyData, policyVersion: object["policyVersion"] as? String) != nil { warmed += 1 }
        }
        // Every body type: each one's coding keys are looked up by name on its first encoding.
        let event = TelemetryEvent(name: "checkin", time: "2026-01-02T00:00:00Z", sdkVersion: "s", appVersion: "a",
                                   bundleId: "b", checkIn: TelemetryEvent.CheckIn(statusCode: 100, policyVersion: nil))
        let bodies: [any Encodable] = [
            MAMServiceRequest.Enroll(accountId: "a", upn: "u", bundleId: "b", deviceTag: "d", sdkVersion: "s", appVersion: "a"),
            MAMServiceRequest.CheckIn(accountId: "a", deviceTag: "d", policyVersion: nil),
            MAMServiceRequest.Unenroll(accountId: "a", deviceTag: "d"),
            MAMServiceRequest.Telemetry(accountId: "a", deviceTag: "d", events: [event]),
        ]
        if bodies.allSatisfy({ (try? MAMServiceClient.requestBody($0))?.isEmpty == false }),
           (try? JSONDecoder().decode(TelemetryEvent.self, from: MAMServiceClient.requestBody(event))) == event {
            warmed += 1
        }
        if MAMServiceClient.tokenGrant(from: Data(sampleTokenAnswer.utf8)) != nil { warmed += 1 }
        return warmed
    }

    /// A runtime built over a fresh data folder and terminated, as every case's is: its engine's construction looks up
    /// the generic types of its flows and links by name (perf: 0.2 ms of each forked case). Nothing is launched, and the
    /// virtual clock runs no timer thread, so no thread starts. The runtime is kept, never freed: freeing it started a
    /// dispatch worker thread (likely to destroy its work queue's specific value; the server then refused to fork,
    /// EBUSY), and the server must have no thread but its own when it forks.
    private static func engine(in scratch: URL) -> Int {
        let service = URL(string: "http://127.0.0.1:1/warm-up")!
        let configuration = IntuneMAMRuntimeConfiguration(
            bundleId: "com.contoso.warmup", dataDirectory: scratch.appendingPathComponent("engine", isDirectory: true),
            tokenURL: service, mamServiceURL: service, mamResource: "https://msmamservice.api.application",
            clientId: "c", clock: VirtualClock(now: Date(timeIntervalSince1970: 1_767_225_600)))
        let runtime = IntuneMAMRuntime(configuration: configuration, platform: SilentPlatform())
        let alive = runtime.engine.isAlive
        runtime.terminate()
        kept.withLock { $0.append(runtime) }
        return alive && !runtime.engine.isAlive ? 1 : 0
    }

    /// The warm-up's runtime, kept for the life of the process (see ``engine(in:)``).
    private static let kept = Locked<[IntuneMAMRuntime]>([])

    /// A platform that shows nothing and answers no prompt: the warm-up's runtime never asks it anything.
    private final class SilentPlatform: IntuneMAMPlatform {
        func showRestartDialog(message: String) {}
        func promptPIN(setup: Bool, accountId: String, minimumLength: Int) -> String? { nil }
        func promptSignIn(hint: String?) -> (upn: String, password: String)? { nil }
        func terminateAndRelaunch() {}
        func didShow(_ ui: IntuneMAMShownUI, accountId: String?) {}
        func log(level: IntuneMAMLogLevel, message: String) {}
    }

    /// The timers' table gets its first entry in every case that enrolls.
    private static func timerTable() -> Int {
        var armed: [SDKTimers.Slot: MAMTimer] = [:]
        armed.updateValue(MAMTimer {}, forKey: .checkIn)
        return armed.removeValue(forKey: .checkIn) == nil ? 0 : 1
    }

    /// A token endpoint's answer to the SDK's own sign-in.
    static let sampleTokenAnswer = """
        {"access_token":"t","refresh_token":"r","expires_in":3600,"token_type":"Bearer",\
        "account":{"oid":"5b7c1f0e-2d4a-4c8e-9f31-6a2b8d0e4c11","upn":"alice@contoso.example","tid":"t1"}}
        """

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
