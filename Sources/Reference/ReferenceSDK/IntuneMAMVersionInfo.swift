/// The SDK version the simulation models (`IntuneMAMVersionInfo.sdkVersion` in the real SDK).
///
/// The API names, delegate methods and status codes follow the iOS SDK of this version.
public enum IntuneMAMVersionInfo {
    /// Dotted numeric version string, sent to the MAM service as `sdkVersion` unless the configuration
    /// overrides it.
    public static let sdkVersion = "21.7.1"
}
