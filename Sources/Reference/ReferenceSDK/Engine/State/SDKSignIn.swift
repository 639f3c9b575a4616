import Foundation
import Locking

/// Which of the app's Entra registrations and which authority the SDK's own sign-in uses (ENR-15), and the runtime
/// overrides that decide it: the state of the sign-in flow.
///
/// The app's runtime overrides come first, then the Info.plist (`ADALClientId`, `ADALAuthority`), then the SDK's
/// default authority. The overrides live in the persisted state, so they are kept across launches until the app
/// clears them; where that rule is broken, they are held in memory only and a restart forgets them.
final class SDKSignIn: Sendable {
    /// Where and as whom the SDK asks the token endpoint.
    struct Registration: Sendable, Equatable {
        var clientId: String
        var tokenURL: URL
    }

    private let configuration: IntuneMAMRuntimeConfiguration
    private let rules: SDKRules.SignIn
    private let store: SDKStateStore
    private let log: SDKLog
    /// Only where the overrides do not persist: the overrides, gone with this runtime.
    private let inMemory = Locked<AADOverrides?>(nil)

    init(configuration: IntuneMAMRuntimeConfiguration, rules: SDKRules.SignIn, store: SDKStateStore, log: SDKLog) {
        self.configuration = configuration
        self.rules = rules
        self.store = store
        self.log = log
    }

    /// The registration in force now.
    var registration: Registration {
        let overrides = rules.usesRuntimeOverrides ? self.overrides : nil
        let clientId = overrides?.clientId ?? configuration.clientId
        let authority = overrides?.authority.flatMap(URL.init(string:))
            ?? (rules.usesInfoPlistAuthority ? configuration.authority : nil)
            ?? configuration.defaultAuthority
        guard let authority else { return Registration(clientId: clientId, tokenURL: configuration.tokenURL) }
        return Registration(clientId: clientId, tokenURL: Self.tokenURL(of: authority))
    }

    /// The token endpoint of an authority (Entra's v2 endpoint).
    static func tokenURL(of authority: URL) -> URL {
        var text = authority.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        return URL(string: text + "/oauth2/v2.0/token") ?? authority
    }

    /// The overrides the app set and has not cleared.
    var overrides: AADOverrides? {
        rules.overridesPersist ? store.read { $0.aadOverrides } : inMemory.read { $0 }
    }

    /// Sets (or with nil clears) one override; the others stay as they are.
    func setOverride(_ member: WritableKeyPath<AADOverrides, String?>, to value: String?) {
        let cleared = value == nil || value?.isEmpty == true
        if cleared && !rules.nilClearsOverride { return }
        func apply(_ held: inout AADOverrides?) {
            var overrides = held ?? AADOverrides()
            overrides[keyPath: member] = cleared ? nil : value
            held = overrides.isEmpty ? nil : overrides
        }
        if rules.overridesPersist {
            store.mutate { apply(&$0.aadOverrides) }
        } else {
            inMemory.withLock { apply(&$0) }
        }
        log.info("sign-in override \(Self.overrideName(member)) \(cleared ? "cleared" : "set to \(value ?? "")")")
    }

    private static func overrideName(_ member: WritableKeyPath<AADOverrides, String?>) -> String {
        switch member {
        case \AADOverrides.clientId: return "aadClientIdOverride"
        case \AADOverrides.authority: return "aadAuthorityUriOverride"
        default: return "aadRedirectUriOverride"
        }
    }
}
