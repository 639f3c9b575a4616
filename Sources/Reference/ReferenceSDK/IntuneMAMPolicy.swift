import Foundation

/// The app protection policy that applies to one managed account (`IntuneMAMPolicy`).
///
/// Only the settings the simulation enforces are typed; every setting the service sent is available as
/// raw JSON for apps (and bridges) that want to show it.
public protocol IntuneMAMPolicy: Sendable {
    /// "PIN for access": the SDK asks for a PIN at launch; the app must not show its own.
    var isPINRequired: Bool { get }
    /// Minimum PIN length (policy `minimumPinLength`, default 4).
    var minimumPinLength: Int { get }
    /// Wrong PIN tries allowed before the launch is blocked (policy `maximumPinRetries`, default 5).
    var maximumPinRetries: Int { get }
    /// The service's version string (`<id>:<version>`), nil when it sent none.
    var policyVersion: String? { get }
    /// The policy object exactly as the MAM service sent it (settings plus `id` and `version`), UTF-8 JSON.
    var settingsJSON: Data { get }
}
