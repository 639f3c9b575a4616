/// Why the SDK asks the app to switch identity (`IntuneMAMIdentitySwitchReason`; values as in iOS).
public enum IntuneMAMIdentitySwitchReason: Int, Sendable, CaseIterable {
    /// The app was asked to open a URL owned by another identity.
    case openURL = 0
    /// The user cancelled conditional launch (for example the PIN on resume).
    case cancelConditionalLaunch = 1
    /// The app was handed documents owned by another identity.
    case documentImport = 2
}
