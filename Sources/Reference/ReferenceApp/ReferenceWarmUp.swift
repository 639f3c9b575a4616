import AdapterKit
import AdapterProtocol
import CurlHTTP
import Foundation
import Locking
import ReferenceSDK

/// What `mamconf-reference --fork-server` does once before it forks cases: the SDK's warm-up (``SDKWarmUp``), the
/// app's account file, and the adapter protocol's decoding of the requests nearly every case sends. Runs on the
/// calling thread only and starts no thread (see ``SDKWarmUp``).
public enum ReferenceWarmUp {
    /// Runs it in a scratch folder it removes again; returns how many samples went through their real code path
    /// (a test holds it to ``sampleCount``).
    ///
    /// - Parameter options: the server's command line, as each case's bridge is built from it.
    @discardableResult
    public static func run(options: ReferenceOptions = ReferenceOptions()) -> Int {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("mamconf-warm-up-\(getpid())")
        defer { try? FileManager.default.removeItem(at: scratch) }
        var warmed = SDKWarmUp.run(scratch: scratch)
        // The app's account file: written, then read back as a restart reads it.
        let accounts = AccountStore(dataDirectory: scratch)
        accounts.upsert(SignedInAccount(accountId: "5b7c1f0e-2d4a-4c8e-9f31-6a2b8d0e4c11", upn: "alice@contoso.example",
                                        tenantId: "t", accessToken: "a", refreshToken: "r", expiresAt: Date(timeIntervalSince1970: 1_767_312_000)))
        let reread = AccountStore(dataDirectory: scratch)
        // Looked up and removed as a sign-out does: an optional account, which a launch then destroys.
        if reread.accounts.count == 1, reread.account("5b7c1f0e-2d4a-4c8e-9f31-6a2b8d0e4c11") != nil,
           reread.remove("5b7c1f0e-2d4a-4c8e-9f31-6a2b8d0e4c11") != nil { warmed += 1 }
        // What every case builds before its first request: the server over its descriptors (never run here, so it
        // reads nothing and starts no thread) and the bridge with its binding and host. Their first construction looks
        // up generic type metadata by its mangled name, which perf showed every forked case paying again (0.5 ms a
        // case for the server alone).
        _ = AdapterServer(input: -1, output: -1, diagnostics: { _ in })
        _ = ReferenceBridge(options: options, environment: [:])
        // The app's launch latch: its generic type, instantiated by each case's app, was 1% of a forked case's samples.
        _ = Latch<IntuneMAMLaunchState>()
        // The server's set of reader threads: its first insertion, in every case, looked up the set's storage type.
        var readers: Set<UInt> = []
        if readers.insert(UInt(bitPattern: Int(getpid()))).inserted { warmed += 1 }
        // The token endpoint's answers, granted and refused, as a sign-in decodes them.
        if case .success = TokenEndpoint.grant(status: 200, body: Data(sampleTokenAnswer.utf8)),
           case .failure(let refusal) = TokenEndpoint.grant(status: 400, body: Data(sampleTokenRefusal.utf8)),
           refusal.protectionPolicyRequired {
            warmed += 1
        }
        // Every message type of the protocol through the coders the binding and AdapterKit use.
        warmed += ProtocolWarmUp.run()
        for line in sampleRequests {
            guard case .request(_, let method, let params)? = try? Message.decode(line: Data(line.utf8)),
                  (try? RunnerCall(method: method, params: params)) != nil else { continue }
            warmed += 1
        }
        return warmed
    }

    /// Whether the process's HTTP pool (``BlockingHTTPClientPool/shared``) has opened no connection yet. The fork server
    /// checks it after the warm-up: a connection kept open when it forks would be one socket shared by every case.
    public static var processPoolIsUnused: Bool { BlockingHTTPClientPool.shared.connectionsOpened == 0 }

    /// How many samples ``run()`` puts through when every one still decodes.
    public static var sampleCount: Int { SDKWarmUp.sampleCount + 3 + ProtocolWarmUp.typeCount + sampleRequests.count }

    /// A password grant as the mock's token endpoint answers it.
    static let sampleTokenAnswer = #"{"access_token":"a","refresh_token":"r","expires_in":3600,"token_type":"Bearer","account":{"oid":"5b7c1f0e-2d4a-4c8e-9f31-6a2b8d0e4c11","upn":"alice@contoso.example","tid":"t"}}"#

    /// A grant refused for app-protection Conditional Access.
    static let sampleTokenRefusal = #"{"error":"invalid_grant","error_description":"AADSTS53005","suberror":"protection_policy_required"}"#

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
