import AdapterProtocol
import Foundation
import ReferenceSDK

/// What `mamconf-reference --fork-server` does once before it forks cases: the SDK's warm-up (``SDKWarmUp``), the
/// app's account file, and the adapter protocol's decoding of the requests nearly every case sends. Runs on the
/// calling thread only and starts no thread (see ``SDKWarmUp``).
public enum ReferenceWarmUp {
    /// Runs it in a scratch folder it removes again; returns how many samples went through their real code path
    /// (a test holds it to ``sampleCount``).
    @discardableResult
    public static func run() -> Int {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("mamconf-warm-up-\(getpid())")
        defer { try? FileManager.default.removeItem(at: scratch) }
        var warmed = SDKWarmUp.run(scratch: scratch)
        // The app's account file: written, then read back as a restart reads it.
        let accounts = AccountStore(dataDirectory: scratch)
        accounts.upsert(SignedInAccount(accountId: "5b7c1f0e-2d4a-4c8e-9f31-6a2b8d0e4c11", upn: "alice@contoso.example",
                                        tenantId: "t", accessToken: "a", refreshToken: "r", expiresAt: Date(timeIntervalSince1970: 1_767_312_000)))
        if AccountStore(dataDirectory: scratch).accounts.count == 1 { warmed += 1 }
        // Every message type of the protocol through the coders the binding and AdapterKit use.
        warmed += ProtocolWarmUp.run()
        for line in sampleRequests {
            guard case .request(_, let method, let params)? = try? Message.decode(line: Data(line.utf8)),
                  (try? RunnerCall(method: method, params: params)) != nil else { continue }
            warmed += 1
        }
        return warmed
    }

    /// How many samples ``run()`` puts through when every one still decodes.
    public static var sampleCount: Int { SDKWarmUp.sampleCount + 1 + ProtocolWarmUp.typeCount + sampleRequests.count }

    /// Requests as the runner sends them in nearly every case.
    static let sampleRequests = [
        #"{"id":1,"jsonrpc":"2.0","method":"initialize","params":{"app":{"bundleId":"com.contoso.harnessapp","settings":{}},"backend":{"alternateClientId":"alt","authority":"http://127.0.0.1:1/t","clientId":"c","commonAuthority":"http://127.0.0.1:1/t/common","deviceConfigURL":"http://127.0.0.1:1/t/device/v1/managedAppConfig?bundleId=com.contoso.harnessapp","mamResource":"https://msmamservice.api.application","mamServiceURL":"http://127.0.0.1:1/t/mam/v1","tokenURL":"http://127.0.0.1:1/t/oauth2/v2.0/token"},"clock":{"mode":"virtual","now":"2026-01-01T00:00:00Z"},"dataDir":"/nonexistent","protocolVersion":"1"}}"#,
        #"{"id":2,"jsonrpc":"2.0","method":"app.launch","params":{}}"#,
        #"{"id":3,"jsonrpc":"2.0","method":"app.signIn","params":{"password":"p","upn":"alice@contoso.example"}}"#,
        #"{"id":4,"jsonrpc":"2.0","method":"sync","params":{}}"#,
        #"{"id":5,"jsonrpc":"2.0","method":"clock.advance","params":{"seconds":25200}}"#,
        #"{"id":6,"jsonrpc":"2.0","method":"app.state","params":{}}"#,
        #"{"id":7,"jsonrpc":"2.0","method":"shutdown","params":{}}"#,
    ]
}
