/// The gates of conditional launch, built once by the engine and handed together to the flows that run them (the
/// launch, an identity switch, a return to the foreground), each of which composes them in its own order.
struct LaunchGates: Sendable {
    let offline: OfflineGate
    let device: DeviceGate
    let credentials: CredentialsGate
    let pin: PINGate
    /// When access was last proved, and whether that still counts.
    let recheck: AccessRecheck
}
