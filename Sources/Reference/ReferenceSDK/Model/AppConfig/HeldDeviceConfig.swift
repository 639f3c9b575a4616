/// The operating system's managed app configuration (MDM channel) as the SDK last read it.
///
/// Persisted in the SDK state so a relaunch compares what it reads with what the previous launch held:
/// the allowed-accounts notification is posted only when the value really changed (ALW-02).
struct HeldDeviceConfig: Codable, Equatable, Sendable {
    /// Key → value, every value a string (as the OS delivers Graph's app configuration settings).
    var values: [String: String]
    var version: String?
}
