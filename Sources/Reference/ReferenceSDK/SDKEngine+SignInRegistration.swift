import Foundation

/// Which of the app's Entra registrations and which authority the SDK's own sign-in uses (ENR-15): the app's runtime
/// overrides first, then the Info.plist (`ADALClientId`, `ADALAuthority`), then the SDK's default authority. The
/// overrides are kept across launches until the app clears them.
extension SDKEngine {
    /// Where and as whom the SDK asks the token endpoint.
    struct SignInRegistration: Sendable, Equatable {
        var clientId: String
        var tokenURL: URL
    }

    /// The registration in force now.
    var signInRegistration: SignInRegistration {
        let overrides = rules.signIn.usesRuntimeOverrides ? currentOverrides : nil
        let clientId = overrides?.clientId ?? configuration.clientId
        let authority = overrides?.authority.flatMap(URL.init(string:))
            ?? (rules.signIn.usesInfoPlistAuthority ? configuration.authority : nil)
            ?? configuration.defaultAuthority
        guard let authority else { return SignInRegistration(clientId: clientId, tokenURL: configuration.tokenURL) }
        return SignInRegistration(clientId: clientId, tokenURL: Self.tokenURL(of: authority))
    }

    /// The token endpoint of an authority (Entra's v2 endpoint).
    static func tokenURL(of authority: URL) -> URL {
        var text = authority.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        return URL(string: text + "/oauth2/v2.0/token") ?? authority
    }

    /// The overrides the app set and has not cleared.
    var currentOverrides: AADOverrides? {
        rules.signIn.overridesPersist ? store.read { $0.aadOverrides } : overridesInMemory
    }

    /// Sets (or with nil clears) one override; the others stay as they are.
    func setOverride(_ member: WritableKeyPath<AADOverrides, String?>, to value: String?) {
        let cleared = value == nil || value?.isEmpty == true
        if cleared && !rules.signIn.nilClearsOverride { return }
        func apply(_ held: AADOverrides?) -> AADOverrides? {
            var overrides = held ?? AADOverrides()
            overrides[keyPath: member] = cleared ? nil : value
            return overrides.isEmpty ? nil : overrides
        }
        if rules.signIn.overridesPersist {
            store.mutate { $0.aadOverrides = apply($0.aadOverrides) }
        } else {
            overridesInMemory = apply(overridesInMemory)
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
