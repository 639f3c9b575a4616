/// Identity-related entry points of the simulated SDK that the real SDK gets from the operating system by
/// hooking the app (URL and document hand-offs, returning to the foreground), and the data protection
/// manager.
extension IntuneMAMRuntime {
    /// `IntuneMAMDataProtectionManager.instance` (stateless; every instance protects for this runtime).
    public var dataProtectionManager: IntuneMAMDataProtectionManager {
        IntuneMAMDataProtectionManager(engine: engine)
    }

    /// The operating system hands the app a URL owned by `accountId` ("" = unmanaged). When that is not the
    /// UI identity the SDK asks the policy delegate to switch (reason open-url) and switches on success
    /// (IDS-06). `completion` runs on the SDK's queue.
    public func applicationOpenURL(ownedBy accountId: String,
                                   completion: @escaping @Sendable (IntuneMAMOpenOutcome) -> Void) {
        engine.handoff.handOff(ownedBy: accountId, reason: .openURL, completion: completion)
    }

    /// As ``applicationOpenURL(ownedBy:completion:)`` for documents handed to the app (reason document-import).
    public func applicationImportDocument(ownedBy accountId: String,
                                         completion: @escaping @Sendable (IntuneMAMOpenOutcome) -> Void) {
        engine.handoff.handOff(ownedBy: accountId, reason: .documentImport, completion: completion)
    }

    /// The app returns to the foreground: conditional launch runs again for a managed UI identity; cancelling
    /// it in a multi-identity app asks the app to switch to an unmanaged identity (reason
    /// cancel-conditional-launch). `completion` gets the resulting launch state on the SDK's queue.
    public func applicationWillEnterForeground(completion: @escaping @Sendable (IntuneMAMLaunchState) -> Void) {
        engine.handoff.resume(completion: completion)
    }
}
