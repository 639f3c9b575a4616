/// The engine answers the launch's lifecycle steps with its own functions (`SDKEngine+Update.swift`,
/// `SDKEngine+CheckIn.swift`, `SDKEngine+Timers.swift`) until those flows are types of their own.
extension SDKEngine: LaunchLifecycle {}
