/// The SDK version the engine behaves as where the editions differ (``SDKEdition``): the version the runtime was
/// configured with, the newest when it does not parse.
extension SDKEngine {
    var edition: SDKEdition { SDKEdition(version: configuration.sdkVersion) ?? .newest }
}
